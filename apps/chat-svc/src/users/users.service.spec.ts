import { Test } from '@nestjs/testing';
import { AuthPatterns, ErrorCode, type UserSummary } from '@app/contracts';
import { RpcClient } from '@app/server';
import { ChatUsersRepository, type KnownUser } from './users.repository';
import { ChatUsersService } from './users.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// The users read model's rules over a typed fake of its repository and auth-svc: which writes a
// steady sender is spared, what others may see of a person, and asking auth-svc for the people
// not met yet. The statements themselves run in tests/api/chat.int-spec.ts.

const mira: UserSummary = { id: 11, username: 'mira', avatar: null, role: 'user' };
const omar: UserSummary = { id: 12, username: 'omar', avatar: '/media/o.webp', role: 'vip' };
/** Who keeps their online status to themselves, as the fake read model says. */
const HIDING_ONLINE = new Set([mira.id]);

async function build({ stored = [mira] as UserSummary[], auth = [] as UserSummary[] | Error } = {}) {
  const rows = new Map(stored.map((user) => [user.id, user]));
  const storedOf = (ids: number[]) => ids.flatMap((id) => rows.get(id) ?? []);
  const repository = {
    upsert: fn(async (...[users]: [KnownUser[]]) => users.forEach((user) => rows.set(user.id, user))),
    markSeen: fn(async () => undefined),
    privacyOf: fn(async () => new Map()),
    hidingOnline: fn(async () => new Set<number>()),
    withOnlineVisibility: fn(async (...[ids]: [number[]]) => new Map(storedOf(ids).map((user) => [user.id, { ...user, hidesOnline: HIDING_ONLINE.has(user.id) }]))),
    lastSeenOf: fn(async () => new Map()),
    summaries: fn(async (...[ids]: [number[]]) => new Map(storedOf(ids).map((user) => [user.id, user]))),
  } satisfies Fake<ChatUsersRepository>;
  const rpc = {
    request: jest.fn(async (_pattern: string, { ids }: { ids: number[] }) => {
      if (auth instanceof Error) throw auth;
      return auth.filter((user) => ids.includes(user.id));
    }),
  };
  const module = await Test.createTestingModule({
    providers: [ChatUsersService, { provide: ChatUsersRepository, useValue: repository }, { provide: RpcClient, useValue: rpc }],
  }).compile();
  return { service: module.get(ChatUsersService), repository, rpc };
}

describe('ChatUsersService', () => {
  describe('remembering the acting users', () => {
    it('writes a summary once until it changes, each user once however often named', async () => {
      const { service, repository } = await build();
      await service.remember(mira, mira);
      expect(repository.upsert.mock.calls).toEqual([[[mira]]]);
      await service.remember(mira);
      expect(repository.upsert).toHaveBeenCalledTimes(1);
      await service.remember({ ...mira, avatar: '/media/m.webp' });
      expect(repository.upsert).toHaveBeenLastCalledWith([{ ...mira, avatar: '/media/m.webp' }]);
      expect(repository.upsert).toHaveBeenCalledTimes(2);
    });

    it('writes a summary again after an event rewrote the user', async () => {
      const { service, repository } = await build();
      await service.remember(mira);
      await service.upsert([{ ...mira, privacy: { showOnlineStatus: false, showLastSeen: true, allowDirectMessages: true } }]);
      await service.remember(mira);
      expect(repository.upsert).toHaveBeenCalledTimes(3);
    });

    it('notes each user as seen at most once a minute, and at once when they leave a room', async () => {
      const { service, repository } = await build();
      await service.remember(mira, omar);
      await service.remember(mira);
      expect(repository.markSeen.mock.calls).toEqual([[[11, 12]]]);
      await service.touchLastSeenNow(11);
      expect(repository.markSeen).toHaveBeenLastCalledWith([11]);
    });

    it('writes nothing for no users', async () => {
      const { service, repository } = await build();
      await service.upsert([]);
      await service.touchLastSeen();
      expect(repository.upsert).not.toHaveBeenCalled();
      expect(repository.markSeen).not.toHaveBeenCalled();
    });
  });

  describe('what others see', () => {
    it('shows when someone was last seen only to those they let see it', async () => {
      const { service, repository } = await build();
      const at = new Date('2026-11-29T10:00:00Z');
      repository.lastSeenOf.mockResolvedValueOnce(
        new Map([
          [11, { showLastSeen: true, lastSeenAt: at }],
          [12, { showLastSeen: false, lastSeenAt: at }],
          [13, { showLastSeen: true, lastSeenAt: null }],
        ]),
      );
      expect(await service.lastSeenOf([11, 12, 13, 11])).toEqual(
        new Map([
          [11, at.toISOString()],
          [12, null],
          [13, null],
        ]),
      );
      expect(repository.lastSeenOf).toHaveBeenCalledWith([11, 12, 13]);
    });

    it('asks auth-svc for the people of an online list not met yet, with the default visibility', async () => {
      const { service, rpc } = await build({ auth: [omar] });
      expect(await service.withOnlineVisibility([11, 12])).toEqual(
        new Map([
          [11, { ...mira, hidesOnline: true }],
          [12, { ...omar, hidesOnline: false }],
        ]),
      );
      expect(rpc.request).toHaveBeenCalledWith(AuthPatterns.GetUsers, { ids: [12] }, expect.any(Number));
    });
  });

  describe('finding users', () => {
    it('answers from the read model, keeping what auth-svc tells of the others', async () => {
      const { service, repository, rpc } = await build({ auth: [omar] });
      expect(await service.findMany([11, 12, 11])).toEqual(
        new Map([
          [11, mira],
          [12, omar],
        ]),
      );
      expect(repository.summaries).toHaveBeenCalledWith([11, 12]);
      expect(repository.upsert).toHaveBeenCalledWith([omar]);
      rpc.request.mockClear();
      await service.findMany([12]);
      expect(rpc.request).not.toHaveBeenCalled();
    });

    it('leaves out whom nobody knows, and asks nothing for no ids', async () => {
      const { service, repository, rpc } = await build();
      expect(await service.findMany([])).toEqual(new Map());
      expect(repository.summaries).not.toHaveBeenCalled();
      expect(await service.findMany([99])).toEqual(new Map());
      expect(rpc.request).toHaveBeenCalledTimes(1);
    });

    it('answers 503 when strict and auth-svc cannot say, and leaves the user out otherwise', async () => {
      const { service } = await build({ auth: new Error('timeout') });
      expect(await service.findMany([11, 99])).toEqual(new Map([[11, mira]]));
      expect(await refusal(service.findMany([11, 99], { strict: true }))).toMatchObject({ status: 503, code: ErrorCode.ServiceUnavailable });
    });

    it('names a user the read model does not have as an unknown user', () => {
      expect(ChatUsersService.summary(99, new Map())).toEqual({ id: 99, username: 'Unknown User', avatar: null, role: 'user' });
      expect(ChatUsersService.summary(11, new Map([[11, mira]]))).toBe(mira);
    });
  });
});
