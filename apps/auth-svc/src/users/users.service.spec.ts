import { Test } from '@nestjs/testing';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import { AuthEvents, DEFAULT_USER_SETTINGS, DELETED_USER_NAME, ErrorCode, fieldMessage, fieldText, type UpdateSettingsDto, type UserSettings } from '@app/contracts';
import { ContentFilter, RpcClient } from '@app/server';
import { User } from './user.entity';
import { UsersRepository } from './users.repository';
import { GUEST_PROFILE_MESSAGE, UsersService } from './users.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// The rules of accounts (names, the address another account holds, guests' profiles, the seller
// role, what is told to the other services), with a typed fake of the accounts' repository over
// rows kept in memory. What PostgreSQL decides (unique indexes, the purge's row locks) runs for
// real in tests/api/auth.int-spec.ts and tests/api/seller-role.int-spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
/** A word the fake filter refuses, standing in for the offensive ones. */
const RUDE = 'rudeword';

const userOf = (fields: Partial<User> = {}) =>
  Object.assign(new User(), { id: 11, username: 'mira', email: 'mira@example.com', role: 'user', passwordHash: 'hash', createdAt: NOW, settings: structuredClone(DEFAULT_USER_SETTINGS), ...fields });

/** A refusal's body about the username field, by the code of its message. */
const onUsername = (code: 'username_taken' | 'username_words_not_allowed') => ({ fields: { username: [fieldText(code)] }, fieldCodes: { username: [{ code }] } });

/** What the database says when a write breaks the unique index of `column`. */
const uniqueViolation = (column: 'username' | 'email') =>
  new UniqueConstraintViolationException(Object.assign(new Error('duplicate key value violates unique constraint'), { constraint: `users_${column}_unique` }));

function build(rows: User[] = [userOf()]) {
  const stored = new Map(rows.map((user) => [user.id, user]));
  const all = () => [...stored.values()];
  /** The users as each write left them. */
  const writes: User[] = [];
  let nextId = 100;
  const users = {
    findById: fn(async (...[id]) => stored.get(id) ?? null),
    findByEmail: fn(async (...[email]) => all().find((user) => user.email === email) ?? null),
    findByUsername: fn(async (...[username]) => all().find((user) => user.username === username) ?? null),
    usernameTaken: fn(async (...[username]) => all().some((user) => user.username === username)),
    findByIds: fn(async (...[ids]) => all().filter((user) => ids.includes(user.id))),
    findByUsernames: fn(async (...[names]) => all().filter((user) => names.includes(user.username))),
    countRegistered: fn(async () => all().filter((user) => user.role !== 'guest').length),
    insert: fn(async (...[email, account]) => {
      const holder = email ? (all().find((user) => user.email === email) ?? null) : null;
      const user = Object.assign(account(holder), { id: nextId++ });
      stored.set(user.id, user);
      writes.push(structuredClone(user));
      return { user, holder };
    }),
    edit: fn(async (...[id, edit]) => {
      const user = stored.get(id);
      if (!user) return null;
      const written = await edit(user);
      if (written) writes.push(structuredClone(user));
      return { user, written };
    }),
    markSeen: fn(async () => undefined),
    deleteGuestsCreatedBefore: fn(async () => 0),
    cancelDeletion: fn(async () => ({ cancelled: false as const })),
    isErased: fn(async () => false),
    setPasswordHash: fn(async () => undefined),
  } satisfies Fake<UsersRepository>;
  const rpc = { emit: fn(async () => undefined) } satisfies Pick<Fake<RpcClient>, 'emit'>;
  const filter = { isOffensive: fn((text: string) => text.toLowerCase().includes(RUDE)) } satisfies Pick<Fake<ContentFilter>, 'isOffensive'>;
  return { users, rpc, filter, writes, stored };
}

async function serviceOf(rows?: User[]) {
  const fakes = build(rows);
  const module = await Test.createTestingModule({
    providers: [
      UsersService,
      { provide: UsersRepository, useValue: fakes.users },
      { provide: RpcClient, useValue: fakes.rpc },
      { provide: ContentFilter, useValue: fakes.filter },
    ],
  }).compile();
  return { service: module.get(UsersService), ...fakes };
}

/** The subjects published, in order. */
const published = (rpc: { emit: jest.Mock }) => rpc.emit.mock.calls.map(([subject]) => subject as string);

describe('UsersService', () => {
  describe('finding an account to sign in', () => {
    it('takes a login with an @ as an address and any other as a name, trimmed and lowercased', async () => {
      const { service, users } = await serviceOf();
      expect(await service.findByLogin('  Mira@Example.COM ')).toMatchObject({ id: 11 });
      expect(users.findByEmail).toHaveBeenCalledWith('mira@example.com');
      expect(await service.findByLogin(' MIRA ')).toMatchObject({ id: 11 });
      expect(users.findByUsername).toHaveBeenCalledWith('mira');
      expect(await service.findByLogin('nobody')).toBeNull();
    });

    it("answers 404 for one's own account when it is gone", async () => {
      const { service } = await serviceOf();
      expect(await service.getMe(11)).toMatchObject({ id: 11, username: 'mira', email: 'mira@example.com', hasPassword: true });
      expect(await refusal(service.getMe(12))).toMatchObject({ status: 404, code: ErrorCode.NotFound, message: 'User not found' });
    });
  });

  describe('whether a name is free', () => {
    it.each([
      ['ab', fieldMessage('username_too_short', { min: 3 })],
      ['a'.repeat(21), fieldMessage('username_too_long', { max: 20 })],
      ['mira!', fieldMessage('username_characters')],
      [`${RUDE}_1`, fieldMessage('username_words_not_allowed')],
    ])('refuses %s by its rules, without asking who has it', async (name, problem) => {
      const { service, users } = await serviceOf();
      const { message, ...messageCode } = problem;
      expect(await service.checkUsername(name)).toEqual({ available: false, message, messageCode });
      expect(users.usernameTaken).not.toHaveBeenCalled();
    });

    it('finds a name taken whatever its case, and answers a free one available', async () => {
      const { service, users } = await serviceOf();
      const { message, ...messageCode } = fieldMessage('username_taken');
      expect(await service.checkUsername('Mira')).toEqual({ available: false, message, messageCode });
      expect(users.usernameTaken).toHaveBeenCalledWith('mira');
      expect(await service.checkUsername('omar_7')).toEqual({ available: true });
    });
  });

  describe('signing up', () => {
    const account = (fields: Partial<Pick<User, 'username' | 'email' | 'role'>> = {}) => ({ username: 'Omar', email: null as string | null, passwordHash: 'hash', role: 'user' as const, ...fields });

    it('stores the name and address lowercased, and tells the other services of the new account', async () => {
      const { service, rpc, writes } = await serviceOf();
      const { user, addressHolder } = await service.create(account({ email: 'Omar@Example.com' }));
      expect(user).toMatchObject({ id: 100, username: 'omar', email: 'omar@example.com', unconfirmedEmail: null, role: 'user' });
      expect(addressHolder).toBeNull();
      expect(writes).toHaveLength(1);
      expect(rpc.emit).toHaveBeenCalledWith(AuthEvents.UserRegistered, {
        id: 100,
        username: 'omar',
        avatar: null,
        role: 'user',
        language: 'en',
        deletionPending: false,
        privacy: DEFAULT_USER_SETTINGS.privacy,
        notifications: { mentions: true, push: true, messageSound: true, doNotDisturb: DEFAULT_USER_SETTINGS.notifications.doNotDisturb, messagePreview: true },
      });
    });

    it('refuses an offensive name (400) and a taken one (409) on the username field, storing nothing', async () => {
      const { service, writes, rpc } = await serviceOf();
      expect(await refusal(service.create(account({ username: `${RUDE}x` })))).toMatchObject({
        status: 400,
        code: ErrorCode.ValidationFailed,
        ...onUsername('username_words_not_allowed'),
      });
      expect(await refusal(service.create(account({ username: 'MIRA' })))).toMatchObject({
        status: 409,
        code: ErrorCode.Conflict,
        message: fieldMessage('username_taken').message,
        ...onUsername('username_taken'),
      });
      expect(writes).toEqual([]);
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('makes the account of an address another holds the same way, keeping the address only as unconfirmed, and names the holder', async () => {
      const { service } = await serviceOf([userOf({ language: 'hi' })]);
      const { user, addressHolder } = await service.create(account({ email: 'MIRA@example.com' }));
      expect(user).toMatchObject({ username: 'omar', email: null, unconfirmedEmail: 'mira@example.com' });
      expect(addressHolder).toEqual({ id: 11, username: 'mira', email: 'mira@example.com', language: 'hi' });
    });

    it('keeps an address a ban holds only as unconfirmed, naming no holder', async () => {
      const { service } = await serviceOf();
      const { user, addressHolder } = await service.create(account({ email: 'banned@example.com' }), { addressBarred: true });
      expect(user).toMatchObject({ email: null, unconfirmedEmail: 'banned@example.com' });
      expect(addressHolder).toBeNull();
    });

    it('answers 409 on the username when a sign-up racing for the same name won the insert', async () => {
      const { service, users, rpc } = await serviceOf();
      users.insert.mockRejectedValueOnce(uniqueViolation('username'));
      expect(await refusal(service.create(account()))).toMatchObject({ status: 409, ...onUsername('username_taken') });
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('lets any other failure of the insert through as it is', async () => {
      const { service, users } = await serviceOf();
      const broken = uniqueViolation('email');
      users.insert.mockRejectedValueOnce(broken);
      await expect(service.create(account())).rejects.toBe(broken);
    });

    it('keeps the account when the event cannot be published', async () => {
      const { service, rpc, writes } = await serviceOf();
      rpc.emit.mockRejectedValueOnce(new Error('NATS is down'));
      await expect(service.create(account())).resolves.toMatchObject({ user: { username: 'omar' } });
      expect(writes).toHaveLength(1);
    });
  });

  describe('changing a profile', () => {
    it('changes name, bio and picture, tells the services and ends the cached sessions', async () => {
      const { service, rpc, writes } = await serviceOf();
      const dto = await service.updateProfile(11, { username: 'Mira_2', bio: 'Tea and maps', avatar: '/media/a.webp' });
      expect(dto).toMatchObject({ username: 'mira_2', bio: 'Tea and maps', avatar: '/media/a.webp' });
      expect(writes).toEqual([expect.objectContaining({ username: 'mira_2', bio: 'Tea and maps', avatar: '/media/a.webp' })]);
      expect(published(rpc)).toEqual([AuthEvents.UserUpdated, AuthEvents.SessionsInvalidated]);
      expect(rpc.emit).toHaveBeenLastCalledWith(AuthEvents.SessionsInvalidated, { userId: 11 });
    });

    it('stores a blank bio as none', async () => {
      const { service, stored } = await serviceOf([userOf({ bio: 'old' })]);
      await service.updateProfile(11, { bio: '   ' });
      expect(stored.get(11)?.bio).toBeNull();
    });

    it('answers 404 for an account that is gone', async () => {
      const { service } = await serviceOf();
      expect(await refusal(service.updateProfile(12, { bio: 'hi' }))).toMatchObject({ status: 404, message: 'User not found' });
    });

    it('refuses a guest a bio or a picture (403), but not a new name', async () => {
      const { service, writes, rpc } = await serviceOf([userOf({ role: 'guest', email: null })]);
      for (const changes of [{ bio: 'hello' }, { avatar: '/media/a.webp' }, { avatar: null }]) {
        expect(await refusal(service.updateProfile(11, changes))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: GUEST_PROFILE_MESSAGE });
      }
      expect(writes).toEqual([]);
      expect(rpc.emit).not.toHaveBeenCalled();
      expect(await service.updateProfile(11, { username: 'guest_42' })).toMatchObject({ username: 'guest_42' });
    });

    it('refuses an offensive or taken new name, and does not check the name one already has', async () => {
      const { service, users, writes } = await serviceOf([userOf(), userOf({ id: 12, username: 'omar', email: 'omar@example.com' })]);
      expect(await refusal(service.updateProfile(11, { username: `${RUDE}` }))).toMatchObject({ status: 400, ...onUsername('username_words_not_allowed') });
      expect(await refusal(service.updateProfile(11, { username: 'OMAR' }))).toMatchObject({ status: 409, ...onUsername('username_taken') });
      expect(writes).toEqual([]);
      users.usernameTaken.mockClear();
      await service.updateProfile(11, { username: 'MIRA', bio: 'same name' });
      expect(users.usernameTaken).not.toHaveBeenCalled();
    });

    it('answers 409 when another took the name between the check and the write', async () => {
      const { service, users, rpc } = await serviceOf();
      users.edit.mockRejectedValueOnce(uniqueViolation('username'));
      expect(await refusal(service.updateProfile(11, { username: 'omar' }))).toMatchObject({ status: 409, ...onUsername('username_taken') });
      expect(rpc.emit).not.toHaveBeenCalled();
    });
  });

  describe('settings and language', () => {
    const settings = (change: (s: UserSettings) => void = () => undefined): UpdateSettingsDto => {
      const next = structuredClone(DEFAULT_USER_SETTINGS);
      change(next);
      return next;
    };

    it('keeps the stored do-not-disturb hours and link previews when an older client sends none', async () => {
      const dnd = { enabled: true, from: '23:00', to: '06:00', timeZone: 'Asia/Kolkata', allowCalls: false };
      const { service, stored } = await serviceOf([
        userOf({ settings: { ...structuredClone(DEFAULT_USER_SETTINGS), notifications: { ...DEFAULT_USER_SETTINGS.notifications, doNotDisturb: dnd }, chat: { ...DEFAULT_USER_SETTINGS.chat, linkPreviews: false } } }),
      ]);
      const answer = await service.updateSettings(
        11,
        settings((s) => {
          delete (s.notifications as Partial<UserSettings['notifications']>).doNotDisturb;
          delete (s.chat as Partial<UserSettings['chat']>).linkPreviews;
          s.chat.theme = 'dark';
        }),
      );
      expect(answer.notifications.doNotDisturb).toEqual(dnd);
      expect(answer.chat).toMatchObject({ theme: 'dark', linkPreviews: false });
      expect(stored.get(11)?.settings.notifications.doNotDisturb).toEqual(dnd);
    });

    it('tells the other services only of a change to what they enforce', async () => {
      const { service, rpc, writes } = await serviceOf();
      await service.updateSettings(
        11,
        settings((s) => {
          s.chat.theme = 'dark';
          s.notifications.email = false;
        }),
      );
      expect(writes).toHaveLength(1);
      expect(rpc.emit).not.toHaveBeenCalled();
      await service.updateSettings(
        11,
        settings((s) => {
          s.privacy.showLastSeen = false;
        }),
      );
      expect(published(rpc)).toEqual([AuthEvents.UserUpdated, AuthEvents.SessionsInvalidated]);
      expect(rpc.emit).toHaveBeenCalledWith(AuthEvents.UserUpdated, expect.objectContaining({ privacy: expect.objectContaining({ showLastSeen: false }) }));
    });

    it('answers 404 for settings or a language of an account that is gone', async () => {
      const { service } = await serviceOf();
      expect(await refusal(service.updateSettings(12, settings()))).toMatchObject({ status: 404 });
      expect(await refusal(service.updateLanguage(12, 'hi'))).toMatchObject({ status: 404 });
    });

    it('writes and tells of a new language, and nothing for the same one', async () => {
      const { service, rpc, writes } = await serviceOf();
      expect(await service.updateLanguage(11, 'en')).toEqual({ language: 'en' });
      expect(writes).toEqual([]);
      expect(rpc.emit).not.toHaveBeenCalled();
      expect(await service.updateLanguage(11, 'hi')).toEqual({ language: 'hi' });
      expect(writes).toEqual([expect.objectContaining({ language: 'hi' })]);
      expect(rpc.emit).toHaveBeenCalledWith(AuthEvents.UserUpdated, expect.objectContaining({ language: 'hi' }));
    });
  });

  describe('roles', () => {
    it('sets a role, telling of it only when it changed, and answers 404 for an account that is gone', async () => {
      const { service, rpc, writes } = await serviceOf();
      expect(await service.setRole(11, 'user')).toMatchObject({ role: 'user' });
      expect(writes).toEqual([]);
      expect(rpc.emit).not.toHaveBeenCalled();
      expect(await service.setRole(11, 'moderator')).toMatchObject({ role: 'moderator' });
      expect(writes).toEqual([expect.objectContaining({ role: 'moderator' })]);
      expect(published(rpc)).toEqual([AuthEvents.UserUpdated, AuthEvents.SessionsInvalidated]);
      expect(await refusal(service.setRole(12, 'vip'))).toMatchObject({ status: 404 });
    });

    it.each(['user', 'vip'] as const)('makes a verified %s a seller, remembering the role they had', async (role) => {
      const { service, stored, rpc } = await serviceOf([userOf({ role })]);
      await service.applySellerVerification(11, true);
      expect(stored.get(11)).toMatchObject({ role: 'seller', roleBeforeSeller: role });
      expect(rpc.emit).toHaveBeenCalledWith(AuthEvents.UserUpdated, expect.objectContaining({ role: 'seller' }));
    });

    it('gives a seller whose verification is withdrawn the role they had, or user', async () => {
      const { service, stored } = await serviceOf([userOf({ role: 'seller', roleBeforeSeller: 'vip' }), userOf({ id: 12, username: 'omar', role: 'seller', roleBeforeSeller: null })]);
      await service.applySellerVerification(11, false);
      await service.applySellerVerification(12, false);
      expect(stored.get(11)).toMatchObject({ role: 'vip', roleBeforeSeller: null });
      expect(stored.get(12)).toMatchObject({ role: 'user', roleBeforeSeller: null });
    });

    it("leaves a moderator's role, an applicant's and an unknown account alone", async () => {
      const { service, writes, rpc } = await serviceOf([userOf({ role: 'moderator' }), userOf({ id: 12, username: 'omar', role: 'user' })]);
      await service.applySellerVerification(11, true);
      await service.applySellerVerification(12, false);
      await service.applySellerVerification(99, true);
      expect(writes).toEqual([]);
      expect(rpc.emit).not.toHaveBeenCalled();
    });
  });

  describe('summaries and counts', () => {
    it('asks nothing for no ids, and each id or name once (names lowercased)', async () => {
      const { service, users } = await serviceOf([userOf(), userOf({ id: 12, username: 'omar', email: null, avatar: '/media/o.webp', role: 'vip' })]);
      expect(await service.summaries([])).toEqual([]);
      expect(await service.summariesByUsernames([])).toEqual([]);
      expect(users.findByIds).not.toHaveBeenCalled();
      expect(users.findByUsernames).not.toHaveBeenCalled();
      expect(await service.summaries([12, 11, 12])).toEqual([
        { id: 11, username: 'mira', avatar: null, role: 'user' },
        { id: 12, username: 'omar', avatar: '/media/o.webp', role: 'vip' },
      ]);
      expect(users.findByIds).toHaveBeenCalledWith([12, 11]);
      await service.summariesByUsernames(['Omar', 'omar', 'MIRA']);
      expect(users.findByUsernames).toHaveBeenCalledWith(['omar', 'mira']);
    });

    it('shows an erased account as a deleted user', async () => {
      const { service } = await serviceOf([userOf({ erasedAt: NOW, username: 'erased_11', avatar: '/media/a.webp', role: 'vip' })]);
      expect(await service.summaries([11])).toEqual([{ id: 11, username: DELETED_USER_NAME, avatar: null, role: 'user' }]);
    });

    it('counts the accounts that are not guests', async () => {
      const { service } = await serviceOf([userOf(), userOf({ id: 12, username: 'guest_1', role: 'guest' }), userOf({ id: 13, username: 'omar', role: 'seller' })]);
      expect(await service.countRegistered()).toEqual({ count: 2 });
    });
  });

  describe('last seen', () => {
    it('writes at most once a minute per user, all the due ones in one statement', async () => {
      const { service, users } = await serviceOf();
      const fresh = userOf({ id: 1, lastSeen: new Date(Date.now() - 30_000) });
      const stale = userOf({ id: 2, lastSeen: new Date(Date.now() - 61_000) });
      const never = userOf({ id: 3, lastSeen: null });
      await service.touchLastSeen(fresh, stale, never);
      expect(users.markSeen).toHaveBeenCalledTimes(1);
      const [ids, at] = users.markSeen.mock.calls[0];
      expect(ids).toEqual([2, 3]);
      expect(stale.lastSeen).toBe(at);
      await service.touchLastSeen(fresh, stale);
      expect(users.markSeen).toHaveBeenCalledTimes(1);
    });
  });

  describe('guests, deletion and verification', () => {
    it('deletes ended guests in batches until a batch comes back short', async () => {
      const { service, users } = await serviceOf();
      const cutoff = new Date(NOW.getTime() - 1000);
      users.deleteGuestsCreatedBefore.mockResolvedValueOnce(1000).mockResolvedValueOnce(1000).mockResolvedValueOnce(7);
      expect(await service.purgeGuestsCreatedBefore(cutoff)).toBe(2007);
      expect(users.deleteGuestsCreatedBefore.mock.calls).toEqual([
        [cutoff, 1000],
        [cutoff, 1000],
        [cutoff, 1000],
      ]);
    });

    it('tells of an account whose deletion a sign-in cancelled, and of nothing when there was none', async () => {
      const { service, users, rpc } = await serviceOf();
      expect(await service.cancelDeletion(11)).toBe(false);
      expect(rpc.emit).not.toHaveBeenCalled();
      users.cancelDeletion.mockResolvedValueOnce({ cancelled: true, user: userOf() });
      expect(await service.cancelDeletion(11)).toBe(true);
      expect(rpc.emit).toHaveBeenCalledWith(AuthEvents.UserUpdated, expect.objectContaining({ id: 11, deletionPending: false }));
    });

    it('verifies an account with an address once, telling of it; none without an address', async () => {
      const { service, rpc, writes } = await serviceOf([userOf(), userOf({ id: 12, username: 'guest_1', role: 'guest', email: null })]);
      expect(await service.markEmailVerified(11)).toMatchObject({ id: 11, isVerified: true });
      expect(await service.markEmailVerified(11)).toMatchObject({ id: 11, isVerified: true });
      expect(writes).toHaveLength(1);
      expect(published(rpc)).toEqual([AuthEvents.UserUpdated, AuthEvents.SessionsInvalidated]);
      expect(await service.markEmailVerified(12)).toBeNull();
      expect(await service.markEmailVerified(99)).toBeNull();
      expect(writes).toHaveLength(1);
    });
  });
});
