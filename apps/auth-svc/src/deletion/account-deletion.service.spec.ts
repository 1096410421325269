import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  ACCOUNT_DELETION_IN_CALL_CODE,
  AccountDeletionPatterns,
  CallPatterns,
  DEFAULT_LANGUAGE,
  type RequestAccountDeletionRequestDto,
  type UserRole,
} from '@app/contracts';
import { RpcClient } from '@app/server';
import { IdentityCheck } from '../accounts/identity-check';
import { SessionStore } from '../sessions/session.store';
import { TwoStepService } from '../two-step/two-step.service';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountDeletionRepository, type Tombstone } from './account-deletion.repository';
import { AccountDeletionService } from './account-deletion.service';
import { fn, refusal, statementLog, type Fake } from '@app/testing/fakes';

// Who may delete an account and what it takes (the username typed, who they are, a second factor,
// no call), and the sweep that erases what is due, over typed fakes of the repository, the
// identity check, two-step sign-in, the sessions and NATS. The erasure's statements and every
// service's part run for real in tests/api/account-deletion.int-spec.ts.

const NOW = new Date('2026-11-29T12:00:00Z');
const GRACE_MS = ACCOUNT_DELETION_GRACE_DAYS * 24 * 60 * 60 * 1000;
const DUE = new Date(NOW.getTime() + GRACE_MS);

const userOf = (fields: Partial<User> = {}) => Object.assign(new User(), { id: 11, username: 'mira', email: 'mira@example.com', role: 'user' as UserRole, ...fields });

const ask = (fields: Partial<RequestAccountDeletionRequestDto> = {}): RequestAccountDeletionRequestDto => ({
  userId: 11,
  sessionKey: 'k',
  client: { ip: '203.0.113.9' },
  password: 'pw',
  confirmation: ' Mira ',
  ...fields,
});

async function build({ accounts = [userOf()], inCall = false, erase = 'newly-erased' as Awaited<ReturnType<AccountDeletionRepository['erase']>> } = {}) {
  const rows = new Map(accounts.map((user) => [user.id, user]));
  const repository = {
    findUser: fn(async (...[id]: [number]) => rows.get(id) ?? null),
    schedule: fn(async () => undefined),
    due: fn(async () => [...rows.values()].filter((user) => user.deletionDueAt && user.deletionDueAt <= NOW)),
    finished: fn(async () => undefined),
    erase: fn(async (..._args: [number, Date, Tombstone]) => erase),
  } satisfies Fake<AccountDeletionRepository>;
  const users = { publishChanged: fn(async () => undefined), cancelDeletion: fn(async () => true) } satisfies Fake<UsersService>;
  const sessions = { destroyAll: fn(async () => undefined) } satisfies Fake<SessionStore>;
  const identity = { confirm: fn(async () => 'password' as const) } satisfies Fake<IdentityCheck>;
  const twoStep = { checkCode: fn(async () => undefined) } satisfies Fake<TwoStepService>;
  const rpc = {
    request: jest.fn(async (pattern: string, ..._rest: unknown[]): Promise<unknown> => {
      if (pattern === CallPatterns.Current) return inCall ? { id: 50 } : null;
      return { erased: { [pattern]: 1 } };
    }),
  };
  const module = await Test.createTestingModule({
    providers: [
      AccountDeletionService,
      { provide: AccountDeletionRepository, useValue: repository },
      { provide: UsersService, useValue: users },
      { provide: SessionStore, useValue: sessions },
      { provide: IdentityCheck, useValue: identity },
      { provide: TwoStepService, useValue: twoStep },
      { provide: RpcClient, useValue: rpc },
    ],
  }).compile();
  return { service: module.get(AccountDeletionService), repository, users, sessions, identity, twoStep, rpc };
}

describe('AccountDeletionService', () => {
  describe('status', () => {
    it('answers none, or when it was asked and when the account is erased', async () => {
      expect(await (await build()).service.status(11)).toEqual({ state: 'none', requestedAt: null, scheduledFor: null });
      const { service } = await build({ accounts: [userOf({ deletionRequestedAt: NOW, deletionDueAt: DUE })] });
      expect(await service.status(11)).toEqual({ state: 'scheduled', requestedAt: NOW.toISOString(), scheduledFor: DUE.toISOString() });
    });

    it('answers 404 for an account nobody has, or one erased already', async () => {
      const { service } = await build({ accounts: [userOf({ erasedAt: NOW })] });
      expect(await refusal(service.status(11))).toMatchObject({ status: 404, messageCode: { code: 'user_not_found' } });
      expect(await refusal(service.status(12))).toMatchObject({ status: 404 });
    });
  });

  describe('asking', () => {
    it('schedules the erasure for the end of the grace, ends every session and tells the gateways', async () => {
      const { service, repository, identity, sessions, users, twoStep } = await build();
      expect(await service.request(ask(), NOW)).toEqual({ state: 'scheduled', requestedAt: NOW.toISOString(), scheduledFor: DUE.toISOString() });
      expect(identity.confirm).toHaveBeenCalledWith(expect.objectContaining({ id: 11 }), expect.objectContaining({ password: 'pw', sessionKey: 'k', ip: '203.0.113.9' }), expect.anything());
      expect(twoStep.checkCode).not.toHaveBeenCalled();
      expect(repository.schedule).toHaveBeenCalledWith(11, NOW, DUE);
      expect(sessions.destroyAll).toHaveBeenCalledWith(11);
      expect(users.publishChanged).toHaveBeenCalledWith(expect.objectContaining({ id: 11, deletionDueAt: DUE }));
    });

    it('keeps the first date when asked again, still ending the sessions', async () => {
      const earlier = new Date('2026-11-25T00:00:00Z');
      const due = new Date(earlier.getTime() + GRACE_MS);
      const { service, repository, sessions } = await build({ accounts: [userOf({ deletionRequestedAt: earlier, deletionDueAt: due })] });
      expect(await service.request(ask(), NOW)).toMatchObject({ requestedAt: earlier.toISOString(), scheduledFor: due.toISOString() });
      expect(repository.schedule).not.toHaveBeenCalled();
      expect(sessions.destroyAll).toHaveBeenCalledWith(11);
    });

    it('refuses a guest (403) and an account nobody has (404)', async () => {
      const { service, repository } = await build({ accounts: [userOf({ role: 'guest' })] });
      expect(await refusal(service.request(ask(), NOW))).toMatchObject({ status: 403, messageCode: { code: 'account_deletion_guests_cannot' } });
      expect(await refusal(service.request(ask({ userId: 12 }), NOW))).toMatchObject({ status: 404 });
      expect(repository.schedule).not.toHaveBeenCalled();
    });

    it('refuses a wrong username (400 on confirmation) before asking who it is, so a typo costs no attempt', async () => {
      const { service, identity, repository } = await build();
      expect(await refusal(service.request(ask({ confirmation: 'omar' }), NOW))).toMatchObject({
        status: 400,
        fieldCodes: { confirmation: [{ code: 'account_deletion_confirmation_wrong' }] },
      });
      expect(identity.confirm).not.toHaveBeenCalled();
      expect(repository.schedule).not.toHaveBeenCalled();
    });

    it('schedules nothing when the identity check refuses', async () => {
      const { service, identity, repository, sessions } = await build();
      identity.confirm.mockRejectedValueOnce(new Error('wrong password'));
      await expect(service.request(ask({ password: 'bad' }), NOW)).rejects.toThrow('wrong password');
      expect(repository.schedule).not.toHaveBeenCalled();
      expect(sessions.destroyAll).not.toHaveBeenCalled();
    });

    it('asks a code of an account with two-step sign-in on (400 on code without one), not of a passkey', async () => {
      const withTwoStep = () => userOf({ twoStepEnabledAt: new Date('2026-11-01T00:00:00Z') });
      const { service, twoStep, repository } = await build({ accounts: [withTwoStep()] });
      expect(await refusal(service.request(ask({ code: '  ' }), NOW))).toMatchObject({ status: 400, fieldCodes: { code: [{ code: 'two_step_code' }] } });
      expect(repository.schedule).not.toHaveBeenCalled();
      twoStep.checkCode.mockRejectedValueOnce(new Error('wrong code'));
      await expect(service.request(ask({ code: '000000' }), NOW)).rejects.toThrow('wrong code');
      expect(repository.schedule).not.toHaveBeenCalled();
      await service.request(ask({ code: '123456' }), NOW);
      expect(twoStep.checkCode).toHaveBeenLastCalledWith(expect.objectContaining({ id: 11 }), '123456', '203.0.113.9');

      const byPasskey = await build({ accounts: [withTwoStep()] });
      byPasskey.identity.confirm.mockResolvedValueOnce('passkey');
      await byPasskey.service.request(ask({ password: undefined }), NOW);
      expect(byPasskey.twoStep.checkCode).not.toHaveBeenCalled();
      expect(byPasskey.repository.schedule).toHaveBeenCalled();
    });

    it('refuses while the account is in a call (409 in_call)', async () => {
      const { service, repository, sessions } = await build({ inCall: true });
      expect(await refusal(service.request(ask(), NOW))).toMatchObject({ status: 409, code: ACCOUNT_DELETION_IN_CALL_CODE, messageCode: { code: 'account_deletion_in_call' } });
      expect(repository.schedule).not.toHaveBeenCalled();
      expect(sessions.destroyAll).not.toHaveBeenCalled();
    });
  });

  describe('cancelling', () => {
    it('clears it through the accounts and answers the account as it now is', async () => {
      const { service, users } = await build();
      expect(await service.cancel(11)).toEqual({ state: 'none', requestedAt: null, scheduledFor: null });
      expect(users.cancelDeletion).toHaveBeenCalledWith(11);
    });

    it('answers 404 for an account nobody has', async () => {
      const { service, users } = await build();
      expect(await refusal(service.cancel(12))).toMatchObject({ status: 404 });
      expect(users.cancelDeletion).not.toHaveBeenCalled();
    });
  });

  describe('the sweep', () => {
    const dueAccount = (id: number) => userOf({ id, username: `u${id}`, deletionRequestedAt: new Date(NOW.getTime() - GRACE_MS), deletionDueAt: NOW });
    const erasures = [AccountDeletionPatterns.EraseChat, AccountDeletionPatterns.EraseMarketplace, AccountDeletionPatterns.EraseMedia];

    it("erases auth-svc's part with a tombstone, ends the sessions, asks every service for theirs, then is done", async () => {
      const { service, repository, sessions, users, rpc } = await build({ accounts: [dueAccount(11)] });
      expect(await service.sweep(NOW)).toBe(1);
      const [userId, at, tombstone] = repository.erase.mock.calls[0];
      expect([userId, at]).toEqual([11, NOW]);
      expect(tombstone).toMatchObject({ email: null, passwordHash: null, totpSecret: null, passkeyUserHandle: null, passkeyCount: 0, role: 'user', language: DEFAULT_LANGUAGE, erasedAt: NOW });
      expect(tombstone.username).toMatch(/^deleted-[0-9a-f]{12}$/);
      expect(tombstone.settings).toMatchObject({ privacy: { showOnlineStatus: false, showLastSeen: false, allowDirectMessages: false }, notifications: { email: false, push: false } });
      expect(sessions.destroyAll).toHaveBeenCalledWith(11);
      expect(users.publishChanged).toHaveBeenCalledTimes(1);
      expect(rpc.request.mock.calls.map(([pattern, data]) => [pattern, data])).toEqual(erasures.map((pattern) => [pattern, { userId: 11 }]));
      expect(repository.finished).toHaveBeenCalledWith(11);
    });

    it('leaves an account a sign-in saved meanwhile, asking nobody', async () => {
      const { service, repository, rpc, sessions } = await build({ accounts: [dueAccount(11)], erase: 'cancelled' });
      expect(await service.sweep(NOW)).toBe(0);
      expect(rpc.request).not.toHaveBeenCalled();
      expect(sessions.destroyAll).not.toHaveBeenCalled();
      expect(repository.finished).not.toHaveBeenCalled();
    });

    it('asks the services again for an account whose own part was erased on an earlier pass, telling the gateways nothing new', async () => {
      const { service, users, rpc, repository } = await build({ accounts: [dueAccount(11)], erase: 'erased' });
      expect(await service.sweep(NOW)).toBe(1);
      expect(users.publishChanged).not.toHaveBeenCalled();
      expect(rpc.request).toHaveBeenCalledTimes(3);
      expect(repository.finished).toHaveBeenCalledWith(11);
    });

    it('keeps an account due when a service does not answer, and goes on with the next', async () => {
      const { service, repository, rpc } = await build({ accounts: [dueAccount(11), dueAccount(12)] });
      const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      rpc.request.mockImplementation(async (pattern: string, data: unknown) => {
        if (pattern === AccountDeletionPatterns.EraseMedia && (data as { userId: number }).userId === 11) throw new Error('media-svc is down');
        return { erased: {} };
      });
      expect(await service.sweep(NOW)).toBe(1);
      expect(repository.finished.mock.calls).toEqual([[12]]);
      expect(logged).toHaveBeenCalledWith(expect.stringContaining('account 11'));
      logged.mockRestore();
    });
  });
});

describe('AccountDeletionRepository', () => {
  it("forgets the account's known devices by its id", async () => {
    const { em, statements } = statementLog();
    const tx = Object.assign(em, {
      findOne: jest.fn(async () => userOf({ deletionDueAt: NOW })),
      nativeUpdate: jest.fn(async () => 1),
      nativeDelete: jest.fn(async () => 0),
    });
    expect(await new AccountDeletionRepository(tx as unknown as EntityManager).erase(11, NOW, { email: null })).toBe('newly-erased');
    expect(tx.nativeUpdate).toHaveBeenCalledWith(User, { id: 11, deletionDueAt: { $lte: NOW }, erasedAt: null }, { email: null });
    expect(statements).toEqual([{ sql: 'delete from "known_devices" where "user_id" = ?', params: [11] }]);
  });
});
