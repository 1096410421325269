import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { LinkPreviewDto } from '@app/contracts';

/** Where a message stands, as a preview frame names it. */
export interface PreviewedMessage {
  roomId: number;
  messageId: number;
  seq: number;
  senderId: number;
}

export interface PreviewOwner extends PreviewedMessage {
  removed: boolean;
  hasPreview: boolean;
}

/** The link preview columns of messages. */
@Injectable()
export class LinkPreviewsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a fetched preview on the message, if it still reads as it did when the fetch began
   * (an edit meanwhile resolves its own link), is still there, and its sender did not remove
   * the preview. Null when it no longer fits.
   */
  async attach(messageId: number, content: string, preview: LinkPreviewDto): Promise<PreviewedMessage | null> {
    const { rows } = await this.knex().raw(
      `update messages set link_preview = ?
       where id = ? and content = ? and type = 'text' and removed_at is null and not link_preview_removed
       returning id, room_id, seq, sender_id`,
      [JSON.stringify(preview), messageId, content],
    );
    return rows[0] ? toPreviewed(rows[0]) : null;
  }

  async find(messageId: number): Promise<PreviewOwner | null> {
    const { rows } = await this.knex().raw('select id, room_id, seq, sender_id, removed_at, link_preview from messages where id = ?', [messageId]);
    const row = rows[0];
    return row ? { ...toPreviewed(row), removed: row.removed_at !== null, hasPreview: row.link_preview !== null } : null;
  }

  /** The sender's removal, for good: the preview goes and none is stored again. */
  async remove(messageId: number, senderId: number): Promise<boolean> {
    const { rows } = await this.knex().raw(
      `update messages set link_preview = null, link_preview_removed = true where id = ? and sender_id = ? and removed_at is null returning id`,
      [messageId, senderId],
    );
    return rows.length > 0;
  }

  /** Of these preview pictures, those a message still shows (a removed or edited-away preview shows none). */
  async imagesInUse(urls: string[]): Promise<string[]> {
    if (urls.length === 0) return [];
    const { rows } = await this.knex().raw(`select distinct link_preview->>'image' as url from messages where link_preview->>'image' = any(?::text[])`, [urls]);
    return rows.map((row: { url: string }) => row.url);
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

function toPreviewed(row: Record<string, unknown>): PreviewedMessage {
  return { messageId: Number(row.id), roomId: Number(row.room_id), seq: Number(row.seq), senderId: Number(row.sender_id) };
}
