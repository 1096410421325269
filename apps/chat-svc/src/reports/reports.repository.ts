import { Injectable } from '@nestjs/common';
import { EntityManager, type Knex } from '@mikro-orm/postgresql';
import type {
  ModerationAction,
  ReportEvidence,
  ReportOutcome,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from '@app/contracts';

export interface ReportRow {
  id: number;
  reporterId: number;
  targetType: ReportTargetType;
  targetId: number;
  subjectUserId: number | null;
  roomId: number | null;
  reason: ReportReason;
  note: string | null;
  evidence: ReportEvidence;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  resolution: ModerationAction | null;
  resolvedById: number | null;
  resolvedAt: Date | null;
  auditEntryId: number | null;
  createdAt: Date;
}

export type NewReport = Pick<ReportRow, 'reporterId' | 'targetType' | 'targetId' | 'subjectUserId' | 'roomId' | 'reason' | 'note' | 'evidence'>;

/** Stored; or refused: the reporter has an open report on this already, or must wait for the hourly limit. */
export type CreateResult = { report: ReportRow } | { duplicate: true } | { waitMs: number };

export interface QueueFilter {
  status?: ReportStatus;
  kind?: ReportTargetType;
  limit: number;
  offset: number;
}

export interface Resolution {
  outcome: ReportOutcome;
  action: ModerationAction;
  byId: number;
  auditEntryId: number;
}

/** Namespace of the advisory locks that take one reporter's reports one at a time. */
const REPORTER_LOCK = 0x7265706f;

@Injectable()
export class ReportsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores a report unless the reporter has an open one on the same target or reached the hourly
   * limit. The reporter's reports are counted and written under a lock of their own, so replicas
   * racing for one reporter never let an eleventh through.
   */
  async create(report: NewReport, perHour: number): Promise<CreateResult> {
    return this.knex().transaction(async (trx) => {
      await trx.raw('select pg_advisory_xact_lock(?, ?)', [REPORTER_LOCK, report.reporterId]);
      const open = await trx.raw(`select 1 from reports where reporter_id = ? and target_type = ? and target_id = ? and status = 'open'`, [
        report.reporterId,
        report.targetType,
        report.targetId,
      ]);
      if (open.rows.length > 0) return { duplicate: true as const };
      const window = await trx.raw(
        `select count(*)::int as sent, extract(epoch from (min(created_at) + interval '1 hour' - now())) * 1000 as wait_ms
         from reports where reporter_id = ? and created_at > now() - interval '1 hour'`,
        [report.reporterId],
      );
      if (window.rows[0].sent >= perHour) return { waitMs: Math.max(1000, Math.ceil(Number(window.rows[0].wait_ms))) };
      const { rows } = await trx.raw(
        `insert into reports (reporter_id, target_type, target_id, subject_user_id, room_id, reason, note, evidence)
         values (?, ?, ?, ?, ?, ?, ?, ?) returning *`,
        [
          report.reporterId,
          report.targetType,
          report.targetId,
          report.subjectUserId,
          report.roomId,
          report.reason,
          report.note,
          JSON.stringify(report.evidence),
        ],
      );
      return { report: toReport(rows[0]) };
    });
  }

  async findById(id: number): Promise<ReportRow | null> {
    const { rows } = await this.knex().raw('select * from reports where id = ?', [id]);
    return rows[0] ? toReport(rows[0]) : null;
  }

  async mine(reporterId: number, limit = 100): Promise<ReportRow[]> {
    const { rows } = await this.knex().raw('select * from reports where reporter_id = ? order by id desc limit ?', [reporterId, limit]);
    return rows.map(toReport);
  }

  /** The moderators' queue: open first, then oldest first. */
  async queue(filter: QueueFilter): Promise<ReportRow[]> {
    const query = this.knex()('reports').orderByRaw(`(status = 'open') desc, created_at asc, id asc`).limit(filter.limit).offset(filter.offset);
    if (filter.status) query.where('status', filter.status);
    if (filter.kind) query.where('target_type', filter.kind);
    return (await query).map(toReport);
  }

  /** Open reports per target ("message:42" -> 3). */
  async openCounts(targets: Array<{ targetType: ReportTargetType; targetId: number }>): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    const keys = [...new Set(targets.map(targetKey))];
    if (keys.length === 0) return counts;
    const { rows } = await this.knex().raw(
      `select target_type, target_id, count(*)::int as open from reports
       where status = 'open' and (target_type || ':' || target_id) = any(?) group by target_type, target_id`,
      [keys],
    );
    for (const row of rows) counts.set(`${row.target_type}:${row.target_id}`, row.open);
    return counts;
  }

  /**
   * Locks the open reports about one target, in id order so that moderators acting on the same
   * target at once never deadlock: the second waits, then finds them resolved.
   */
  async lockOpenOn(trx: Knex.Transaction, targetType: ReportTargetType, targetId: number): Promise<ReportRow[]> {
    const { rows } = await trx.raw(`select * from reports where target_type = ? and target_id = ? and status = 'open' order by id for update`, [
      targetType,
      targetId,
    ]);
    return rows.map(toReport);
  }

  async resolve(trx: Knex.Transaction, ids: number[], resolution: Resolution): Promise<void> {
    if (ids.length === 0) return;
    await trx.raw(
      `update reports set status = 'resolved', outcome = ?, resolution = ?, resolved_by_id = ?, resolved_at = now(), audit_entry_id = ?
       where id = any(?)`,
      [resolution.outcome, resolution.action, resolution.byId, resolution.auditEntryId, ids],
    );
  }

  async anyOn(targetType: ReportTargetType, targetId: number): Promise<boolean> {
    const { rows } = await this.knex().raw('select 1 from reports where target_type = ? and target_id = ? limit 1', [targetType, targetId]);
    return rows.length > 0;
  }

  /** Reports about a person (as the one responsible for what was reported). */
  async countAbout(userId: number): Promise<{ open: number; total: number }> {
    const { rows } = await this.knex().raw(
      `select count(*) filter (where status = 'open')::int as open, count(*)::int as total from reports where subject_user_id = ?`,
      [userId],
    );
    return { open: rows[0].open, total: rows[0].total };
  }

  private knex(): Knex {
    return this.em.getConnection().getKnex();
  }
}

export function targetKey(target: { targetType: ReportTargetType; targetId: number }): string {
  return `${target.targetType}:${target.targetId}`;
}

function toReport(row: Record<string, unknown>): ReportRow {
  return {
    id: row.id as number,
    reporterId: row.reporter_id as number,
    targetType: row.target_type as ReportTargetType,
    targetId: Number(row.target_id),
    subjectUserId: (row.subject_user_id as number | null) ?? null,
    roomId: (row.room_id as number | null) ?? null,
    reason: row.reason as ReportReason,
    note: (row.note as string | null) ?? null,
    evidence: row.evidence as ReportEvidence,
    status: row.status as ReportStatus,
    outcome: (row.outcome as ReportOutcome | null) ?? null,
    resolution: (row.resolution as ModerationAction | null) ?? null,
    resolvedById: (row.resolved_by_id as number | null) ?? null,
    resolvedAt: row.resolved_at ? new Date(row.resolved_at as string) : null,
    auditEntryId: (row.audit_entry_id as number | null) ?? null,
    createdAt: new Date(row.created_at as string),
  };
}
