import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_LANGUAGE,
  NOTIFICATION_DIGEST_GAP_MINUTES,
  wordIn,
  type Language,
  type NotificationDigestDueEvent,
  type NotificationDto,
  type NotificationType,
  type NotificationWording,
  type UnreadNotificationsDto,
  type UserSummary,
} from '@app/contracts';

export interface NewNotification {
  userId: number;
  type: NotificationType;
  /** Each worded in the reader's language when read, or text shown as it is (a message, a moderator's words). */
  title: NotificationWording | string;
  content: NotificationWording | string;
  sender: UserSummary | null;
  link: string;
  roomId: number | null;
  /** What it was made from; the same source never makes a second notification for the same person. */
  sourceKey: string;
}

export type DigestItem = NotificationDigestDueEvent['notifications'][number];

/** What a notification says as stored: worded (in the reader's language when read), or as text. */
interface WordsRow {
  title: string;
  content: string;
  title_words: NotificationWording | null;
  content_words: NotificationWording | null;
  /** The reader's, joined from chat_users (absent for a person chat-svc never heard of). */
  language: Language | null;
}

interface DigestRow extends WordsRow {
  id: number;
  user_id: number;
  type: NotificationType;
  link: string;
  created_at: Date;
}

interface NotificationRow extends WordsRow {
  id: number;
  user_id: number;
  type: NotificationType;
  sender: UserSummary | null;
  link: string;
  room_id: number | null;
  read_at: Date | null;
  created_at: Date;
}

@Injectable()
export class NotificationsRepository {
  constructor(private readonly em: EntityManager) {}

  /** Null when this source already notified this person. */
  async insert(n: NewNotification): Promise<NotificationDto | null> {
    // The text columns keep the English words: what notifications stored before wording were read by.
    const [title, titleWords] = stored(n.title);
    const [content, contentWords] = stored(n.content);
    const { rows } = await this.knex().raw(
      `insert into notifications (user_id, type, title, title_words, content, content_words, sender, link, room_id, source_key)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (user_id, source_key) do nothing returning *, ${READER_LANGUAGE}`,
      [n.userId, n.type, title, titleWords, content, contentWords, n.sender ? JSON.stringify(n.sender) : null, n.link, n.roomId, n.sourceKey],
    );
    return rows[0] ? toDto(rows[0] as NotificationRow) : null;
  }

  /** The notifications made from these sources say new words; answers them as changed. */
  async changeContent(sourceKeys: string[], content: string): Promise<Array<NotificationDto & { userId: number }>> {
    const { rows } = await this.knex().raw(
      `update notifications set content = ?, content_words = null where source_key = any(?) and content <> ? returning *, ${READER_LANGUAGE}`,
      [content, sourceKeys, content],
    );
    return (rows as NotificationRow[]).map((row) => ({ ...toDto(row), userId: row.user_id }));
  }

  /** Deletes the notifications made from these sources; answers each one's id and owner. */
  async removeBySource(sourceKeys: string[]): Promise<Array<{ id: number; userId: number }>> {
    const { rows } = await this.knex().raw('delete from notifications where source_key = any(?) returning id, user_id', [sourceKeys]);
    return (rows as Array<{ id: number; user_id: number }>).map((row) => ({ id: row.id, userId: row.user_id }));
  }

  /** Newest first, older than `before` when given; one more than asked tells whether a next page exists. */
  async page(userId: number, before: number | undefined, limit: number): Promise<NotificationDto[]> {
    const { rows } = await this.knex().raw(
      `select *, ${READER_LANGUAGE} from notifications where user_id = ? ${before ? 'and id < ?' : ''} order by id desc limit ?`,
      before ? [userId, before, limit] : [userId, limit],
    );
    return (rows as NotificationRow[]).map(toDto);
  }

  async ownerOf(id: number): Promise<number | null> {
    const { rows } = await this.knex().raw('select user_id from notifications where id = ?', [id]);
    return rows[0] ? (rows[0].user_id as number) : null;
  }

  /** Marks unread notifications read and answers the ids that changed: one, a chat's, or all of a person's. */
  async markRead(userId: number, where: { id?: number; roomId?: number }): Promise<number[]> {
    const filters = ['user_id = ?', 'read_at is null'];
    const params: number[] = [userId];
    if (where.id !== undefined) {
      filters.push('id = ?');
      params.push(where.id);
    }
    if (where.roomId !== undefined) {
      filters.push('room_id = ?');
      params.push(where.roomId);
    }
    const { rows } = await this.knex().raw(`update notifications set read_at = now() where ${filters.join(' and ')} returning id`, params);
    return (rows as Array<{ id: number }>).map((r) => r.id).sort((a, b) => a - b);
  }

  async unread(userId: number): Promise<UnreadNotificationsDto> {
    const { rows } = await this.knex().raw(
      'select room_id, count(*)::int as count from notifications where user_id = ? and read_at is null group by room_id order by room_id',
      [userId],
    );
    const groups = rows as Array<{ room_id: number | null; count: number }>;
    return {
      count: groups.reduce((sum, g) => sum + g.count, 0),
      rooms: groups.filter((g) => g.room_id !== null).map((g) => ({ roomId: g.room_id as number, count: g.count })),
    };
  }

  /**
   * The people due a digest: unread notifications older than the delay, never mailed, and no
   * digest within the gap. Their digest row is claimed (one statement, so two replicas never
   * both claim it) and the notifications marked as mailed; newest first per person.
   */
  async claimDigests(delaySeconds: number): Promise<Map<number, DigestItem[]>> {
    const { rows } = await this.knex().raw(
      `with due as (
         select distinct n.user_id from notifications n
         left join notification_digests d on d.user_id = n.user_id
         where n.read_at is null and n.digested_at is null and n.created_at <= now() - make_interval(secs => ?)
           and (d.sent_at is null or d.sent_at <= now() - make_interval(mins => ?))
         limit 200
       ), claimed as (
         insert into notification_digests (user_id, sent_at) select user_id, now() from due
         on conflict (user_id) do update set sent_at = excluded.sent_at
           where notification_digests.sent_at <= now() - make_interval(mins => ?)
         returning user_id
       )
       update notifications set digested_at = now()
       where user_id in (select user_id from claimed) and read_at is null and digested_at is null
       returning id, user_id, type, title, content, title_words, content_words, link, created_at, ${READER_LANGUAGE}`,
      [delaySeconds, NOTIFICATION_DIGEST_GAP_MINUTES, NOTIFICATION_DIGEST_GAP_MINUTES],
    );
    const due = new Map<number, DigestItem[]>();
    const sorted = (rows as Array<DigestRow>).sort((a, b) => b.id - a.id);
    for (const row of sorted) {
      const items = due.get(row.user_id) ?? [];
      items.push({ type: row.type, ...wordsOf(row), link: row.link, timestamp: new Date(row.created_at).toISOString() });
      due.set(row.user_id, items);
    }
    return due;
  }

  /** The other people of a private chat. */
  private knex() {
    return this.em.getConnection().getKnex();
  }
}

/** The language of the person a notification row belongs to, read with it. */
const READER_LANGUAGE = '(select u.language from chat_users u where u.id = notifications.user_id) as language';

/** The text and the wording (JSON) stored for what a notification says. */
function stored(said: NotificationWording | string): [string, string | null] {
  return typeof said === 'string' ? [said, null] : [wordIn(DEFAULT_LANGUAGE, said), JSON.stringify(said)];
}

/** A notification's title and content in its reader's language. */
function wordsOf(row: WordsRow): { title: string; content: string } {
  return {
    title: row.title_words ? wordIn(row.language, row.title_words) : row.title,
    content: row.content_words ? wordIn(row.language, row.content_words) : row.content,
  };
}

function toDto(row: NotificationRow): NotificationDto {
  return {
    id: row.id,
    type: row.type,
    ...wordsOf(row),
    sender: row.sender,
    link: row.link,
    roomId: row.room_id,
    timestamp: new Date(row.created_at).toISOString(),
    read: row.read_at !== null,
  };
}
