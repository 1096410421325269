import { Test } from '@nestjs/testing';
import { RpcException } from '@nestjs/microservices';
import {
  ChatMessages,
  CreateRoomRequestDto,
  ErrorCode,
  PUBLIC_ROOMS_PER_DAY,
  PRIVATE_CHATS_PER_HOUR,
  SafetyMessages,
  VIP_ROOM_ERROR_CODE,
  type ActorDto,
  type UserRole,
  type UserSummary,
} from '@app/contracts';
import { ContentFilter, rpcValidationPipe } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { FanoutService } from '../fanout/fanout.service';
import { SendLimitsService } from '../limits/send-limits.service';
import { WindowLimiter, type WindowAnswer } from '../limits/window-limiter';
import { PresenceService } from '../presence/presence.service';
import { ContactRules } from '../safety/contact-rules';
import { CreationLimits } from '../safety/creation-limits';
import { ChatUsersService } from '../users/users.service';
import { Room } from './room.entity';
import { RoomsRepository, type NewPrivateRoom, type NewPublicRoom } from './rooms.repository';
import { RoomsService } from './rooms.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// The rules of making, reading, entering and deleting rooms, with typed fakes of what the
// service reads and writes. The creation caps run through the real CreationLimits over an
// in-memory window; what only PostgreSQL and Redis can show (a taken name's unique index,
// two starts of one pair racing, the window shared by replicas) is in test/rooms.int-spec.ts.

const actorOf = (role: UserRole, id = 11): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });

function roomOf(type: 'public' | 'private', fields: Partial<Room> = {}): Room {
  return Object.assign(new Room(), { id: 7, name: 'Garden', type, origin: type === 'public' ? 'public' : 'room', createdAt: new Date('2026-11-29T00:00:00Z'), ...fields });
}

/** Redis's rolling window as the creation caps see it: counted slots per key, given back on release. */
class InMemoryWindow implements Pick<WindowLimiter, 'take' | 'release'> {
  readonly slots = new Map<string, string[]>();
  private next = 0;

  async take(key: string, limit: number): Promise<WindowAnswer> {
    const taken = this.slots.get(key) ?? [];
    if (taken.length >= limit) return { allowed: false, waitMs: 90 * 60_000 };
    const slot = `slot-${++this.next}`;
    this.slots.set(key, [...taken, slot]);
    return { allowed: true, slot };
  }

  async release(key: string, slot: string): Promise<void> {
    this.slots.set(
      key,
      (this.slots.get(key) ?? []).filter((s) => s !== slot),
    );
  }

  count(userId: number, what: 'rooms' | 'private-chats'): number {
    return this.slots.get(`chat:limit:{u:${userId}}:${what}`)?.length ?? 0;
  }
}

const known = (...people: UserSummary[]) => new Map(people.map((p) => [p.id, p]));
const other: UserSummary = { id: 12, username: 'mira', avatar: null, role: 'user' };

async function build({ found = null as Room | null, participant = true, people = known(other) } = {}) {
  const rooms: Fake<RoomsRepository> = {
    findById: fn(async () => found),
    isParticipant: fn(async () => participant),
    insertPublic: fn(async (room: NewPublicRoom) => Object.assign(new Room(), { ...room, id: 40, type: 'public', origin: 'public' })),
    pairExists: fn(async () => false),
    findOrCreatePrivate: fn(async (room: NewPrivateRoom) => ({ room: roomOf('private', { ...room, id: 41 }), created: true })),
    participants: fn(async () => []),
    delete: fn(async () => undefined),
    hideFor: fn(async () => undefined),
  };
  const users: Fake<ChatUsersService> = {
    remember: fn(async () => undefined),
    findMany: fn(async (...[ids]) => new Map([...people].filter(([id]) => ids.includes(id)))),
    lastSeenOf: fn(async () => new Map()),
    hidingOnline: fn(async () => new Set<number>()),
  };
  const contact: Fake<ContactRules> = {
    assertCanStart: fn(async () => undefined),
    replyState: fn(async () => ({ canReply: true, blockedByYou: false })),
  };
  const fanout: Fake<FanoutService> = { toUser: jest.fn(), toRoom: jest.fn() };
  const window = new InMemoryWindow();
  const module = await Test.createTestingModule({
    providers: [
      RoomsService,
      CreationLimits,
      { provide: WindowLimiter, useValue: window },
      { provide: ChatEnv, useValue: { PUBLIC_ROOMS_PER_USER_PER_DAY: PUBLIC_ROOMS_PER_DAY, PRIVATE_CHATS_PER_USER_PER_HOUR: PRIVATE_CHATS_PER_HOUR } satisfies Partial<ChatEnv> },
      { provide: ContentFilter, useValue: new ContentFilter() },
      { provide: RoomsRepository, useValue: rooms },
      { provide: ChatUsersService, useValue: users },
      { provide: ContactRules, useValue: contact },
      { provide: FanoutService, useValue: fanout },
      { provide: PresenceService, useValue: { counts: fn(async () => new Map()) } satisfies Fake<PresenceService> },
      { provide: SendLimitsService, useValue: { pendingWait: fn(async () => null) } satisfies Fake<SendLimitsService> },
    ],
  }).compile();
  return { service: module.get(RoomsService), rooms, contact, fanout, window };
}

const newRoom = (actor: ActorDto, fields: Partial<CreateRoomRequestDto> = {}): CreateRoomRequestDto => ({ actor, name: 'Night owls', category: 'general', ...fields });

describe('RoomsService', () => {
  describe('the public room form, as the service pipe checks it', () => {
    const check = (fields: Record<string, unknown>) =>
      rpcValidationPipe().transform({ actor: actorOf('vip'), name: 'Night owls', category: 'general', ...fields }, { type: 'body', metatype: CreateRoomRequestDto });

    it.each([
      ['a blank name', { name: '   ' }, 'name', 'Room name is required'],
      ['a name of 51 characters', { name: 'n'.repeat(51) }, 'name', 'Room name must be less than 50 characters'],
      ['a description of 201 characters', { description: 'd'.repeat(201) }, 'description', 'Description must be less than 200 characters'],
      ['rules of 501 characters', { customRules: 'r'.repeat(501) }, 'customRules', 'Rules must be less than 500 characters'],
      ['an unknown category', { category: 'cooking' }, 'category', 'Category is required'],
      ['room for one', { maxUsers: 1 }, 'maxUsers', 'Max users must be at least 2'],
      ['room for 501', { maxUsers: 501 }, 'maxUsers', 'Max users must be at most 500'],
      ['a cooldown of 301 seconds', { messageCooldown: 301 }, 'messageCooldown', 'Message cooldown must be between 0 and 300 seconds'],
      ['a negative cooldown', { messageCooldown: -1 }, 'messageCooldown', 'Message cooldown must be between 0 and 300 seconds'],
    ])('refuses %s with the field message', async (_, fields, field, message) => {
      expect(await refusal(check(fields))).toMatchObject({ status: 400, code: ErrorCode.ValidationFailed, fields: { [field]: [message] } });
    });

    it('takes a name of 50 characters, 500 people and a cooldown of 0 or 300 seconds', async () => {
      await expect(check({ name: 'n'.repeat(50), maxUsers: 500, messageCooldown: 0 })).resolves.toBeInstanceOf(CreateRoomRequestDto);
      await expect(check({ messageCooldown: 300, maxUsers: 2 })).resolves.toBeInstanceOf(CreateRoomRequestDto);
    });
  });

  describe('who may create a public room', () => {
    it.each<UserRole>(['guest', 'user'])('refuses a %s, counting and storing nothing', async (role) => {
      const { service, rooms, window } = await build();
      expect(await refusal(service.create(newRoom(actorOf(role))))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: ChatMessages.CreateRoomPremium });
      expect(rooms.insertPublic).not.toHaveBeenCalled();
      expect(window.count(11, 'rooms')).toBe(0);
    });

    it.each<UserRole>(['vip', 'seller', 'moderator'])('lets a %s create one, owned by them', async (role) => {
      const { service } = await build();
      await expect(service.create(newRoom(actorOf(role)))).resolves.toMatchObject({ id: 40, name: 'Night owls', type: 'public', ownerId: 11 });
    });
  });

  describe('what a new room is made of', () => {
    it('trims the words and gives the defaults: 100 people, a 30 second cooldown, no pictures, open to all', async () => {
      const { service, rooms } = await build();
      await service.create(newRoom(actorOf('vip'), { name: '  Night owls ', description: '   ', customRules: '' }));
      expect(rooms.insertPublic).toHaveBeenCalledWith<[NewPublicRoom]>({
        name: 'Night owls',
        description: null,
        category: 'general',
        maxUsers: 100,
        customRules: null,
        messageCooldown: 30,
        allowImages: false,
        allowGifs: false,
        vipOnly: false,
        createdById: 11,
      });
    });

    it('keeps a cooldown of 0 seconds as chosen, not the default', async () => {
      const { service, rooms } = await build();
      await service.create(newRoom(actorOf('vip'), { messageCooldown: 0 }));
      expect(rooms.insertPublic?.mock.calls[0][0].messageCooldown).toBe(0);
    });

    it('makes a VIP-only room with pictures when asked', async () => {
      const { service, rooms } = await build();
      await service.create(newRoom(actorOf('vip'), { vipOnly: true, allowImages: true, allowGifs: true, maxUsers: 20, messageCooldown: 120 }));
      expect(rooms.insertPublic?.mock.calls[0][0]).toMatchObject({ vipOnly: true, allowImages: true, allowGifs: true, maxUsers: 20, messageCooldown: 120 });
    });

    it.each([
      ['name', { name: 'fuck this room' }, SafetyMessages.WordsNotAllowed.roomName],
      ['description', { description: 'a shit place' }, SafetyMessages.WordsNotAllowed.description],
      ['customRules', { customRules: 'no bullshit' }, SafetyMessages.WordsNotAllowed.customRules],
    ])('refuses offensive words in the %s, counting and storing nothing', async (field, fields, message) => {
      const { service, rooms, window } = await build();
      expect(await refusal(service.create(newRoom(actorOf('vip'), fields)))).toMatchObject({ status: 400, message, fields: { [field]: [message] } });
      expect(rooms.insertPublic).not.toHaveBeenCalled();
      expect(window.count(11, 'rooms')).toBe(0);
    });

    it('refuses a name another room has (409 on the name) and gives the day\'s slot back', async () => {
      const { service, rooms, window } = await build();
      rooms.insertPublic?.mockResolvedValue(null);
      expect(await refusal(service.create(newRoom(actorOf('vip'))))).toMatchObject({
        status: 409,
        code: ErrorCode.Conflict,
        message: ChatMessages.RoomNameTaken,
        fields: { name: [ChatMessages.RoomNameTaken] },
      });
      expect(window.count(11, 'rooms')).toBe(0);
    });
  });

  describe('how many public rooms one person may create a day', () => {
    it(`refuses room ${PUBLIC_ROOMS_PER_DAY + 1} of the day with a 429 and the wait, storing nothing`, async () => {
      const { service, rooms } = await build();
      for (let i = 0; i < PUBLIC_ROOMS_PER_DAY; i++) await service.create(newRoom(actorOf('vip'), { name: `Room ${i}` }));
      rooms.insertPublic?.mockClear();
      expect(await refusal(service.create(newRoom(actorOf('vip'), { name: 'One more' })))).toMatchObject({
        status: 429,
        code: ErrorCode.RateLimit,
        message: SafetyMessages.roomsPerDay(PUBLIC_ROOMS_PER_DAY, '90 minutes'),
        details: { waitTime: 90 * 60_000, retryAfterSeconds: 90 * 60 },
      });
      expect(rooms.insertPublic).not.toHaveBeenCalled();
    });

    it('counts each person on their own', async () => {
      const { service } = await build();
      for (let i = 0; i < PUBLIC_ROOMS_PER_DAY; i++) await service.create(newRoom(actorOf('vip'), { name: `Room ${i}` }));
      await expect(service.create(newRoom(actorOf('vip', 13)))).resolves.toMatchObject({ id: 40 });
    });

    it('does not count moderators, who open rooms for everyone', async () => {
      const { service, window } = await build();
      for (let i = 0; i <= PUBLIC_ROOMS_PER_DAY; i++) await service.create(newRoom(actorOf('moderator'), { name: `Room ${i}` }));
      expect(window.slots.size).toBe(0);
    });
  });

  describe('who may read a room', () => {
    it('answers 404 for a room that is not there', async () => {
      const { service } = await build();
      expect(await refusal(service.get(7, actorOf('user')))).toMatchObject({ status: 404, code: ErrorCode.NotFound, message: ChatMessages.RoomNotFound });
    });

    it('lets anyone, a visitor without an account too, read a public room', async () => {
      const { service } = await build({ found: roomOf('public') });
      await expect(service.get(7, undefined)).resolves.toMatchObject({ id: 7, type: 'public' });
    });

    it('keeps a private chat to its two people', async () => {
      const { service, rooms } = await build({ found: roomOf('private'), participant: false });
      expect(await refusal(service.get(7, actorOf('moderator')))).toMatchObject({ status: 403, message: ChatMessages.NotParticipant });
      expect(rooms.isParticipant).toHaveBeenCalledWith(7, 11);
      expect(await refusal(service.get(7, undefined))).toMatchObject({ status: 403, message: ChatMessages.NotParticipant });
    });

    it.each<[string, ActorDto | undefined]>([
      ['a regular member', actorOf('user')],
      ['a guest', actorOf('guest')],
      ['a visitor without an account', undefined],
    ])('refuses a VIP-only room to %s with its own code', async (_, actor) => {
      const { service } = await build({ found: roomOf('public', { vipOnly: true }) });
      expect(await refusal(service.get(7, actor))).toMatchObject({ status: 403, code: VIP_ROOM_ERROR_CODE, message: ChatMessages.VipRoom });
    });

    it.each<UserRole>(['vip', 'seller', 'moderator'])('opens a VIP-only room to a %s', async (role) => {
      const { service } = await build({ found: roomOf('public', { vipOnly: true }) });
      await expect(service.get(7, actorOf(role))).resolves.toMatchObject({ vipOnly: true });
    });
  });

  describe('who may enter a room to chat', () => {
    it('refuses an archived room, still readable, to everyone', async () => {
      const archived = roomOf('public', { archivedAt: new Date('2026-11-20T00:00:00Z') });
      const { service } = await build({ found: archived });
      await expect(service.readable(7, actorOf('user'))).resolves.toBe(archived);
      expect(await refusal(service.mayEnter(archived, actorOf('moderator')))).toMatchObject({ status: 403, message: ChatMessages.RoomArchived });
    });

    it('holds entry to the reading rules first: a VIP room stays closed to a regular member', async () => {
      const { service } = await build();
      expect(await refusal(service.mayEnter(roomOf('public', { vipOnly: true }), actorOf('user')))).toMatchObject({ code: VIP_ROOM_ERROR_CODE });
    });
  });

  describe('starting a private chat', () => {
    const start = (actor: ActorDto, fields: { otherUserId?: number; originRoomId?: number; sellerId?: number; sellerName?: string } = {}) => ({
      actor,
      otherUserId: 12,
      originRoomId: 7,
      ...fields,
    });

    it('refuses a guest', async () => {
      const { service, rooms } = await build({ found: roomOf('public') });
      expect(await refusal(service.startPrivate(start(actorOf('guest'))))).toMatchObject({ status: 403, message: ChatMessages.GuestsNoPrivate });
      expect(rooms.findOrCreatePrivate).not.toHaveBeenCalled();
    });

    it('refuses a chat with oneself', async () => {
      const { service, rooms } = await build({ found: roomOf('public') });
      expect(await refusal(service.startPrivate(start(actorOf('user'), { otherUserId: 11 })))).toMatchObject({ status: 400, message: ChatMessages.SelfChat });
      expect(rooms.findOrCreatePrivate).not.toHaveBeenCalled();
    });

    it('asks for the public room it starts from, unless it starts from the marketplace', async () => {
      const { service } = await build();
      expect(await refusal(service.startPrivate(start(actorOf('user'), { originRoomId: undefined })))).toMatchObject({ status: 400, fields: { originRoomId: ['originRoomId is required with userId'] } });
    });

    it('answers 404 for an origin room that is not there and 400 for a private one', async () => {
      const missing = await build();
      expect(await refusal(missing.service.startPrivate(start(actorOf('user'))))).toMatchObject({ status: 404, message: ChatMessages.RoomNotFound });
      const fromPrivate = await build({ found: roomOf('private') });
      expect(await refusal(fromPrivate.service.startPrivate(start(actorOf('user'))))).toMatchObject({ status: 400, message: 'Private chats start from a public room' });
      expect(fromPrivate.rooms.findOrCreatePrivate).not.toHaveBeenCalled();
    });

    it('answers 404 for someone chat-svc does not know', async () => {
      const { service, rooms } = await build({ found: roomOf('public'), people: known() });
      expect(await refusal(service.startPrivate(start(actorOf('user'))))).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
      expect(rooms.findOrCreatePrivate).not.toHaveBeenCalled();
    });

    it("refuses what the contact rules refuse (blocks, closed direct messages), counting and creating nothing", async () => {
      const { service, rooms, contact, window } = await build({ found: roomOf('public') });
      contact.assertCanStart?.mockRejectedValue(new RpcException({ status: 403, code: ErrorCode.Forbidden, message: SafetyMessages.NotAcceptingChats }));
      expect(await refusal(service.startPrivate(start(actorOf('user'))))).toMatchObject({ status: 403, message: SafetyMessages.NotAcceptingChats });
      expect(rooms.findOrCreatePrivate).not.toHaveBeenCalled();
      expect(window.count(11, 'private-chats')).toBe(0);
    });

    it('keeps one chat per pair and public room, whoever starts it, and tells the other person', async () => {
      const { service, rooms, fanout } = await build({ found: roomOf('public') });
      await service.startPrivate(start(actorOf('user', 15), { otherUserId: 12 }));
      expect(rooms.findOrCreatePrivate?.mock.calls[0][0]).toMatchObject({ pairKey: 'r:7:12:15', origin: 'room', originPublicRoomId: 7, participants: [15, 12], createdById: 15 });
      expect(fanout.toUser).toHaveBeenCalledWith(12, expect.objectContaining({ type: 'private_chat_created', by: expect.objectContaining({ id: 15 }) }));
    });

    it("names a marketplace chat after the seller's display name", async () => {
      const { service, rooms } = await build();
      await service.startPrivate(start(actorOf('vip'), { originRoomId: undefined, sellerId: 3, sellerName: ' Dr Mira ' }));
      expect(rooms.findOrCreatePrivate?.mock.calls[0][0]).toMatchObject({ pairKey: 'm:11:12', origin: 'marketplace', name: 'Dr Mira', sellerId: 3, sellerUserId: 12 });
    });

    it(`refuses new private chat ${PRIVATE_CHATS_PER_HOUR + 1} of the hour with a 429, creating nothing`, async () => {
      const { service, rooms } = await build({ found: roomOf('public') });
      for (let i = 0; i < PRIVATE_CHATS_PER_HOUR; i++) await service.startPrivate(start(actorOf('user')));
      rooms.findOrCreatePrivate?.mockClear();
      expect(await refusal(service.startPrivate(start(actorOf('user'))))).toMatchObject({
        status: 429,
        code: ErrorCode.RateLimit,
        message: SafetyMessages.privateChatsPerHour(PRIVATE_CHATS_PER_HOUR, '90 minutes'),
      });
      expect(rooms.findOrCreatePrivate).not.toHaveBeenCalled();
    });

    it('does not count reopening a chat the pair already has', async () => {
      const { service, rooms, window, fanout } = await build({ found: roomOf('public') });
      rooms.pairExists?.mockResolvedValue(true);
      rooms.findOrCreatePrivate?.mockImplementation(async (room) => ({ room: roomOf('private', { ...room, id: 41 }), created: false }));
      await service.startPrivate(start(actorOf('user')));
      expect(window.count(11, 'private-chats')).toBe(0);
      expect(fanout.toUser).not.toHaveBeenCalled();
    });

    it('gives the slot back when a simultaneous start made the chat first', async () => {
      const { service, rooms, window } = await build({ found: roomOf('public') });
      rooms.findOrCreatePrivate?.mockImplementation(async (room) => ({ room: roomOf('private', { ...room, id: 41 }), created: false }));
      await service.startPrivate(start(actorOf('user')));
      expect(window.count(11, 'private-chats')).toBe(0);
    });
  });

  describe('deleting a room', () => {
    it('answers 404 for a room that is not there', async () => {
      const { service } = await build();
      expect(await refusal(service.delete(7, actorOf('moderator')))).toMatchObject({ status: 404, message: ChatMessages.RoomNotFound });
    });

    it.each<UserRole>(['user', 'vip', 'seller'])('refuses a public room to a %s, its owner included', async (role) => {
      const { service, rooms } = await build({ found: roomOf('public', { createdById: 11 }) });
      expect(await refusal(service.delete(7, actorOf(role)))).toMatchObject({ status: 403, message: ChatMessages.DeleteOnlyPrivate });
      expect(rooms.delete).not.toHaveBeenCalled();
    });

    it('lets a moderator delete a public room', async () => {
      const { service, rooms } = await build({ found: roomOf('public') });
      await service.delete(7, actorOf('moderator'));
      expect(rooms.delete).toHaveBeenCalledWith(7);
    });

    it('hides a private chat for the one who deletes it, never for the other', async () => {
      const { service, rooms } = await build({ found: roomOf('private') });
      await service.delete(7, actorOf('user'));
      expect(rooms.hideFor).toHaveBeenCalledWith(7, 11);
      expect(rooms.delete).not.toHaveBeenCalled();
    });

    it('refuses a private chat to someone outside it', async () => {
      const { service, rooms } = await build({ found: roomOf('private'), participant: false });
      expect(await refusal(service.delete(7, actorOf('moderator')))).toMatchObject({ status: 403, message: ChatMessages.NotParticipant });
      expect(rooms.hideFor).not.toHaveBeenCalled();
    });
  });
});
