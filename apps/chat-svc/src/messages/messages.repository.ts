import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { MessageFormatting, MessageMention, MessageType } from '@app/contracts';
import { Message } from './message.entity';
import { MessageInserts } from './message-inserts';
import { SendContexts, type SendContext } from './send-contexts';

export interface NewMessage {
  roomId: number;
  senderId: number;
  content: string;
  type: MessageType;
  formatting: MessageFormatting | null;
  metadata: Record<string, unknown> | null;
  clientId: string | null;
  /** Private rooms: the sender has read everything up to their own message. */
  markSenderRead: boolean;
  /** Mentions: the people the text mentions, resolved before the insert. */
  mentions?: MessageMention[];
  /** Private rooms: the other person has the chat open, so they have read it too (as of the message's time). */
  readerId?: number | null;
  /** A reply: the message of the same room it answers. */
  replyToId?: number | null;
  guard: SendGuard;
}

/** What the insert asks again under the room's lock before it stores a send (MessageInserts). */
export interface SendGuard {
  /** The room's version the send's checks were made against. */
  roomVersion: number;
  /** A public room: the sender has no mute in force. */
  askMute: boolean;
  /** A private room: the sender takes part, and no block stands between them and otherId. */
  askContact: boolean;
  otherId: number | null;
}

export interface PageQuery {
  before?: number;
  after?: number;
  afterSeq?: number;
  limit: number;
  /** Leaves out the senders this viewer blocked. */
  hideBlockedBy?: number;
}

@Injectable()
export class MessagesRepository {
  private readonly inserts = new MessageInserts(() => this.knex());
  private readonly contexts = new SendContexts(() => this.knex());

  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a message with the room's next sequence number (sends arriving together share a
   * statement: MessageInserts). The room row is locked by the update, so sequence numbers (and
   * ids) of a room grow in commit order, across replicas. Null when the sender already stored a
   * message with this client id; SendContextStale when the guard found what the checks read no
   * longer holds.
   */
  async insert(message: NewMessage): Promise<Message | null> {
    const row = await this.inserts.insert(message);
    return row && toMessage(row);
  }

  /**
   * The room, and what the rules of sending ask of its sender, in one round trip shared with the
   * sends that arrive meanwhile: whether they take part in it, their mute in force, a message
   * already stored under this client id, and in a private room the other person with the blocks
   * between them.
   */
  async sendContext(roomId: number, senderId: number, clientId: string | null): Promise<SendContext> {
    return this.contexts.read({ roomId, senderId, clientId });
  }

  /**
   * The send's context from what this replica kept of the room (no round trip; see
   * SendContexts.kept), for a send whose insert guards itself. Read fresh when nothing is kept.
   */
  keptSendContext(roomId: number, senderId: number): Promise<SendContext> {
    return this.contexts.kept({ roomId, senderId, clientId: null });
  }

  /** What was kept of the room no longer holds: its next send reads it again. */
  forgetSendRoom(roomId: number): void {
    this.contexts.forget(roomId);
  }

  async findById(messageId: number): Promise<Message | null> {
    const { rows } = await this.knex().raw('select * from messages where id = ?', [messageId]);
    return rows[0] ? toMessage(rows[0]) : null;
  }

  async findByIds(messageIds: number[]): Promise<Message[]> {
    if (messageIds.length === 0) return [];
    const { rows } = await this.knex().raw('select * from messages where id = any(?)', [messageIds]);
    return rows.map(toMessage);
  }

  /** New words for a sender's message that is still there; null when it was removed meanwhile. */
  async edit(
    messageId: number,
    senderId: number,
    change: { content: string; type: MessageType; mentions: MessageMention[]; /** The first link changed: its preview no longer fits. */ clearPreview: boolean },
  ): Promise<Message | null> {
    const { rows } = await this.knex().raw(
      `update messages set content = ?, type = ?, mentions = ?, edited_at = now(), link_preview = case when ? then null else link_preview end
       where id = ? and sender_id = ? and removed_at is null returning *`,
      [change.content, change.type, change.mentions.length ? JSON.stringify(change.mentions) : null, change.clearPreview, messageId, senderId],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  /** The sender takes their message back: emptied like a moderator's removal; null when it was removed already. */
  async removeBySender(messageId: number, senderId: number): Promise<Message | null> {
    const { rows } = await this.knex().raw(
      `update messages set content = '', type = 'text', formatting = null, metadata = null, mentions = null, link_preview = null, removed_at = now(), removed_by_id = sender_id
       where id = ? and sender_id = ? and removed_at is null returning *`,
      [messageId, senderId],
    );
    return rows[0] ? toMessage(rows[0]) : null;
  }

  async findByClientId(senderId: number, clientId: string): Promise<Message | null> {
    const { rows } = await this.knex().raw('select * from messages where sender_id = ? and client_id = ?', [senderId, clientId]);
    return rows[0] ? toMessage(rows[0]) : null;
  }

  /** A page of a room's history, oldest first. Without a cursor: the newest page. */
  async page(roomId: number, query: PageQuery): Promise<Message[]> {
    const knex = this.knex();
    const ofRoom = () => {
      const rows = knex('messages').where('room_id', roomId);
      if (query.hideBlockedBy !== undefined) rows.whereNotIn('sender_id', knex('user_blocks').select('blocked_id').where('blocker_id', query.hideBlockedBy));
      return rows;
    };
    if (query.afterSeq !== undefined) {
      return (await ofRoom().andWhere('seq', '>', query.afterSeq).orderBy('seq', 'asc').limit(query.limit)).map(toMessage);
    }
    if (query.after !== undefined) {
      return (await ofRoom().andWhere('id', '>', query.after).orderBy('id', 'asc').limit(query.limit)).map(toMessage);
    }
    const newest = ofRoom().orderBy('id', 'desc').limit(query.limit);
    if (query.before !== undefined) newest.andWhere('id', '<', query.before);
    return (await newest).map(toMessage).reverse();
  }

  /** The newest text messages of public rooms, newest first, long enough to be considered for the landing preview. */
  async recentPublicText(scan: number, minLength: number): Promise<Message[]> {
    const { rows } = await this.knex().raw(
      // VIP-only rooms never show on the landing page: everyone may read it.
      `select m.* from messages m join rooms r on r.id = m.room_id
       where r.type = 'public' and not r.vip_only and m.type = 'text' and m.removed_at is null and char_length(m.content) >= ?
       order by m.id desc limit ?`,
      [minLength, scan],
    );
    return rows.map(toMessage);
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

function toMessage(row: Record<string, unknown>): Message {
  const message = new Message();
  Object.assign(message, {
    id: Number(row.id),
    roomId: row.room_id,
    seq: row.seq,
    senderId: row.sender_id,
    content: row.content,
    type: row.type,
    formatting: row.formatting ?? null,
    metadata: row.metadata ?? null,
    clientId: row.client_id ?? null,
    createdAt: row.created_at,
    removedAt: row.removed_at ?? null,
    removedById: row.removed_by_id ?? null,
    editedAt: row.edited_at ?? null,
    mentions: row.mentions ?? null,
    replyToId: row.reply_to_id === null || row.reply_to_id === undefined ? null : Number(row.reply_to_id),
    linkPreview: row.link_preview ?? null,
    linkPreviewRemoved: row.link_preview_removed === true,
  });
  return message;
}
