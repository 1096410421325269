import { Test } from '@nestjs/testing';
import type { Knex } from '@mikro-orm/postgresql';
import {
  AuthPatterns,
  ChatMessages,
  ErrorCode,
  ModerationMessages,
  SanctionPatterns,
  type AccountSanctionDto,
  type ActorDto,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type UserRole,
  type UserSummary,
} from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { FanoutService } from '../fanout/fanout.service';
import { NotificationsService } from '../notifications/notifications.service';
import { ReportedContentRepository, type ContentMessage } from '../reports/reported-content.repository';
import { ReportsRepository, type ReportRow } from '../reports/reports.repository';
import { Room } from '../rooms/room.entity';
import { ChatUsersService } from '../users/users.service';
import { ModerationRepository, type AuditRow, type NewAuditEntry, type NewNotice, type NoticeRow } from './moderation.repository';
import { MutesRepository, type MuteRow } from './mutes.repository';
import { ModerationService } from './moderation.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Who may act on whom and what each action writes, with typed fakes of the repositories and of
// auth-svc. The transaction is the fakes' own (its work runs on a stand-in handle); what only
// PostgreSQL can show (two moderators at once, the locks, one mute per person) is in
// test/moderation.int-spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
const TRX = {} as Knex.Transaction;

const actorOf = (role: UserRole, id = 1): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });
const personOf = (role: UserRole, id = 20): UserSummary => ({ id, username: `${role}${id}`, avatar: null, role });

function reportOf(fields: Partial<ReportRow> = {}): ReportRow {
  return {
    id: 5,
    reporterId: 30,
    targetType: 'user',
    targetId: 20,
    subjectUserId: 20,
    roomId: null,
    reason: 'harassment',
    note: null,
    evidence: { capturedAt: NOW.toISOString() },
    status: 'open',
    outcome: null,
    resolution: null,
    resolvedById: null,
    resolvedAt: null,
    auditEntryId: null,
    createdAt: NOW,
    ...fields,
  };
}

function messageOf(fields: Partial<ContentMessage> = {}): ContentMessage {
  return { id: 70, roomId: 7, roomType: 'public', seq: 3, senderId: 20, content: 'rude words', type: 'text', createdAt: NOW, removedAt: null, ...fields };
}

const muteOf = (endsAt: Date): MuteRow => ({ userId: 20, endsAt, reason: 'spam', createdById: 1, createdAt: NOW, liftedAt: null, liftedById: null });

/** auth-svc as moderation asks it: who someone is now, and the account sanctions it applies or lifts. */
class FakeAuth {
  readonly people = new Map<number, UserSummary>();
  refusal: RpcCallError | null = null;
  readonly request = jest.fn(async <P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<RpcResponse<P>> => {
    if (pattern === AuthPatterns.GetUsers) {
      const { ids } = data as RpcRequest<typeof AuthPatterns.GetUsers>;
      return ids.flatMap((id) => this.people.get(id) ?? []) as RpcResponse<P>;
    }
    if (this.refusal) throw this.refusal;
    const { userId, kind } = data as RpcRequest<typeof SanctionPatterns.Apply>;
    const sanction: AccountSanctionDto = {
      id: 1,
      userId,
      kind,
      reason: 'r',
      endsAt: kind === 'ban' ? null : '2026-12-02T00:00:00.000Z',
      createdAt: NOW.toISOString(),
      createdById: 1,
      liftedAt: null,
      liftedById: null,
      liftReason: null,
      active: pattern === SanctionPatterns.Apply,
    };
    return sanction as RpcResponse<P>;
  });

  sanctionCalls() {
    return this.request.mock.calls.filter(([pattern]) => pattern !== AuthPatterns.GetUsers);
  }
}

async function build({ people = [personOf('user')], openReports = [] as ReportRow[], report = null as ReportRow | null } = {}) {
  const auth = new FakeAuth();
  for (const person of people) auth.people.set(person.id, person);
  const db: Fake<ModerationRepository> = {
    transaction: jest.fn((work) => work(TRX)) as Fake<ModerationRepository>['transaction'],
    insertAudit: fn(async (...[, entry]: [Knex.Transaction, NewAuditEntry]): Promise<AuditRow> => ({ ...entry, id: 90, createdAt: NOW })),
    insertNotices: fn(async (...[, notices]: [Knex.Transaction, NewNotice[]]) =>
      notices.map((n, i): NoticeRow => ({ reason: null, endsAt: null, reportId: null, outcome: null, ...n, id: 100 + i, createdAt: NOW, readAt: null })),
    ),
    removeMessage: fn(async () => ({ roomId: 7, seq: 3 })),
    findRoom: fn(async () => null),
    deletePublicRoom: fn(async () => true),
  };
  const reports: Fake<ReportsRepository> = {
    findById: fn(async () => report),
    lockOpenOn: fn(async () => openReports),
    resolve: fn(async () => undefined),
    anyOn: fn(async () => false),
  };
  const content: Fake<ReportedContentRepository> = { message: fn(async () => null) };
  const mutes: Fake<MutesRepository> = {
    mute: fn(async (...[, mute]) => muteOf(new Date(NOW.getTime() + mute.durationMs))),
    inForce: fn(async () => null),
    lift: fn(async () => muteOf(NOW)),
  };
  const users: Fake<ChatUsersService> = {
    remember: fn(async () => undefined),
    upsert: fn(async () => undefined),
    findMany: fn(async (...[ids]) => new Map(people.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]))),
  };
  const fanout: Fake<FanoutService> = { toUser: jest.fn(), toRoom: jest.fn() };
  const notifications: Fake<NotificationsService> = { messageRemoved: fn(async () => undefined) };
  const module = await Test.createTestingModule({
    providers: [
      ModerationService,
      { provide: ModerationRepository, useValue: db },
      { provide: ReportsRepository, useValue: reports },
      { provide: ReportedContentRepository, useValue: content },
      { provide: MutesRepository, useValue: mutes },
      { provide: ChatUsersService, useValue: users },
      { provide: RpcClient, useValue: auth satisfies Pick<RpcClient, 'request'> },
      { provide: FanoutService, useValue: fanout },
      { provide: NotificationsService, useValue: notifications },
    ],
  }).compile();
  return { service: module.get(ModerationService), db, reports, content, mutes, auth, fanout, notifications };
}

type Built = Awaited<ReturnType<typeof build>>;

/** Nothing recorded, resolved, changed or told: what every refusal must leave behind. */
function expectNothingWritten({ db, reports, mutes, auth, fanout }: Built) {
  expect(db.insertAudit).not.toHaveBeenCalled();
  expect(db.insertNotices).not.toHaveBeenCalled();
  expect(db.removeMessage).not.toHaveBeenCalled();
  expect(db.deletePublicRoom).not.toHaveBeenCalled();
  expect(reports.resolve).not.toHaveBeenCalled();
  expect(mutes.mute).not.toHaveBeenCalled();
  expect(mutes.lift).not.toHaveBeenCalled();
  expect(auth.sanctionCalls()).toEqual([]);
  expect(fanout.toUser).not.toHaveBeenCalled();
  expect(fanout.toRoom).not.toHaveBeenCalled();
}

const reason = 'Repeated insults in the Garden';

describe('ModerationService', () => {
  describe('only moderators act', () => {
    it.each<UserRole>(['guest', 'user', 'vip', 'seller'])('refuses every action and the queue to a %s', async (role) => {
      const built = await build();
      const { service } = built;
      const actor = actorOf(role);
      const forbidden = { status: 403, code: ErrorCode.Forbidden, message: ModerationMessages.ModeratorsOnly };
      expect(await refusal(service.warn({ actor, userId: 20, reason }))).toMatchObject(forbidden);
      expect(await refusal(service.mute({ actor, userId: 20, reason, duration: '24h' }))).toMatchObject(forbidden);
      expect(await refusal(service.suspend({ actor, userId: 20, reason, days: 3 }))).toMatchObject(forbidden);
      expect(await refusal(service.ban({ actor, userId: 20, reason }))).toMatchObject(forbidden);
      expect(await refusal(service.lift({ actor, userId: 20, reason, sanction: 'mute' }))).toMatchObject(forbidden);
      expect(await refusal(service.deleteMessage({ actor, messageId: 70, reason }))).toMatchObject(forbidden);
      expect(await refusal(service.deleteRoom({ actor, roomId: 7, reason }))).toMatchObject(forbidden);
      expect(await refusal(service.dismiss({ actor, reportId: 5, reason }))).toMatchObject(forbidden);
      expect(await refusal(service.listReports({ actor }))).toMatchObject(forbidden);
      expect(await refusal(service.userRecord(actor, 20))).toMatchObject(forbidden);
      expect(await refusal(service.audit({ actor }))).toMatchObject(forbidden);
      expectNothingWritten(built);
    });
  });

  describe('on whom moderators act', () => {
    it('never on a moderator, as auth-svc knows them now (not the local copy)', async () => {
      const built = await build({ people: [personOf('moderator')] });
      expect(await refusal(built.service.mute({ actor: actorOf('moderator'), userId: 20, reason, duration: '1h' }))).toMatchObject({
        status: 403,
        message: ModerationMessages.NotOnModerators,
      });
      expect(built.auth.request).toHaveBeenCalledWith(AuthPatterns.GetUsers, { ids: [20] });
      expectNothingWritten(built);
    });

    it('answers 404 for someone auth-svc does not know', async () => {
      const built = await build({ people: [] });
      expect(await refusal(built.service.ban({ actor: actorOf('moderator'), userId: 20, reason }))).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
      expectNothingWritten(built);
    });

    it('refuses to close a report about someone else, and 404 for a report that is not there', async () => {
      const elsewhere = await build({ report: reportOf({ subjectUserId: 21 }) });
      expect(await refusal(elsewhere.service.warn({ actor: actorOf('moderator'), userId: 20, reason, reportId: 5 }))).toMatchObject({
        status: 400,
        fields: { reportId: [ModerationMessages.ReportAboutSomethingElse] },
      });
      expectNothingWritten(elsewhere);
      const missing = await build();
      expect(await refusal(missing.service.warn({ actor: actorOf('moderator'), userId: 20, reason, reportId: 5 }))).toMatchObject({ status: 404, message: ModerationMessages.ReportNotFound });
      expectNothingWritten(missing);
    });

    it('refuses a report another moderator handled first (409), writing nothing', async () => {
      const built = await build({ report: reportOf(), openReports: [] });
      expect(await refusal(built.service.warn({ actor: actorOf('moderator'), userId: 20, reason, reportId: 5 }))).toMatchObject({ status: 409, message: ModerationMessages.ReportHandled });
      expect(built.db.insertAudit).not.toHaveBeenCalled();
      expect(built.reports.resolve).not.toHaveBeenCalled();
    });
  });

  describe('warning', () => {
    it('records the warning, tells the person and closes the open reports, telling their reporters', async () => {
      const open = [reportOf({ id: 5, reporterId: 30 }), reportOf({ id: 6, reporterId: 31 })];
      const { service, db, reports, fanout } = await build({ report: reportOf(), openReports: open });
      await service.warn({ actor: actorOf('moderator'), userId: 20, reason: `  ${reason} `, reportId: 5 });
      expect(reports.lockOpenOn).toHaveBeenCalledWith(TRX, 'user', 20);
      expect(db.insertAudit?.mock.calls[0][1]).toMatchObject({ actorId: 1, action: 'warn', targetUserId: 20, reportId: 5, reason, snapshot: { details: { resolvedReports: 2 } } });
      expect(reports.resolve).toHaveBeenCalledWith(TRX, [5, 6], { outcome: 'action_taken', action: 'warn', byId: 1, auditEntryId: 90 });
      expect(db.insertNotices?.mock.calls[0][1]).toEqual([
        { userId: 20, kind: 'warning', reason: `  ${reason} ` },
        { userId: 30, kind: 'report_resolved', reportId: 5, outcome: 'action_taken' },
        { userId: 31, kind: 'report_resolved', reportId: 6, outcome: 'action_taken' },
      ]);
      expect(fanout.toUser?.mock.calls.map(([userId]) => userId)).toEqual([20, 30, 31]);
    });
  });

  describe('muting', () => {
    it('mutes for the chosen time and tells the person when it ends', async () => {
      const { service, mutes, db } = await build();
      const { entry } = await service.mute({ actor: actorOf('moderator'), userId: 20, reason, duration: '7d' });
      expect(mutes.mute).toHaveBeenCalledWith(TRX, { userId: 20, durationMs: 7 * 24 * 3_600_000, reason, byId: 1 });
      const endsAt = new Date(NOW.getTime() + 7 * 24 * 3_600_000);
      expect(entry.details).toEqual({ duration: '7d', endsAt: endsAt.toISOString() });
      expect(db.insertNotices?.mock.calls[0][1]).toEqual([{ userId: 20, kind: 'mute', reason, endsAt }]);
    });

    it('refuses a second mute while one holds (409 with its end), recording nothing', async () => {
      const { service, mutes, db, fanout } = await build();
      mutes.mute?.mockResolvedValue(null);
      mutes.inForce?.mockResolvedValue(muteOf(new Date('2026-11-30T12:00:00Z')));
      expect(await refusal(service.mute({ actor: actorOf('moderator'), userId: 20, reason, duration: '1h' }))).toMatchObject({
        status: 409,
        message: ModerationMessages.alreadyMuted('2026-11-30T12:00:00.000Z'),
      });
      expect(db.insertAudit).not.toHaveBeenCalled();
      expect(fanout.toUser).not.toHaveBeenCalled();
    });

    it('lifts a mute in force and tells the person, and refuses one that is not (409)', async () => {
      const { service, mutes, db } = await build();
      await service.lift({ actor: actorOf('moderator'), userId: 20, reason, sanction: 'mute' });
      expect(mutes.lift).toHaveBeenCalledWith(TRX, 20, 1);
      expect(db.insertNotices?.mock.calls[0][1]).toEqual([{ userId: 20, kind: 'mute_lifted', reason }]);
      mutes.lift?.mockResolvedValue(null);
      db.insertAudit?.mockClear();
      expect(await refusal(service.lift({ actor: actorOf('moderator'), userId: 20, reason, sanction: 'mute' }))).toMatchObject({ status: 409, message: ModerationMessages.NotMuted });
      expect(db.insertAudit).not.toHaveBeenCalled();
    });
  });

  describe('suspending and banning (auth-svc applies them)', () => {
    it('asks auth-svc to suspend for the days chosen and records the end it gives', async () => {
      const { service, auth } = await build();
      const { entry } = await service.suspend({ actor: actorOf('moderator'), userId: 20, reason, days: 3 });
      expect(auth.sanctionCalls()).toEqual([[SanctionPatterns.Apply, { actor: actorOf('moderator'), userId: 20, kind: 'suspension', days: 3, reason }]]);
      expect(entry).toMatchObject({ action: 'suspend', details: { days: 3, endsAt: '2026-12-02T00:00:00.000Z' } });
    });

    it('asks auth-svc to ban', async () => {
      const { service, auth } = await build();
      await expect(service.ban({ actor: actorOf('moderator'), userId: 20, reason })).resolves.toMatchObject({ entry: { action: 'ban' } });
      expect(auth.sanctionCalls()).toEqual([[SanctionPatterns.Apply, { actor: actorOf('moderator'), userId: 20, kind: 'ban', reason }]]);
    });

    it("passes auth-svc's refusal on as it was given, recording nothing", async () => {
      const { service, auth, db } = await build();
      const alreadyBanned = { status: 409, code: ErrorCode.Conflict, message: ModerationMessages.AlreadyBanned, messageCode: { code: 'moderation_already_banned' } };
      auth.refusal = new RpcCallError(alreadyBanned);
      expect(await refusal(service.ban({ actor: actorOf('moderator'), userId: 20, reason }))).toEqual(alreadyBanned);
      expect(db.insertAudit).not.toHaveBeenCalled();
    });

    it('lifts a suspension or a ban through auth-svc, recorded as its own action', async () => {
      const { service, auth } = await build();
      await expect(service.lift({ actor: actorOf('moderator'), userId: 20, reason, sanction: 'ban' })).resolves.toMatchObject({ entry: { action: 'lift_ban' } });
      await expect(service.lift({ actor: actorOf('moderator'), userId: 20, reason, sanction: 'suspension' })).resolves.toMatchObject({ entry: { action: 'lift_suspension' } });
      expect(auth.sanctionCalls().map(([pattern, data]) => [pattern, (data as { kind: string }).kind])).toEqual([
        [SanctionPatterns.Lift, 'ban'],
        [SanctionPatterns.Lift, 'suspension'],
      ]);
    });
  });

  describe('removing a message', () => {
    it('answers 404 for a message that is not there and 409 for one already removed', async () => {
      const missing = await build();
      expect(await refusal(missing.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason }))).toMatchObject({ status: 404, message: ModerationMessages.MessageNotFound });
      const removed = await build();
      removed.content.message?.mockResolvedValue(messageOf({ removedAt: NOW }));
      expect(await refusal(removed.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason }))).toMatchObject({ status: 409, message: ModerationMessages.MessageAlreadyRemoved });
      expectNothingWritten(removed);
    });

    it("never removes a moderator's message", async () => {
      const built = await build({ people: [personOf('moderator')] });
      built.content.message?.mockResolvedValue(messageOf());
      expect(await refusal(built.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason }))).toMatchObject({ status: 403, message: ModerationMessages.NotOnModerators });
      expectNothingWritten(built);
    });

    it('removes a private message only when someone reported it', async () => {
      const built = await build();
      built.content.message?.mockResolvedValue(messageOf({ roomType: 'private' }));
      expect(await refusal(built.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason }))).toMatchObject({
        status: 403,
        message: ModerationMessages.PrivateMessageNeedsReport,
      });
      expectNothingWritten(built);
      built.reports.anyOn?.mockResolvedValue(true);
      await built.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason });
      expect(built.db.removeMessage).toHaveBeenCalledWith(TRX, 70, 1);
    });

    it('removes a public message for everyone in the room once it is recorded', async () => {
      const { service, content, fanout, notifications, db } = await build();
      content.message?.mockResolvedValue(messageOf());
      await service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason });
      expect(db.insertAudit?.mock.calls[0][1]).toMatchObject({ action: 'delete_message', messageId: 70, roomId: 7, targetUserId: 20 });
      expect(fanout.toRoom).toHaveBeenCalledWith(7, { type: 'message_deleted', roomId: 7, messageId: 70, seq: 3, removedBy: 'moderator' });
      expect(notifications.messageRemoved).toHaveBeenCalledWith(70);
    });

    it('refuses (409) when another moderator removed it in the meantime, telling no one', async () => {
      const { service, content, db, fanout } = await build();
      content.message?.mockResolvedValue(messageOf());
      db.removeMessage?.mockResolvedValue(null);
      expect(await refusal(service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason }))).toMatchObject({ status: 409, message: ModerationMessages.MessageAlreadyRemoved });
      expect(db.insertAudit).not.toHaveBeenCalled();
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });

    it('refuses a report about another message', async () => {
      const built = await build({ report: reportOf({ targetType: 'message', targetId: 71 }) });
      built.content.message?.mockResolvedValue(messageOf());
      expect(await refusal(built.service.deleteMessage({ actor: actorOf('moderator'), messageId: 70, reason, reportId: 5 }))).toMatchObject({ status: 400 });
      expectNothingWritten(built);
    });
  });

  describe('deleting a room', () => {
    it('answers 404 for a room that is not there and refuses a private chat', async () => {
      const missing = await build();
      expect(await refusal(missing.service.deleteRoom({ actor: actorOf('moderator'), roomId: 7, reason }))).toMatchObject({ status: 404, message: ChatMessages.RoomNotFound });
      const privateChat = await build();
      privateChat.db.findRoom?.mockResolvedValue(Object.assign(new Room(), { id: 7, type: 'private', origin: 'room', name: 'Private chat' }));
      expect(await refusal(privateChat.service.deleteRoom({ actor: actorOf('moderator'), roomId: 7, reason }))).toMatchObject({ status: 403, message: ModerationMessages.RoomNotPublic });
      expectNothingWritten(privateChat);
    });

    it('deletes a public room and records its creator as the one acted on', async () => {
      const { service, db } = await build();
      db.findRoom?.mockResolvedValue(Object.assign(new Room(), { id: 7, type: 'public', origin: 'public', name: 'Garden', createdById: 20 }));
      await service.deleteRoom({ actor: actorOf('moderator'), roomId: 7, reason });
      expect(db.deletePublicRoom).toHaveBeenCalledWith(TRX, 7);
      expect(db.insertAudit?.mock.calls[0][1]).toMatchObject({ action: 'delete_room', roomId: 7, targetUserId: 20 });
    });
  });

  describe('dismissing a report', () => {
    it('closes the reports on the same thing as dismissed and tells each reporter', async () => {
      const { service, reports, db } = await build({ report: reportOf(), openReports: [reportOf()] });
      await service.dismiss({ actor: actorOf('moderator'), reportId: 5, reason });
      expect(reports.resolve).toHaveBeenCalledWith(TRX, [5], { outcome: 'dismissed', action: 'dismiss_report', byId: 1, auditEntryId: 90 });
      expect(db.insertNotices?.mock.calls[0][1]).toEqual([{ userId: 30, kind: 'report_resolved', reportId: 5, outcome: 'dismissed' }]);
    });

    it('answers 404 for a report that is not there', async () => {
      const built = await build();
      expect(await refusal(built.service.dismiss({ actor: actorOf('moderator'), reportId: 5, reason }))).toMatchObject({ status: 404, message: ModerationMessages.ReportNotFound });
      expectNothingWritten(built);
    });
  });
});
