import { Injectable } from '@nestjs/common';
import type { Knex } from '@mikro-orm/postgresql';
import {
  AuthPatterns,
  canModerate,
  fieldMessage,
  ModerationMessages,
  muteDurationMs,
  reportOutcomeMessage,
  SanctionPatterns,
  type ActorDto,
  type AuditDetails,
  type AuditEntryDto,
  type AuditRequestDto,
  type DismissReportRequestDto,
  type LiftSanctionRequestDto,
  type ListReportsRequestDto,
  type MessageActionRequestDto,
  type ModerationAction,
  type ModerationActionResultDto,
  type ModerationNoticeDto,
  type ModerationReportDto,
  type ModerationUserRecordDto,
  type MuteUserRequestDto,
  type MyModerationStatusDto,
  type ReportOutcome,
  type ReportTargetType,
  type RoomActionRequestDto,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type SuspendUserRequestDto,
  type UserActionRequestDto,
  type UserSummary,
} from '@app/contracts';
import { fieldRefused, RpcCallError, RpcClient, RpcErrors } from '@app/server';
import { RpcException } from '@nestjs/microservices';
import { FanoutService } from '../fanout/fanout.service';
import { NotificationsService } from '../notifications/notifications.service';
import { messageSnapshot, roomSnapshot, toReportDto } from '../reports/report-views';
import { ReportedContentRepository } from '../reports/reported-content.repository';
import { ReportsRepository, targetKey, type ReportRow } from '../reports/reports.repository';
import { summaryOf } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { ModerationRepository, type AuditRow, type NewNotice, type NoticeRow } from './moderation.repository';
import { MutesRepository } from './mutes.repository';

const REPORTS_PAGE_DEFAULT = 50;
const AUDIT_PAGE_DEFAULT = 50;
const RECORD_AUDIT_ENTRIES = 20;
const NOTICES_SHOWN = 50;

/** One moderation action: what it is, on whom, why, and the reports it closes. */
interface Plan {
  action: ModerationAction;
  actor: ActorDto;
  reason: string;
  target: UserSummary | null;
  /** The thing whose open reports the action closes, and the report it was taken from (which must still be open). */
  closes?: { targetType: ReportTargetType; targetId: number; reportId?: number };
  messageId?: number;
  roomId?: number;
  outcome?: ReportOutcome;
}

/** What performing the action changed, whom to tell, and what to publish once it is committed. */
interface Effect {
  details?: AuditDetails;
  notices?: NewNotice[];
  published?: () => void | Promise<void>;
}

/**
 * Moderators' actions. Each one is a transaction: the open reports it closes are locked first,
 * then the change is made, recorded in the audit list and the reports resolved; people are told
 * only after the commit. Two moderators acting on the same thing at once therefore give one
 * result: the second finds the report handled, the mute in force or the message removed (409).
 */
@Injectable()
export class ModerationService {
  constructor(
    private readonly db: ModerationRepository,
    private readonly reports: ReportsRepository,
    private readonly content: ReportedContentRepository,
    private readonly mutes: MutesRepository,
    private readonly users: ChatUsersService,
    private readonly rpc: RpcClient,
    private readonly fanout: FanoutService,
    private readonly notifications: NotificationsService,
  ) {}

  async listReports(dto: ListReportsRequestDto): Promise<ModerationReportDto[]> {
    requireModerator(dto.actor);
    const rows = await this.reports.queue({ status: dto.status, kind: dto.kind, limit: dto.limit ?? REPORTS_PAGE_DEFAULT, offset: dto.offset ?? 0 });
    return this.presentReports(rows);
  }

  async getReport(actor: ActorDto, reportId: number): Promise<ModerationReportDto> {
    requireModerator(actor);
    const report = await this.reports.findById(reportId);
    if (!report) throw RpcErrors.notFound(fieldMessage('report_not_found'));
    return (await this.presentReports([report]))[0];
  }

  async dismiss(dto: DismissReportRequestDto): Promise<ModerationActionResultDto> {
    requireModerator(dto.actor);
    const report = await this.reports.findById(dto.reportId);
    if (!report) throw RpcErrors.notFound(fieldMessage('report_not_found'));
    const subject = report.subjectUserId ? await this.summary(report.subjectUserId) : null;
    return this.act(
      {
        action: 'dismiss_report',
        actor: dto.actor,
        reason: dto.reason,
        target: subject,
        closes: { targetType: report.targetType, targetId: report.targetId, reportId: report.id },
        outcome: 'dismissed',
      },
      async () => ({}),
    );
  }

  /** The message disappears for everyone in its room; a private one only from a report about it. */
  async deleteMessage(dto: MessageActionRequestDto): Promise<ModerationActionResultDto> {
    requireModerator(dto.actor);
    const message = await this.content.message(dto.messageId);
    if (!message) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.removedAt) throw RpcErrors.conflict(fieldMessage('moderation_message_already_removed'));
    const sender = await this.freshUser(message.senderId);
    if (sender && canModerate(sender.role)) throw RpcErrors.forbidden(fieldMessage('moderation_not_on_moderators'));
    if (dto.reportId) await this.reportAbout(dto.reportId, (r) => r.targetType === 'message' && r.targetId === message.id);
    if (message.roomType === 'private' && !(await this.reports.anyOn('message', message.id))) {
      throw RpcErrors.forbidden(fieldMessage('moderation_private_message_needs_report'));
    }
    const target = sender ?? ChatUsersService.summary(message.senderId, new Map());
    return this.act(
      {
        action: 'delete_message',
        actor: dto.actor,
        reason: dto.reason,
        target,
        closes: { targetType: 'message', targetId: message.id, reportId: dto.reportId },
        messageId: message.id,
        roomId: message.roomId,
      },
      async (trx) => {
        const removed = await this.db.removeMessage(trx, message.id, dto.actor.id);
        if (!removed) throw RpcErrors.conflict(fieldMessage('moderation_message_already_removed'));
        return {
          details: { message: messageSnapshot(message, target) },
          published: async () => {
            this.fanout.toRoom(removed.roomId, { type: 'message_deleted', roomId: removed.roomId, messageId: message.id, seq: removed.seq, removedBy: 'moderator' });
            await this.notifications.messageRemoved(message.id);
          },
        };
      },
    );
  }

  async deleteRoom(dto: RoomActionRequestDto): Promise<ModerationActionResultDto> {
    requireModerator(dto.actor);
    const room = await this.db.findRoom(dto.roomId);
    if (!room) throw RpcErrors.notFound(fieldMessage('room_not_found'));
    if (room.type !== 'public') throw RpcErrors.forbidden(fieldMessage('moderation_room_not_public'));
    if (dto.reportId) await this.reportAbout(dto.reportId, (r) => r.targetType === 'room' && r.targetId === room.id);
    const creator = room.createdById ? await this.summary(room.createdById) : null;
    return this.act(
      {
        action: 'delete_room',
        actor: dto.actor,
        reason: dto.reason,
        target: creator,
        closes: { targetType: 'room', targetId: room.id, reportId: dto.reportId },
        roomId: room.id,
      },
      async (trx) => {
        if (!(await this.db.deletePublicRoom(trx, room.id))) throw RpcErrors.notFound(fieldMessage('room_not_found'));
        return { details: { room: roomSnapshot(room) } };
      },
    );
  }

  async warn(dto: UserActionRequestDto): Promise<ModerationActionResultDto> {
    const { target, closes } = await this.userAction(dto);
    return this.act({ action: 'warn', actor: dto.actor, reason: dto.reason, target, closes }, async () => ({
      notices: [{ userId: target.id, kind: 'warning', reason: dto.reason }],
    }));
  }

  /** Read-only in every public room until the end time. */
  async mute(dto: MuteUserRequestDto): Promise<ModerationActionResultDto> {
    const { target, closes } = await this.userAction(dto);
    return this.act({ action: 'mute', actor: dto.actor, reason: dto.reason, target, closes }, async (trx) => {
      const mute = await this.mutes.mute(trx, { userId: target.id, durationMs: muteDurationMs(dto.duration), reason: dto.reason, byId: dto.actor.id });
      if (!mute) {
        const current = await this.mutes.inForce(target.id, trx);
        throw RpcErrors.conflict(current ? fieldMessage('moderation_already_muted_until', { until: current.endsAt.toISOString() }) : fieldMessage('moderation_already_muted'));
      }
      return {
        details: { duration: dto.duration, endsAt: mute.endsAt.toISOString() },
        notices: [{ userId: target.id, kind: 'mute', reason: dto.reason, endsAt: mute.endsAt }],
      };
    });
  }

  /** auth-svc suspends the account and ends its sessions; this records it with the reports it closes. */
  async suspend(dto: SuspendUserRequestDto): Promise<ModerationActionResultDto> {
    const { target, closes } = await this.userAction(dto);
    return this.act({ action: 'suspend', actor: dto.actor, reason: dto.reason, target, closes }, async () => {
      const sanction = await this.ask(SanctionPatterns.Apply, { actor: dto.actor, userId: target.id, kind: 'suspension', days: dto.days, reason: dto.reason });
      return { details: { days: dto.days, endsAt: sanction.endsAt ?? undefined } };
    });
  }

  async ban(dto: UserActionRequestDto): Promise<ModerationActionResultDto> {
    const { target, closes } = await this.userAction(dto);
    return this.act({ action: 'ban', actor: dto.actor, reason: dto.reason, target, closes }, async () => {
      await this.ask(SanctionPatterns.Apply, { actor: dto.actor, userId: target.id, kind: 'ban', reason: dto.reason });
      return {};
    });
  }

  /** Ends a mute, a suspension or a ban early. */
  async lift(dto: LiftSanctionRequestDto): Promise<ModerationActionResultDto> {
    requireModerator(dto.actor);
    const target = await this.freshUser(dto.userId);
    if (!target) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const plan = { actor: dto.actor, reason: dto.reason, target };
    if (dto.sanction === 'mute') {
      return this.act({ ...plan, action: 'lift_mute' }, async (trx) => {
        if (!(await this.mutes.lift(trx, target.id, dto.actor.id))) throw RpcErrors.conflict(fieldMessage('moderation_not_muted'));
        return { notices: [{ userId: target.id, kind: 'mute_lifted', reason: dto.reason }] };
      });
    }
    const kind = dto.sanction;
    return this.act({ ...plan, action: kind === 'ban' ? 'lift_ban' : 'lift_suspension' }, async () => {
      await this.ask(SanctionPatterns.Lift, { actor: dto.actor, userId: target.id, kind, reason: dto.reason });
      return {};
    });
  }

  async audit(dto: AuditRequestDto): Promise<AuditEntryDto[]> {
    requireModerator(dto.actor);
    const rows = await this.db.audit({ userId: dto.userId, before: dto.before, limit: dto.limit ?? AUDIT_PAGE_DEFAULT });
    return rows.map(toAuditDto);
  }

  async userRecord(actor: ActorDto, userId: number): Promise<ModerationUserRecordDto> {
    requireModerator(actor);
    const [mute, warnings, reports, audit] = await Promise.all([
      this.mutes.inForce(userId),
      this.db.countActions(userId, 'warn'),
      this.reports.countAbout(userId),
      this.db.audit({ userId, limit: RECORD_AUDIT_ENTRIES }),
    ]);
    return {
      mute: mute
        ? { userId, endsAt: mute.endsAt.toISOString(), reason: mute.reason, createdAt: mute.createdAt.toISOString(), createdById: mute.createdById }
        : null,
      warnings,
      reports,
      audit: audit.map(toAuditDto),
    };
  }

  /** Anyone's own notices (warnings, mutes, outcomes of their reports) and the mute in force. */
  async myStatus(actor: ActorDto): Promise<MyModerationStatusDto> {
    const [notices, mute] = await Promise.all([this.db.notices(actor.id, NOTICES_SHOWN), this.mutes.inForce(actor.id)]);
    return { notices: notices.map(toNoticeDto), mute: mute ? { endsAt: mute.endsAt.toISOString(), reason: mute.reason } : null };
  }

  async readNotices(actor: ActorDto, upToId: number): Promise<{ ok: true }> {
    await this.db.readNotices(actor.id, upToId);
    return { ok: true };
  }

  private async act(plan: Plan, perform: (trx: Knex.Transaction) => Promise<Effect>): Promise<ModerationActionResultDto> {
    await this.users.remember(plan.actor);
    const outcome = plan.outcome ?? 'action_taken';
    const { entry, notices, published } = await this.db.transaction(async (trx) => {
      const open = plan.closes ? await this.reports.lockOpenOn(trx, plan.closes.targetType, plan.closes.targetId) : [];
      if (plan.closes?.reportId && !open.some((r) => r.id === plan.closes?.reportId)) throw RpcErrors.conflict(fieldMessage('moderation_report_handled'));
      const effect = await perform(trx);
      const details: AuditDetails = { ...effect.details, ...(open.length > 0 ? { resolvedReports: open.length } : {}) };
      const entry = await this.db.insertAudit(trx, {
        actorId: plan.actor.id,
        action: plan.action,
        targetUserId: plan.target?.id ?? null,
        reportId: plan.closes?.reportId ?? null,
        messageId: plan.messageId ?? null,
        roomId: plan.roomId ?? null,
        reason: plan.reason.trim(),
        snapshot: { actor: summaryOf(plan.actor), target: plan.target, details },
      });
      await this.reports.resolve(
        trx,
        open.map((r) => r.id),
        { outcome, action: plan.action, byId: plan.actor.id, auditEntryId: entry.id },
      );
      const toReporters: NewNotice[] = open.map((r) => ({ userId: r.reporterId, kind: 'report_resolved', reportId: r.id, outcome }));
      const notices = await this.db.insertNotices(trx, [...(effect.notices ?? []), ...toReporters]);
      return { entry, notices, published: effect.published };
    });
    for (const notice of notices) this.fanout.toUser(notice.userId, { type: 'moderation_notice', notice: toNoticeDto(notice) });
    await published?.();
    return { entry: toAuditDto(entry) };
  }

  /** The person acted on, as auth-svc knows them now (never a moderator), and the reports the action closes. */
  private async userAction(dto: UserActionRequestDto | MuteUserRequestDto | SuspendUserRequestDto) {
    requireModerator(dto.actor);
    const target = await this.freshUser(dto.userId);
    if (!target) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    if (canModerate(target.role)) throw RpcErrors.forbidden(fieldMessage('moderation_not_on_moderators'));
    if (!dto.reportId) return { target, closes: undefined };
    const report = await this.reportAbout(dto.reportId, (r) => r.subjectUserId === target.id);
    return { target, closes: { targetType: report.targetType, targetId: report.targetId, reportId: report.id } };
  }

  private async reportAbout(reportId: number, concerns: (report: ReportRow) => boolean): Promise<ReportRow> {
    const report = await this.reports.findById(reportId);
    if (!report) throw RpcErrors.notFound(fieldMessage('report_not_found'));
    if (!concerns(report)) throw fieldRefused('reportId', fieldMessage('moderation_report_about_something_else'));
    return report;
  }

  /** The role decides what may be done to someone, so it is asked of auth-svc rather than read from the local copy. */
  private async freshUser(userId: number): Promise<UserSummary | null> {
    const [user] = await this.ask(AuthPatterns.GetUsers, { ids: [userId] });
    if (!user) return null;
    const summary = { id: user.id, username: user.username, avatar: user.avatar ?? null, role: user.role };
    await this.users.upsert([summary]);
    return summary;
  }

  private async summary(userId: number): Promise<UserSummary> {
    return ChatUsersService.summary(userId, await this.users.findMany([userId]));
  }

  /** Another service's refusal (403, 404, 409) reaches the moderator as it was given. */
  private async ask<P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<RpcResponse<P>> {
    try {
      return await this.rpc.request(pattern, data);
    } catch (error) {
      if (error instanceof RpcCallError) {
        throw new RpcException(error.body);
      }
      throw error;
    }
  }

  private async presentReports(rows: ReportRow[]): Promise<ModerationReportDto[]> {
    const ids = rows.flatMap((r) => [r.reporterId, r.subjectUserId ?? r.reporterId, r.resolvedById ?? r.reporterId]);
    const [users, open] = await Promise.all([this.users.findMany(ids), this.reports.openCounts(rows)]);
    const person = (id: number) => ChatUsersService.summary(id, users);
    return rows.map((r) => ({
      ...toReportDto(r),
      reporter: person(r.reporterId),
      subject: r.subjectUserId ? person(r.subjectUserId) : null,
      roomId: r.roomId,
      evidence: r.evidence,
      resolution:
        r.resolution && r.resolvedById && r.resolvedAt
          ? { action: r.resolution, by: person(r.resolvedById), at: r.resolvedAt.toISOString(), auditEntryId: r.auditEntryId }
          : null,
      openReportsOnTarget: open.get(targetKey(r)) ?? 0,
    }));
  }
}

function requireModerator(actor: ActorDto) {
  if (!canModerate(actor.role)) throw RpcErrors.forbidden(fieldMessage('moderation_moderators_only'));
}

function toAuditDto(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    action: row.action,
    actor: row.snapshot.actor,
    target: row.snapshot.target,
    reportId: row.reportId,
    messageId: row.messageId,
    roomId: row.roomId,
    reason: row.reason,
    details: row.snapshot.details,
    createdAt: row.createdAt.toISOString(),
  };
}

function toNoticeDto(row: NoticeRow): ModerationNoticeDto {
  const endsAt = row.endsAt?.toISOString() ?? null;
  const message =
    row.kind === 'warning'
      ? ModerationMessages.Warning
      : row.kind === 'mute'
        ? ModerationMessages.mutedNotice(endsAt as string)
        : row.kind === 'mute_lifted'
          ? ModerationMessages.MuteLifted
          : reportOutcomeMessage(row.outcome ?? 'action_taken');
  return {
    id: row.id,
    kind: row.kind,
    message,
    reason: row.reason,
    endsAt,
    reportId: row.reportId,
    outcome: row.outcome,
    createdAt: row.createdAt.toISOString(),
    read: row.readAt !== null,
  };
}
