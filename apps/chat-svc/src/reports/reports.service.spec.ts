import { Test } from '@nestjs/testing';
import {
  ChatMessages,
  ErrorCode,
  MarketplacePatterns,
  ModerationMessages,
  REPORTS_PER_HOUR,
  type ActorDto,
  type CreateReportRequestDto,
  type ReportTargetType,
  type UserRole,
  type UserSummary,
} from '@app/contracts';
import { RpcCallError, RpcClient, RpcErrors } from '@app/server';
import { Room } from '../rooms/room.entity';
import { RoomsService } from '../rooms/rooms.service';
import { ChatUsersService } from '../users/users.service';
import { ReportedContentRepository, type ContentMessage } from './reported-content.repository';
import { ReportsRepository, type NewReport, type ReportRow } from './reports.repository';
import { ReportsService } from './reports.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// What may be reported and by whom, with typed fakes of the repositories, the rooms' reading
// rule and marketplace-svc. The one-open-report and hourly rules are decided in the
// repository's transaction (test/moderation.int-spec.ts); here, how their answers are refused.

const NOW = new Date('2026-11-29T00:00:00Z');
const actorOf = (role: UserRole, id = 11): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });
const someone: UserSummary = { id: 20, username: 'mira', avatar: null, role: 'user' };

const messageOf = (fields: Partial<ContentMessage> = {}): ContentMessage => ({
  id: 70,
  roomId: 7,
  roomType: 'public',
  seq: 3,
  senderId: 20,
  content: 'rude words',
  type: 'text',
  createdAt: NOW,
  removedAt: null,
  ...fields,
});

const roomOf = (fields: Partial<Room> = {}) => Object.assign(new Room(), { id: 7, name: 'Garden', type: 'public', origin: 'public', createdById: 20, ...fields });

async function build({ room = roomOf() as Room | null, message = null as ContentMessage | null } = {}) {
  const reports: Fake<ReportsRepository> = {
    create: fn(async (...[report]: [NewReport, number]) => ({ report: { ...report, id: 5, status: 'open', createdAt: NOW } as ReportRow })),
  };
  const content: Fake<ReportedContentRepository> = {
    message: fn(async () => message),
    around: fn(async () => (message ? [messageOf({ id: 69, seq: 2, senderId: 11 }), message] : [])),
  };
  const rooms: Fake<RoomsService> = {
    readable: fn(async () => {
      if (!room) throw RpcErrors.forbidden(ChatMessages.NotParticipant);
      return room;
    }),
  };
  const users: Fake<ChatUsersService> = {
    remember: fn(async () => undefined),
    findMany: fn(async (...[ids]) => new Map([someone].filter((p) => ids.includes(p.id)).map((p) => [p.id, p]))),
  };
  const marketplace = { request: jest.fn() };
  const module = await Test.createTestingModule({
    providers: [
      ReportsService,
      { provide: ReportsRepository, useValue: reports },
      { provide: ReportedContentRepository, useValue: content },
      { provide: RoomsService, useValue: rooms },
      { provide: ChatUsersService, useValue: users },
      { provide: RpcClient, useValue: marketplace satisfies Pick<Fake<RpcClient>, 'request'> },
    ],
  }).compile();
  return { service: module.get(ReportsService), reports, rooms, marketplace };
}

const report = (actor: ActorDto, targetType: ReportTargetType, targetId: number, note?: string): CreateReportRequestDto => ({
  actor,
  targetType,
  targetId,
  reason: 'harassment',
  ...(note === undefined ? {} : { note }),
});

describe('ReportsService.create', () => {
  it('refuses a guest, storing nothing', async () => {
    const { service, reports } = await build();
    expect(await refusal(service.create(report(actorOf('guest'), 'user', 20)))).toMatchObject({ status: 403, message: ModerationMessages.GuestsCannotReport });
    expect(reports.create).not.toHaveBeenCalled();
  });

  describe('a message', () => {
    it('keeps the message and the ones around it as they were, about its sender', async () => {
      const { service, reports } = await build({ message: messageOf() });
      await service.create(report(actorOf('user'), 'message', 70, '  keeps doing it '));
      const [stored, perHour] = reports.create?.mock.calls[0] ?? [];
      expect(perHour).toBe(REPORTS_PER_HOUR);
      expect(stored).toMatchObject({ reporterId: 11, targetType: 'message', targetId: 70, subjectUserId: 20, roomId: 7, note: 'keeps doing it' });
      expect(stored?.evidence).toMatchObject({ message: { id: 70, content: 'rude words' }, context: [{ id: 69 }], room: { id: 7 } });
    });

    it('answers 404 for a message that is not there, or one the reporter may not read', async () => {
      const missing = await build();
      expect(await refusal(missing.service.create(report(actorOf('user'), 'message', 70)))).toMatchObject({ status: 404, message: ModerationMessages.MessageNotFound });
      const unreadable = await build({ message: messageOf({ roomType: 'private' }), room: null });
      expect(await refusal(unreadable.service.create(report(actorOf('user'), 'message', 70)))).toMatchObject({ status: 404, message: ModerationMessages.MessageNotFound });
      expect(unreadable.reports.create).not.toHaveBeenCalled();
    });

    it("refuses one's own message (400 on targetId) and one already removed (409)", async () => {
      const own = await build({ message: messageOf({ senderId: 11 }) });
      expect(await refusal(own.service.create(report(actorOf('user'), 'message', 70)))).toMatchObject({ status: 400, fields: { targetId: [ModerationMessages.ReportOwnMessage] } });
      const removed = await build({ message: messageOf({ removedAt: NOW }) });
      expect(await refusal(removed.service.create(report(actorOf('user'), 'message', 70)))).toMatchObject({ status: 409, message: ModerationMessages.MessageAlreadyRemoved });
      expect(own.reports.create).not.toHaveBeenCalled();
      expect(removed.reports.create).not.toHaveBeenCalled();
    });
  });

  describe('a person', () => {
    it('refuses oneself and answers 404 for someone unknown', async () => {
      const { service, reports } = await build();
      expect(await refusal(service.create(report(actorOf('user'), 'user', 11)))).toMatchObject({ status: 400, fields: { targetId: [ModerationMessages.ReportSelf] } });
      expect(await refusal(service.create(report(actorOf('user'), 'user', 99)))).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
      expect(reports.create).not.toHaveBeenCalled();
    });
  });

  describe('a room', () => {
    it('reports a public room about its creator', async () => {
      const { service, reports } = await build();
      await service.create(report(actorOf('user'), 'room', 7));
      expect(reports.create?.mock.calls[0][0]).toMatchObject({ targetType: 'room', targetId: 7, subjectUserId: 20, roomId: 7 });
    });

    it("refuses a private chat, one's own room, and a room the reporter may not read", async () => {
      const privateChat = await build({ room: roomOf({ type: 'private' }) });
      expect(await refusal(privateChat.service.create(report(actorOf('user'), 'room', 7)))).toMatchObject({ status: 400, message: ModerationMessages.OnlyPublicRooms });
      const own = await build({ room: roomOf({ createdById: 11 }) });
      expect(await refusal(own.service.create(report(actorOf('vip'), 'room', 7)))).toMatchObject({ status: 400, message: ModerationMessages.ReportOwnRoom });
      const unreadable = await build({ room: null });
      expect(await refusal(unreadable.service.create(report(actorOf('user'), 'room', 7)))).toMatchObject({ status: 404, message: ChatMessages.RoomNotFound });
      for (const built of [privateChat, own, unreadable]) expect(built.reports.create).not.toHaveBeenCalled();
    });
  });

  describe('a seller', () => {
    it('asks marketplace-svc for the profile as the reporter sees it, and refuses their own', async () => {
      const { service, marketplace, reports } = await build();
      marketplace.request.mockResolvedValue({ id: 3, userId: 11, displayName: 'Dr Mira', category: 'career', bio: '', aboutMe: '', avatar: null });
      expect(await refusal(service.create(report(actorOf('seller'), 'seller', 3)))).toMatchObject({ status: 400, message: ModerationMessages.ReportSelf });
      expect(marketplace.request).toHaveBeenCalledWith(MarketplacePatterns.GetSeller, { id: 3, viewer: actorOf('seller') });
      expect(reports.create).not.toHaveBeenCalled();
    });

    it('answers 404 for a profile marketplace-svc does not show, and 503 when it does not answer', async () => {
      const { service, marketplace } = await build();
      marketplace.request.mockRejectedValueOnce(new RpcCallError({ status: 404, code: ErrorCode.NotFound, message: 'Seller not found' }));
      expect(await refusal(service.create(report(actorOf('user'), 'seller', 3)))).toMatchObject({ status: 404, message: ChatMessages.SellerNotFound });
      marketplace.request.mockRejectedValueOnce(new Error('timeout'));
      expect(await refusal(service.create(report(actorOf('user'), 'seller', 3)))).toMatchObject({ status: 503 });
    });
  });

  describe("the repository's answers", () => {
    it('refuses a second open report on the same thing (409)', async () => {
      const { service, reports } = await build();
      reports.create?.mockResolvedValue({ duplicate: true });
      expect(await refusal(service.create(report(actorOf('user'), 'user', 20)))).toMatchObject({ status: 409, code: ErrorCode.Conflict, message: ModerationMessages.AlreadyReported });
    });

    it(`refuses report ${REPORTS_PER_HOUR + 1} of the hour with a 429 and the wait`, async () => {
      const { service, reports } = await build();
      reports.create?.mockResolvedValue({ waitMs: 61_500 });
      expect(await refusal(service.create(report(actorOf('user'), 'user', 20)))).toMatchObject({
        status: 429,
        code: ErrorCode.RateLimit,
        message: ModerationMessages.ReportLimit,
        details: { waitTime: 61_500, retryAfterSeconds: 62 },
      });
    });
  });
});
