import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { ChatExportPart } from '@app/contracts';

/**
 * One page of each part, keyed by id so a page is an index range: the rooms a person is in,
 * the messages they wrote (with their room's name), the reports they made and their notifications.
 */
const QUERIES: Record<ChatExportPart, string> = {
  rooms: `select r."id", r."name", r."type", r."category", r."origin", r."created_at", p."last_read_at"
    from "room_participants" p join "rooms" r on r."id" = p."room_id"
    where p."user_id" = ? and r."id" > ? order by r."id" limit ?`,
  messages: `select m."id", m."room_id", r."name" as "room_name", r."type" as "room_type", m."type", m."content",
      m."metadata", m."reply_to_id", m."created_at", m."edited_at", m."removed_at"
    from "messages" m join "rooms" r on r."id" = m."room_id"
    where m."sender_id" = ? and m."id" > ? order by m."id" limit ?`,
  reports: `select "id", "target_type", "target_id", "subject_user_id", "room_id", "reason", "note", "status", "outcome", "created_at", "resolved_at"
    from "reports" where "reporter_id" = ? and "id" > ? order by "id" limit ?`,
  notifications: `select "id", "type", "title", "content", "link", "room_id", "read_at", "created_at"
    from "notifications" where "user_id" = ? and "id" > ? order by "id" limit ?`,
};

/** What chat-svc holds of one person, read a page at a time for their data export. */
@Injectable()
export class ChatExportRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` rows of the part with ids past `after`, in id order. */
  async page(part: ChatExportPart, userId: number, after: number, limit: number): Promise<Array<Record<string, unknown> & { id: number | string }>> {
    return this.em.fork().execute(QUERIES[part], [userId, after, limit]);
  }
}
