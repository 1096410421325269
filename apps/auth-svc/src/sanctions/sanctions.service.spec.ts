import { Test } from '@nestjs/testing';
import { ErrorCode, ModerationErrorCode, ModerationMessages, type AccountSanctionKind, type ActorDto, type UserRole } from '@app/contracts';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountSanction } from './account-sanction.entity';
import { SanctionsRepository } from './sanctions.repository';
import { SanctionsService } from './sanctions.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Suspensions and bans: who may give them, to whom, which one counts, and what signing in then
// says, over a typed fake of the sanctions' repository (accounts and sanctions kept in memory).
// The row lock and the queries run for real in apps/auth-svc/test/sanctions.int-spec.ts and
// tests/api/moderation.int-spec.ts.

const DAY_MS = 24 * 60 * 60 * 1000;
const moderator: ActorDto = { id: 1, username: 'sam', avatar: null, role: 'moderator' };

const userOf = (id: number, role: UserRole, fields: Partial<User> = {}) =>
  Object.assign(new User(), { id, username: `${role}${id}`, email: `${role}${id}@example.com`, role, createdAt: new Date('2026-01-01T00:00:00Z'), ...fields });

let nextSanction = 1;
const sanctionOf = (userId: number, kind: AccountSanctionKind, fields: Partial<AccountSanction> = {}) =>
  Object.assign(new AccountSanction(), {
    id: nextSanction++,
    userId,
    kind,
    reason: `${kind} reason`,
    endsAt: kind === 'suspension' ? new Date(Date.now() + DAY_MS) : null,
    createdById: 1,
    createdAt: new Date(Date.now() - DAY_MS),
    ...fields,
  });

const inForceAt = (sanction: AccountSanction, now: Date) => !sanction.liftedAt && (!sanction.endsAt || sanction.endsAt > now);

async function build(accounts: User[] = [], sanctions: AccountSanction[] = []) {
  const users = new Map([userOf(1, 'moderator'), ...accounts].map((user) => [user.id, user]));
  const stored = [...sanctions];
  const newestFirst = (list: AccountSanction[]) => [...list].sort((a, b) => b.id - a.id);
  const store = {
    roleOf: fn(async (...[id]: [number]) => users.get(id)?.role ?? null),
    findUser: fn(async (...[id]: [number]) => users.get(id) ?? null),
    current: fn(async (...[id, now]: [number, Date]) => newestFirst(stored.filter((s) => s.userId === id && inForceAt(s, now)))),
    currentOf: fn(async (...[ids, now]: [number[], Date]) => newestFirst(stored.filter((s) => ids.includes(s.userId) && inForceAt(s, now)))),
    history: fn(async (...[id]: [number]) => newestFirst(stored.filter((s) => s.userId === id))),
    accountsWithSanctionInForce: fn(async (...[ids, now]: [number[], Date]) =>
      ids.flatMap((id) => {
        const user = users.get(id);
        return user ? [{ user, sanctioned: stored.some((s) => s.userId === id && inForceAt(s, now)) }] : [];
      }),
    ),
    bannedHolderOf: fn(async (...[address]: [string]) => {
      const ban = newestFirst(stored).find((s) => s.kind === 'ban' && !s.liftedAt && s.address === address);
      return (ban && users.get(ban.userId)) ?? null;
    }),
    exactMatches: fn(async (...[text]: [string]) => [...users.values()].filter((u) => u.username === text || u.email === text)),
    partialMatches: fn(async (...[text, limit]: [string, number]) =>
      [...users.values()]
        .filter((u) => u.username.includes(text) || u.email?.includes(text))
        .sort((a, b) => a.username.localeCompare(b.username))
        .slice(0, limit),
    ),
    onLockedAccount: fn(async (...[id, decide]: [number, (target: User, inForce: AccountSanction[]) => AccountSanction]) => {
      const target = users.get(id);
      if (!target) return null;
      const kept = decide(target, newestFirst(stored.filter((s) => s.userId === id && inForceAt(s, new Date()))));
      if (!stored.includes(kept)) stored.push(Object.assign(kept, { id: nextSanction++ }));
      return kept;
    }),
  } satisfies Fake<SanctionsRepository>;
  const sessions = { destroyAll: fn(async () => undefined) } satisfies Fake<SessionStore>;
  const usersService = { invalidateSessions: fn(async () => undefined) } satisfies Fake<UsersService>;
  const module = await Test.createTestingModule({
    providers: [
      SanctionsService,
      { provide: SanctionsRepository, useValue: store },
      { provide: SessionStore, useValue: sessions },
      { provide: UsersService, useValue: usersService },
    ],
  }).compile();
  return { service: module.get(SanctionsService), stored, store, sessions, users: usersService };
}

const apply = (userId: number, kind: AccountSanctionKind, fields: { days?: number; actor?: ActorDto; reason?: string } = {}) => ({
  actor: moderator,
  userId,
  kind,
  reason: '  Spam in every room ',
  ...(kind === 'suspension' ? { days: 3 } : {}),
  ...fields,
});

describe('SanctionsService', () => {
  describe('which sanction counts', () => {
    it('takes a ban before a suspension, and none once they are lifted or over', async () => {
      const suspension = sanctionOf(11, 'suspension');
      const ban = sanctionOf(11, 'ban');
      const { service } = await build([userOf(11, 'user')], [ban, suspension, sanctionOf(12, 'suspension', { endsAt: new Date(Date.now() - 1) }), sanctionOf(13, 'ban', { liftedAt: new Date() })]);
      expect(await service.inForce(11)).toBe(ban);
      expect(await service.inForce(12)).toBeNull();
      expect(await service.inForce(13)).toBeNull();
    });

    it('refuses signing in to a banned account with its reason, and to a suspended one saying until when', async () => {
      const suspension = sanctionOf(12, 'suspension');
      const { service } = await build([userOf(11, 'user'), userOf(12, 'user')], [sanctionOf(11, 'ban'), suspension]);
      expect(await refusal(service.assertMaySignIn(11))).toEqual({
        status: 403,
        code: ModerationErrorCode.AccountBanned,
        message: ModerationMessages.BannedSignIn,
        messageCode: { code: 'account_banned' },
        details: { reason: 'ban reason' },
      });
      const until = (suspension.endsAt as Date).toISOString();
      expect(await refusal(service.assertMaySignIn(12))).toEqual({
        status: 403,
        code: ModerationErrorCode.AccountSuspended,
        message: ModerationMessages.suspended(until),
        messageCode: { code: 'account_suspended', params: { until } },
        details: { suspendedUntil: until, reason: 'suspension reason' },
      });
      await expect(service.assertMaySignIn(13)).resolves.toBeUndefined();
    });

    it("says which sessions' accounts are sanctioned, asking nothing for none", async () => {
      const { service, store } = await build([userOf(11, 'user'), userOf(12, 'user')], [sanctionOf(12, 'suspension')]);
      expect(await service.accountsForSessions([])).toEqual(new Map());
      expect(store.accountsWithSanctionInForce).not.toHaveBeenCalled();
      const found = await service.accountsForSessions([11, 12, 99]);
      expect([...found].map(([id, { sanctioned }]) => [id, sanctioned])).toEqual([
        [11, false],
        [12, true],
      ]);
    });

    it('finds the banned holder of an address however it is spelled', async () => {
      const { service, store } = await build([userOf(11, 'user', { language: 'hi' })], [sanctionOf(11, 'ban', { address: 'mira.doe@outlook.com' })]);
      expect(await service.bannedHolderOf('  Mira.Doe+old@Outlook.com ')).toEqual({ id: 11, username: 'user11', language: 'hi' });
      expect(store.bannedHolderOf).toHaveBeenCalledWith('mira.doe@outlook.com');
      expect(await service.bannedHolderOf('someone@example.com')).toBeNull();
    });
  });

  describe('applying', () => {
    it('suspends for the days given, ends every session and tells the gateways', async () => {
      const { service, stored, sessions, users } = await build([userOf(11, 'user')]);
      const before = Date.now();
      const answer = await service.apply(apply(11, 'suspension', { days: 3 }));
      const [created] = stored;
      expect(created).toMatchObject({ userId: 11, kind: 'suspension', reason: 'Spam in every room', createdById: 1, address: null });
      expect((created.endsAt as Date).getTime() - created.createdAt.getTime()).toBe(3 * DAY_MS);
      expect(created.createdAt.getTime()).toBeGreaterThanOrEqual(before);
      expect(answer).toMatchObject({ userId: 11, kind: 'suspension', active: true, liftedAt: null });
      expect(sessions.destroyAll).toHaveBeenCalledWith(11);
      expect(users.invalidateSessions).toHaveBeenCalledWith({ userId: 11 });
    });

    it("bans, keeping the account's address as its key so it cannot sign up again; no address, no key", async () => {
      const { service, stored } = await build([userOf(11, 'user', { email: 'Mira.Doe+x@Gmail.com' }), userOf(12, 'guest', { email: null })]);
      await service.apply(apply(11, 'ban'));
      await service.apply(apply(12, 'ban'));
      expect(stored.map((s) => [s.userId, s.kind, s.endsAt, s.address])).toEqual([
        [11, 'ban', null, 'miradoe@gmail.com'],
        [12, 'ban', null, null],
      ]);
    });

    it('replaces a suspension with a ban, lifting the suspension as replaced', async () => {
      const suspension = sanctionOf(11, 'suspension');
      const { service, stored } = await build([userOf(11, 'user')], [suspension]);
      await service.apply(apply(11, 'ban'));
      expect(suspension).toMatchObject({ liftedById: 1, liftReason: ModerationMessages.BanReplacesSuspension });
      expect(suspension.liftedAt).toBeInstanceOf(Date);
      expect(stored.at(-1)).toMatchObject({ kind: 'ban' });
    });

    it('refuses a second suspension (409 saying until when) and anything on a banned account', async () => {
      const suspension = sanctionOf(11, 'suspension');
      const { service, stored, sessions } = await build([userOf(11, 'user'), userOf(12, 'user')], [suspension, sanctionOf(12, 'ban')]);
      expect(await refusal(service.apply(apply(11, 'suspension')))).toMatchObject({
        status: 409,
        code: ErrorCode.Conflict,
        message: ModerationMessages.alreadySuspended((suspension.endsAt as Date).toISOString()),
      });
      for (const kind of ['suspension', 'ban'] as const) {
        expect(await refusal(service.apply(apply(12, kind)))).toMatchObject({ status: 409, message: ModerationMessages.AlreadyBanned });
      }
      expect(stored).toHaveLength(2);
      expect(suspension.liftedAt).toBeNull();
      expect(sessions.destroyAll).not.toHaveBeenCalled();
    });

    it('refuses acting on a moderator (403) and on an account that is not there (404)', async () => {
      const { service, stored, sessions } = await build([userOf(13, 'moderator')]);
      expect(await refusal(service.apply(apply(13, 'ban')))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: ModerationMessages.NotOnModerators });
      expect(await refusal(service.apply(apply(99, 'ban')))).toMatchObject({ status: 404, message: 'User not found' });
      expect(stored).toEqual([]);
      expect(sessions.destroyAll).not.toHaveBeenCalled();
    });

    it('listens only to moderators as stored, whatever role the actor claims', async () => {
      const { service, stored, store } = await build([userOf(11, 'user'), userOf(20, 'vip')]);
      for (const actor of [{ ...moderator, id: 20 }, { ...moderator, id: 404 }]) {
        expect(await refusal(service.apply(apply(11, 'ban', { actor })))).toMatchObject({ status: 403, message: ModerationMessages.ModeratorsOnly });
        expect(await refusal(service.lift({ actor, userId: 11, kind: 'ban', reason: 'x' }))).toMatchObject({ status: 403 });
        expect(await refusal(service.search(actor, 'user'))).toMatchObject({ status: 403 });
        expect(await refusal(service.account(actor, 11))).toMatchObject({ status: 403 });
      }
      expect(store.onLockedAccount).not.toHaveBeenCalled();
      expect(stored).toEqual([]);
    });
  });

  describe('lifting', () => {
    it('lifts the sanction of the kind named, with the reason trimmed', async () => {
      const ban = sanctionOf(11, 'ban');
      const { service } = await build([userOf(11, 'user')], [ban]);
      const answer = await service.lift({ actor: moderator, userId: 11, kind: 'ban', reason: ' Appeal accepted ' });
      expect(ban).toMatchObject({ liftedById: 1, liftReason: 'Appeal accepted' });
      expect(answer).toMatchObject({ id: ban.id, active: false, liftReason: 'Appeal accepted' });
    });

    it('refuses lifting what is not in force (409), and answers 404 for an account that is not there', async () => {
      const { service } = await build([userOf(11, 'user'), userOf(12, 'user')], [sanctionOf(12, 'suspension')]);
      expect(await refusal(service.lift({ actor: moderator, userId: 11, kind: 'ban', reason: 'x' }))).toMatchObject({ status: 409, message: ModerationMessages.NotBanned });
      expect(await refusal(service.lift({ actor: moderator, userId: 12, kind: 'ban', reason: 'x' }))).toMatchObject({ status: 409, message: ModerationMessages.NotBanned });
      expect(await refusal(service.lift({ actor: moderator, userId: 11, kind: 'suspension', reason: 'x' }))).toMatchObject({ status: 409, message: ModerationMessages.NotSuspended });
      expect(await refusal(service.lift({ actor: moderator, userId: 99, kind: 'ban', reason: 'x' }))).toMatchObject({ status: 404 });
    });
  });

  describe("the moderators' view", () => {
    it('finds accounts by name or address, an exact match first, each with the sanction that counts', async () => {
      const { service, store } = await build(
        [userOf(11, 'user', { username: 'amira' }), userOf(12, 'user', { username: 'mira' }), userOf(13, 'user', { username: 'miranda' })],
        [sanctionOf(13, 'suspension'), sanctionOf(13, 'ban')],
      );
      const found = await service.search(moderator, '  MIRA ');
      expect(store.exactMatches).toHaveBeenCalledWith('mira');
      expect(found.map((a) => [a.username, a.sanction?.kind ?? null])).toEqual([
        ['mira', null],
        ['amira', null],
        ['miranda', 'ban'],
      ]);
    });

    it("shows an account's history with the sanction in force, and 404 for one that is not there", async () => {
      const over = sanctionOf(11, 'suspension', { endsAt: new Date(Date.now() - 1) });
      const suspension = sanctionOf(11, 'suspension');
      const { service } = await build([userOf(11, 'user')], [over, suspension]);
      const account = await service.account(moderator, 11);
      expect(account.sanction).toMatchObject({ id: suspension.id, active: true });
      expect(account.sanctions.map((s) => [s.id, s.active])).toEqual([
        [suspension.id, true],
        [over.id, false],
      ]);
      expect(await refusal(service.account(moderator, 99))).toMatchObject({ status: 404, message: 'User not found' });
    });
  });
});
