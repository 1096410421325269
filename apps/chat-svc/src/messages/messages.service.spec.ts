import { Test } from '@nestjs/testing';
import { ChatMessages, ModerationErrorCode, SafetyMessages, type ActorDto, type UserRole } from '@app/contracts';
import { ContentFilter } from '@app/server';
import { RpcException } from '@nestjs/microservices';
import { BlocksRepository } from '../blocks/blocks.repository';
import { FanoutService } from '../fanout/fanout.service';
import { Clock } from '../limits/clock';
import { SendLimitsService, type SendAttempt } from '../limits/send-limits.service';
import { LinkPreviewsService } from '../link-previews/link-previews.service';
import { MentionsService } from '../mentions/mentions.service';
import { MutesService } from '../moderation/mutes.service';
import { NotificationsService } from '../notifications/notifications.service';
import { PresenceService } from '../presence/presence.service';
import { Room } from '../rooms/room.entity';
import { RoomsService } from '../rooms/rooms.service';
import { ContactRules } from '../safety/contact-rules';
import { ChatUsersService } from '../users/users.service';
import { Message } from './message.entity';
import { SendContextStale } from './message-inserts';
import { MessagesRepository, type NewMessage } from './messages.repository';
import type { SendContext } from './send-contexts';
import { MessagesService } from './messages.service';
import { ReactionsRepository } from './reactions.repository';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// The rules of sending, each on its own, with typed fakes of what the service reads and writes.
// What only a real database and Redis can show (races, order, limits across replicas) is in
// test/messages.int-spec.ts.

function roomOf(type: 'public' | 'private', fields: Partial<Room> = {}): Room {
  return Object.assign(new Room(), { id: 7, name: 'Garden', type, origin: type === 'public' ? 'public' : 'room', messageCooldown: 30, ...fields });
}

const actorOf = (role: UserRole, id = 11): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });

function storedFrom(message: NewMessage, id = 100): Message {
  return Object.assign(new Message(), { ...message, id, seq: 1, createdAt: new Date('2026-11-29T00:00:00Z') });
}

/**
 * A fresh read gives `context`. What the replica kept of the room (keptSendContext) knows the room
 * and its people but no mute, block or earlier message, unless `kept` says otherwise (null: it
 * kept nothing, so the read is fresh). The insert's guard turns a send away, as PostgreSQL's
 * would, when the fresh context has what it asks about.
 */
async function build(context: Partial<SendContext> & { room: Room }, kept?: Partial<SendContext> | null) {
  const sendContext: SendContext = { fresh: true, participant: true, mutedUntil: null, earlierId: null, other: null, ...context };
  const keptContext: SendContext =
    kept === null
      ? sendContext
      : { ...sendContext, fresh: false, mutedUntil: null, earlierId: null, other: sendContext.other && { id: sendContext.other.id, blockedBySender: false, blocksSender: false }, ...kept };
  const guardRefuses = ({ guard }: NewMessage) =>
    guard.roomVersion !== sendContext.room?.version ||
    (guard.askMute && sendContext.mutedUntil !== null) ||
    (guard.askContact && (!sendContext.participant || !!sendContext.other?.blockedBySender || !!sendContext.other?.blocksSender));
  const messages: Fake<MessagesRepository> = {
    sendContext: fn(async () => sendContext),
    keptSendContext: fn(async () => keptContext),
    forgetSendRoom: jest.fn(),
    insert: fn(async (message: NewMessage) => {
      if (guardRefuses(message)) throw new SendContextStale(message.roomId);
      return storedFrom(message);
    }),
    findById: fn(async () => null),
    findByClientId: fn(async () => null),
  };
  const limits: Fake<SendLimitsService> = { consume: fn(async () => undefined) };
  const presence: Fake<PresenceService> = { isIn: fn(async () => true) };
  const fanout: Fake<FanoutService> = { toRoom: jest.fn(), toUser: jest.fn() };
  const notifications: Fake<NotificationsService> = { messageSent: fn(async () => undefined) };
  const rooms: Fake<RoomsService> = { mayEnter: fn(async (...[room]) => room as Room) };
  const users: Fake<ChatUsersService> = { remember: fn(async () => undefined), findMany: fn(async () => new Map()) };
  const contact: Fake<ContactRules> = {
    assertCanSend: fn(async (other: SendContext['other']) => {
      if (other?.blocksSender) throw new RpcException({ status: 403, code: 'forbidden', message: SafetyMessages.CannotReply });
    }),
  };
  const module = await Test.createTestingModule({
    providers: [
      MessagesService,
      MutesService,
      { provide: ContentFilter, useValue: new ContentFilter() },
      { provide: MessagesRepository, useValue: messages },
      { provide: SendLimitsService, useValue: limits },
      { provide: PresenceService, useValue: presence },
      { provide: FanoutService, useValue: fanout },
      { provide: NotificationsService, useValue: notifications },
      { provide: RoomsService, useValue: rooms },
      { provide: ChatUsersService, useValue: users },
      { provide: ContactRules, useValue: contact },
      { provide: MentionsService, useValue: { resolve: fn(async () => []) } satisfies Fake<MentionsService> },
      { provide: Clock, useValue: { now: () => Date.parse('2026-11-29T00:00:00Z') } },
      { provide: ReactionsRepository, useValue: { summaries: fn(async () => new Map()) } satisfies Fake<ReactionsRepository> },
      { provide: BlocksRepository, useValue: { between: fn(async () => ({ aBlockedB: false, bBlockedA: false })) } satisfies Fake<BlocksRepository> },
      { provide: LinkPreviewsService, useValue: { schedule: jest.fn() } satisfies Fake<LinkPreviewsService> },
    ],
  }).compile();
  return { service: module.get(MessagesService), messages, limits, presence, fanout, notifications };
}

const send = (actor: ActorDto, fields: { content?: string; type?: string; formatting?: object; clientId?: string; retry?: boolean } = {}) => ({
  actor,
  roomId: 7,
  content: fields.content ?? 'hello there',
  ...(fields.type ? { type: fields.type } : {}),
  ...(fields.formatting ? { formatting: fields.formatting } : {}),
  ...(fields.clientId ? { clientId: fields.clientId } : {}),
  ...(fields.retry ? { retry: true } : {}),
}) as Parameters<MessagesService['send']>[0];

describe('MessagesService.store', () => {
  describe('who may send', () => {
    it('refuses a guest: guests read only', async () => {
      const { service, messages } = await build({ room: roomOf('public') });
      expect(await refusal(service.store(send(actorOf('guest'))))).toMatchObject({ status: 403, message: ChatMessages.GuestsReadOnly });
      expect(messages.insert).not.toHaveBeenCalled();
    });

    it('refuses someone not in the public room: one sends from inside it', async () => {
      const { service, presence, limits } = await build({ room: roomOf('public') });
      presence.isIn?.mockResolvedValue(false);
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 403, message: SafetyMessages.JoinToSend });
      // Refused before the limits: a send that cannot go counts against nothing.
      expect(limits.consume).not.toHaveBeenCalled();
    });

    it('refuses a muted person in a public room with the end of the mute', async () => {
      const mutedUntil = new Date('2026-11-29T01:00:00Z');
      const { service } = await build({ room: roomOf('public'), mutedUntil });
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 403, code: ModerationErrorCode.Muted });
    });

    it('lets a muted person write in a private chat', async () => {
      const { service } = await build({ room: roomOf('private'), mutedUntil: new Date('2026-11-29T01:00:00Z'), other: { id: 12, blockedBySender: false, blocksSender: false } });
      await expect(service.store(send(actorOf('user')))).resolves.toMatchObject({ published: true });
    });

    it('refuses a private message to someone who blocked the sender, storing nothing', async () => {
      const { service, fanout } = await build({ room: roomOf('private'), other: { id: 12, blockedBySender: false, blocksSender: true } });
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 403, message: SafetyMessages.CannotReply });
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });

    it('refuses a block it learns of from a fresh read, when nothing of the room was kept', async () => {
      const { service, messages } = await build({ room: roomOf('private'), other: { id: 12, blockedBySender: false, blocksSender: true } }, null);
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 403, message: SafetyMessages.CannotReply });
      expect(messages.insert).not.toHaveBeenCalled();
    });
  });

  describe('what may be sent', () => {
    it('keeps pictures for premium roles', async () => {
      const { service } = await build({ room: roomOf('public', { allowImages: true, allowGifs: true }) });
      expect(await refusal(service.store(send(actorOf('user'), { type: 'image', content: '/media/chat/a.jpg' })))).toMatchObject({ status: 403, message: ChatMessages.ImagesPremium });
    });

    it('takes only pictures uploaded to the chat', async () => {
      const { service } = await build({ room: roomOf('public', { allowImages: true }) });
      expect(await refusal(service.store(send(actorOf('vip'), { type: 'image', content: 'https://elsewhere.example/a.jpg' })))).toMatchObject({ status: 400 });
    });

    it("holds a VIP to the room's switches: no pictures where they are off", async () => {
      const { service } = await build({ room: roomOf('public', { allowImages: false, allowGifs: false }) });
      expect(await refusal(service.store(send(actorOf('vip'), { type: 'image', content: '/media/chat/a.jpg' })))).toMatchObject({ status: 403, message: ChatMessages.ImagesOff });
    });

    it('keeps voice notes for premium roles', async () => {
      const { service } = await build({ room: roomOf('public') });
      expect(await refusal(service.store(send(actorOf('user'), { type: 'voice', content: '/media/voice/a.webm' })))).toMatchObject({ status: 403, message: ChatMessages.VoicePremium });
    });

    it('keeps formatting for premium roles in public rooms', async () => {
      const { service } = await build({ room: roomOf('public') });
      expect(await refusal(service.store(send(actorOf('user'), { formatting: { bold: true } })))).toMatchObject({ status: 403, message: ChatMessages.FormattingPremium });
    });
  });

  describe('limits', () => {
    it("counts a regular member's public message against the room's cooldown and the hourly and repeat limits", async () => {
      const { service, limits } = await build({ room: roomOf('public', { messageCooldown: 45 }) });
      await service.store(send(actorOf('user'), { content: 'see https://example.com' }));
      expect(limits.consume).toHaveBeenCalledWith<[SendAttempt]>({ userId: 11, roomId: 7, content: 'see https://example.com', limited: true, cooldownSeconds: 45, hasLink: true });
    });

    it('holds a VIP to the flood guard only', async () => {
      const { service, limits } = await build({ room: roomOf('public') });
      await service.store(send(actorOf('vip'), { content: 'see https://example.com' }));
      expect(limits.consume?.mock.calls[0][0]).toMatchObject({ limited: false, hasLink: false });
    });

    it('refuses what the limits refuse, storing nothing', async () => {
      const { service, limits, messages } = await build({ room: roomOf('public') });
      limits.consume?.mockRejectedValue(new RpcException({ status: 429, code: 'rate_limit', message: 'Please wait 30 seconds before sending another message' }));
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 429 });
      expect(messages.insert).not.toHaveBeenCalled();
    });
  });

  describe('storing and telling the room', () => {
    it('masks offensive words in public rooms, once, as stored', async () => {
      const { service, messages } = await build({ room: roomOf('public') });
      await service.store(send(actorOf('user'), { content: 'what the fuck' }));
      expect(messages.insert?.mock.calls[0][0].content).toBe('what the f***');
    });

    it('leaves a private message as written', async () => {
      const { service, messages } = await build({ room: roomOf('private'), other: { id: 12, blockedBySender: false, blocksSender: false } });
      await service.store(send(actorOf('user'), { content: 'what the fuck' }));
      expect(messages.insert?.mock.calls[0][0].content).toBe('what the fuck');
    });

    it('publishes the stored message to the room, read by the other person who has the chat open', async () => {
      const { service, fanout, notifications, messages } = await build({ room: roomOf('private'), other: { id: 12, blockedBySender: false, blocksSender: false } });
      const { message, published } = await service.store(send(actorOf('user'), { clientId: 'c-1' }));
      expect(published).toBe(true);
      expect(messages.insert?.mock.calls[0][0]).toMatchObject({ markSenderRead: true, readerId: 12, clientId: 'c-1' });
      expect(fanout.toRoom).toHaveBeenCalledWith(7, { type: 'new_message', roomId: 7, message, readBy: { userId: 12, readAt: message.createdAt } });
      expect(notifications.messageSent).toHaveBeenCalledWith(expect.objectContaining({ id: 7 }), message, { id: 12, inside: true });
    });

    it('answers a retry read fresh with the message its client id stored first, counting and publishing nothing', async () => {
      const { service, messages, limits, fanout } = await build({ room: roomOf('public'), earlierId: 100 }, null);
      messages.findById?.mockResolvedValue(storedFrom({ roomId: 7, senderId: 11, content: 'the first time', type: 'text', clientId: 'c-1' } as NewMessage));
      const { message, published } = await service.store(send(actorOf('user'), { clientId: 'c-1' }));
      expect({ id: message.id, content: message.content, published }).toEqual({ id: 100, content: 'the first time', published: false });
      expect(limits.consume).not.toHaveBeenCalled();
      expect(messages.insert).not.toHaveBeenCalled();
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });

    it('answers a retry that won a race with the message it stored, publishing nothing more', async () => {
      const { service, messages, fanout } = await build({ room: roomOf('public') });
      messages.insert?.mockResolvedValue(null);
      messages.findByClientId?.mockResolvedValue(storedFrom({ roomId: 7, senderId: 11, content: 'hello there', type: 'text', clientId: 'c-2' } as NewMessage, 101));
      const { message, published } = await service.store(send(actorOf('user'), { clientId: 'c-2' }));
      expect({ id: message.id, published }).toEqual({ id: 101, published: false });
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });
  });

  describe('judged on what the replica kept of the room', () => {
    it('asks the insert to guard the room version read, the mute in a public room and the contact in a private one', async () => {
      const publicSend = await build({ room: roomOf('public', { version: 4 }) });
      await publicSend.service.store(send(actorOf('user')));
      expect(publicSend.messages.insert?.mock.calls[0][0].guard).toEqual({ roomVersion: 4, askMute: true, askContact: false, otherId: null });
      expect(publicSend.messages.sendContext).not.toHaveBeenCalled();

      const privateSend = await build({ room: roomOf('private', { version: 2 }), other: { id: 12, blockedBySender: false, blocksSender: false } });
      await privateSend.service.store(send(actorOf('user')));
      expect(privateSend.messages.insert?.mock.calls[0][0].guard).toEqual({ roomVersion: 2, askMute: false, askContact: true, otherId: 12 });
    });

    it('refuses a mute the insert found, on a fresh read, having counted the send once', async () => {
      const { service, messages, limits } = await build({ room: roomOf('public'), mutedUntil: new Date('2026-11-29T01:00:00Z') });
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 403, code: ModerationErrorCode.Muted });
      expect(messages.forgetSendRoom).toHaveBeenCalledWith(7);
      expect(limits.consume).toHaveBeenCalledTimes(1);
    });

    it('stores on a fresh read what the kept room refused: pictures turned on since', async () => {
      const { service, messages } = await build({ room: roomOf('public', { allowImages: true, version: 1 }) }, { room: roomOf('public', { allowImages: false }) });
      await expect(service.store(send(actorOf('vip'), { type: 'image', content: '/media/chat/a.jpg' }))).resolves.toMatchObject({ published: true });
      expect(messages.insert?.mock.calls[0][0].guard.roomVersion).toBe(1);
    });

    it('stores on a fresh read when the room changed since it was kept, counting the send once', async () => {
      const { service, messages, limits } = await build({ room: roomOf('public', { messageCooldown: 10, version: 3 }) }, { room: roomOf('public', { version: 2 }) });
      await expect(service.store(send(actorOf('user')))).resolves.toMatchObject({ published: true });
      expect(messages.insert?.mock.calls.map(([message]) => message.guard.roomVersion)).toEqual([2, 3]);
      expect(limits.consume).toHaveBeenCalledTimes(1);
    });

    it('asks the client to try again when the room keeps changing under the send', async () => {
      const { service, messages } = await build({ room: roomOf('public') });
      messages.insert?.mockRejectedValue(new SendContextStale(7));
      expect(await refusal(service.store(send(actorOf('user'))))).toMatchObject({ status: 503 });
      expect(messages.sendContext).toHaveBeenCalledTimes(3);
    });

    it('reads a retry fresh at once: the message its client id stored is its answer, counted nothing', async () => {
      const { service, messages, limits, fanout } = await build({ room: roomOf('public'), earlierId: 100 });
      messages.findById?.mockResolvedValue(storedFrom({ roomId: 7, senderId: 11, content: 'hello there', type: 'text', clientId: 'c-4' } as NewMessage));
      const { message, published } = await service.store(send(actorOf('user'), { clientId: 'c-4', retry: true }));
      expect({ id: message.id, published }).toEqual({ id: 100, published: false });
      expect(messages.keptSendContext).not.toHaveBeenCalled();
      expect(messages.sendContext).toHaveBeenCalledWith(7, 11, 'c-4');
      expect(limits.consume).not.toHaveBeenCalled();
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });

    it('answers a retry the limits refuse with the message its client id stored first', async () => {
      const { service, messages, limits, fanout } = await build({ room: roomOf('public') });
      limits.consume?.mockRejectedValue(new RpcException({ status: 429, code: 'rate_limit', message: 'Please wait 30 seconds before sending another message' }));
      messages.findByClientId?.mockResolvedValue(storedFrom({ roomId: 7, senderId: 11, content: 'hello there', type: 'text', clientId: 'c-3' } as NewMessage, 102));
      const { message, published } = await service.store(send(actorOf('user'), { clientId: 'c-3' }));
      expect({ id: message.id, published }).toEqual({ id: 102, published: false });
      expect(messages.insert).not.toHaveBeenCalled();
      expect(fanout.toRoom).not.toHaveBeenCalled();
    });
  });
});
