import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type { AuditDetails, ModerationAction, ModerationNoticeKind, ReportOutcome, UserSummary } from '@app/contracts';
import type { Room } from '../rooms/room.entity';
import { toRoom } from '../rooms/rooms.repository';

export interface AuditRow {
  id: number;
  actorId: number;
  action: ModerationAction;
  targetUserId: number | null;
  reportId: number | null;
  messageId: number | null;
  roomId: number | null;
  reason: string;
  /** Who acted and on whom as they were named then, and what the action changed. */
  snapshot: { actor: UserSummary; target: UserSummary | null; details: AuditDetails };
  createdAt: Date;
}

export type NewAuditEntry = Omit<AuditRow, 'id' | 'createdAt'>;

export interface NoticeRow {
  id: number;
  userId: number;
  kind: ModerationNoticeKind;
  reason: string | null;
  endsAt: Date | null;
  reportId: number | null;
  outcome: ReportOutcome | null;
  createdAt: Date;
  readAt: Date | null;
}

export type NewNotice = Pick<NoticeRow, 'userId' | 'kind'> & Partial<Pick<NoticeRow, 'reason' | 'endsAt' | 'reportId' | 'outcome'>>;

export interface AuditFilter {
  userId?: number;
  before?: number;
  limit: number;
}

/** The audit list, the notices people get, and the changes moderators make to rooms and messages. */
@Injectable()
export class ModerationRepository {
  constructor(private readonly em: EntityManager) {}

  transaction<T>(work: (trx: Knex.Transaction) => Promise<T>): Promise<T> {
    return this.knex().transaction(work);
  }

  /** Blanks a message's content and marks it removed; null when it is gone or was removed already. */
  async removeMessage(trx: Knex.Transaction, messageId: number, byId: number): Promise<{ roomId: number; seq: number } | null> {
    const { rows } = await trx.raw(
      `update messages set content = '', type = 'text', formatting = null, metadata = null, link_preview = null, removed_at = now(), removed_by_id = ?
       where id = ? and removed_at is null returning room_id, seq`,
      [byId, messageId],
    );
    return rows[0] ? { roomId: rows[0].room_id, seq: rows[0].seq } : null;
  }

  async findRoom(roomId: number): Promise<Room | null> {
    const { rows } = await this.knex().raw('select * from rooms where id = ?', [roomId]);
    return rows[0] ? toRoom(rows[0]) : null;
  }

  /** Deletes a public room with its messages; false when it is already gone. */
  async deletePublicRoom(trx: Knex.Transaction, roomId: number): Promise<boolean> {
    const { rows } = await trx.raw(`delete from rooms where id = ? and type = 'public' returning id`, [roomId]);
    return rows.length > 0;
  }

  async insertAudit(trx: Knex.Transaction, entry: NewAuditEntry): Promise<AuditRow> {
    const { rows } = await trx.raw(
      `insert into moderation_audit (actor_id, action, target_user_id, report_id, message_id, room_id, reason, snapshot)
       values (?, ?, ?, ?, ?, ?, ?, ?) returning *`,
      [entry.actorId, entry.action, entry.targetUserId, entry.reportId, entry.messageId, entry.roomId, entry.reason, JSON.stringify(entry.snapshot)],
    );
    return toAudit(rows[0]);
  }

  /** Newest first; about one person when userId is given. */
  async audit(filter: AuditFilter): Promise<AuditRow[]> {
    const query = this.knex()('moderation_audit').orderBy('id', 'desc').limit(filter.limit);
    if (filter.userId !== undefined) query.where('target_user_id', filter.userId);
    if (filter.before !== undefined) query.where('id', '<', filter.before);
    return (await query).map(toAudit);
  }

  async countActions(userId: number, action: ModerationAction): Promise<number> {
    const { rows } = await this.knex().raw('select count(*)::int as n from moderation_audit where target_user_id = ? and action = ?', [userId, action]);
    return rows[0].n;
  }

  async insertNotices(trx: Knex.Transaction, notices: NewNotice[]): Promise<NoticeRow[]> {
    if (notices.length === 0) return [];
    const values = notices.map(() => '(?, ?, ?, ?, ?, ?)').join(', ');
    const params = notices.flatMap((n) => [n.userId, n.kind, n.reason ?? null, n.endsAt ?? null, n.reportId ?? null, n.outcome ?? null]);
    const { rows } = await trx.raw(
      `insert into moderation_notices (user_id, kind, reason, ends_at, report_id, outcome) values ${values} returning *`,
      params,
    );
    return rows.map(toNotice);
  }

  async notices(userId: number, limit: number): Promise<NoticeRow[]> {
    const { rows } = await this.knex().raw('select * from moderation_notices where user_id = ? order by id desc limit ?', [userId, limit]);
    return rows.map(toNotice);
  }

  async readNotices(userId: number, upToId: number): Promise<void> {
    await this.knex().raw('update moderation_notices set read_at = now() where user_id = ? and id <= ? and read_at is null', [userId, upToId]);
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

function toAudit(row: Record<string, unknown>): AuditRow {
  return {
    id: row.id as number,
    actorId: row.actor_id as number,
    action: row.action as ModerationAction,
    targetUserId: (row.target_user_id as number | null) ?? null,
    reportId: (row.report_id as number | null) ?? null,
    messageId: row.message_id == null ? null : Number(row.message_id),
    roomId: (row.room_id as number | null) ?? null,
    reason: row.reason as string,
    snapshot: row.snapshot as AuditRow['snapshot'],
    createdAt: new Date(row.created_at as string),
  };
}

function toNotice(row: Record<string, unknown>): NoticeRow {
  return {
    id: row.id as number,
    userId: row.user_id as number,
    kind: row.kind as ModerationNoticeKind,
    reason: (row.reason as string | null) ?? null,
    endsAt: row.ends_at ? new Date(row.ends_at as string) : null,
    reportId: (row.report_id as number | null) ?? null,
    outcome: (row.outcome as ReportOutcome | null) ?? null,
    createdAt: new Date(row.created_at as string),
    readAt: row.read_at ? new Date(row.read_at as string) : null,
  };
}
