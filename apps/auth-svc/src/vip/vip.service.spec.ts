import { Test } from '@nestjs/testing';
import { ErrorCode, ModerationMessages, VipEvents, VipMessages, type ActorDto, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { VipChange } from './vip-change.entity';
import { VipClock } from './vip-clock';
import { VipRepository, type VipChangeLine } from './vip.repository';
import { VipService } from './vip.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Who may be given VIP, by whom, and what ends a period, over a typed fake of the VIP repository
// (accounts kept in memory; the row lock and the sweeps' skipping of locked rows run for real in
// tests/api/vip-grants.int-spec.ts and apps/auth-svc/test/vip-expiry.int-spec.ts).

const NOW = new Date('2026-11-29T12:00:00Z');
const DAY_MS = 24 * 60 * 60 * 1000;
const moderator: ActorDto = { id: 1, username: 'sam', avatar: null, role: 'moderator' };

const userOf = (id: number, role: UserRole, fields: Partial<User> = {}) => Object.assign(new User(), { id, username: `${role}${id}`, role, ...fields });

async function build(accounts: User[]) {
  const stored = new Map([userOf(1, 'moderator', { username: 'sam' }), ...accounts].map((user) => [user.id, user]));
  /** The audit lines recorded, in order. */
  const lines: VipChange[] = [];
  const line = (userId: number, fields: VipChangeLine) => {
    const change = Object.assign(new VipChange(), { ...fields, userId, id: lines.length + 1 });
    lines.push(change);
    return change;
  };
  const vip = {
    roleOf: fn(async (...[id]: [number]) => stored.get(id)?.role ?? null),
    exists: fn(async (...[id]: [number]) => stored.has(id)),
    change: fn(async (...[id, edit]: [number, (user: User) => VipChangeLine]) => {
      const user = stored.get(id);
      return user ? { user, change: line(id, edit(user)) } : null;
    }),
    changes: fn(async () => [...lines].reverse()),
    usernames: fn(async (...[ids]: [number[]]) => new Map(ids.flatMap((id) => stored.get(id) ?? []).map((user) => [user.id, user.username]))),
    endDue: fn(async (...[now, , end]: [Date, number, (user: User) => VipChangeLine]) => {
      const due = [...stored.values()].filter((user) => user.vipUntil && user.vipUntil <= now);
      for (const user of due) line(user.id, end(user));
      return due;
    }),
    remindDue: fn(async (...[now, until]: [Date, Date, number]) => {
      const soon = [...stored.values()].filter((user) => user.vipUntil && user.vipUntil > now && user.vipUntil <= until && !user.vipRemindedAt);
      for (const user of soon) user.vipRemindedAt = now;
      return soon;
    }),
  } satisfies Fake<VipRepository>;
  const users = { publishChanged: fn(async () => undefined) } satisfies Fake<UsersService>;
  const rpc = { emit: fn(async () => undefined) } satisfies Pick<Fake<RpcClient>, 'emit'>;
  const module = await Test.createTestingModule({
    providers: [
      VipService,
      { provide: VipRepository, useValue: vip },
      { provide: UsersService, useValue: users },
      { provide: RpcClient, useValue: rpc },
      { provide: VipClock, useValue: { now: () => NOW.getTime() } satisfies VipClock },
    ],
  }).compile();
  return { service: module.get(VipService), stored, lines, vip, users, rpc };
}

const grant = (userId: number, fields: { days?: number; actor?: ActorDto } = {}) => ({ actor: moderator, userId, reason: '  Paid by bank transfer ', ...fields });

describe('VipService', () => {
  describe('granting', () => {
    it('makes a user VIP for the days given (30 without), records the line and tells of it', async () => {
      const { service, stored, lines, users, rpc } = await build([userOf(11, 'user', { vipRemindedAt: new Date(0) }), userOf(12, 'user')]);
      const answer = await service.grant(grant(11, { days: 7 }));
      const until = new Date(NOW.getTime() + 7 * DAY_MS);
      expect(stored.get(11)).toMatchObject({ role: 'vip', vipUntil: until, vipRemindedAt: null });
      expect(lines).toEqual([expect.objectContaining({ userId: 11, action: 'grant', vipUntil: until, reason: 'Paid by bank transfer', actorId: 1, createdAt: NOW })]);
      expect(answer).toEqual({
        id: 1,
        userId: 11,
        username: 'user11',
        action: 'grant',
        vipUntil: until.toISOString(),
        reason: 'Paid by bank transfer',
        actorId: 1,
        actorUsername: 'sam',
        createdAt: NOW.toISOString(),
      });
      expect(users.publishChanged).toHaveBeenCalledWith(stored.get(11));
      expect(rpc.emit).toHaveBeenCalledWith(VipEvents.Changed, answer);
      await service.grant(grant(12));
      expect(stored.get(12)?.vipUntil).toEqual(new Date(NOW.getTime() + 30 * DAY_MS));
    });

    it('grants again once the last period has ended', async () => {
      const { service, stored } = await build([userOf(11, 'user', { vipUntil: new Date(NOW.getTime() - 1) })]);
      await service.grant(grant(11, { days: 1 }));
      expect(stored.get(11)).toMatchObject({ role: 'vip', vipUntil: new Date(NOW.getTime() + DAY_MS) });
    });

    it('listens only to moderators as stored, whatever role the actor claims', async () => {
      const { service, lines } = await build([userOf(11, 'user'), userOf(20, 'vip')]);
      for (const actor of [{ ...moderator, id: 20 }, { ...moderator, id: 404 }]) {
        expect(await refusal(service.grant(grant(11, { actor })))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: ModerationMessages.ModeratorsOnly });
        expect(await refusal(service.revoke(grant(11, { actor })))).toMatchObject({ status: 403 });
        expect(await refusal(service.history(actor))).toMatchObject({ status: 403 });
      }
      expect(lines).toEqual([]);
    });

    it.each<[string, User, object]>([
      ['a guest', userOf(11, 'guest'), { status: 422, message: VipMessages.GuestsCannotBeVip }],
      ['a seller', userOf(11, 'seller'), { status: 422, message: VipMessages.AlreadyIncluded }],
      ['a moderator', userOf(11, 'moderator'), { status: 422, message: VipMessages.AlreadyIncluded }],
      [
        'a VIP whose period runs',
        userOf(11, 'vip', { vipUntil: new Date('2026-12-01T10:00:00Z') }),
        { status: 409, code: ErrorCode.Conflict, message: VipMessages.alreadyVip('2026-12-01T10:00:00.000Z') },
      ],
    ])('refuses %s, changing and telling nothing', async (_, account, answer) => {
      const before = structuredClone(account);
      const { service, lines, users, rpc } = await build([account]);
      expect(await refusal(service.grant(grant(11)))).toMatchObject(answer);
      expect(lines).toEqual([]);
      expect({ ...account }).toEqual(before);
      expect(users.publishChanged).not.toHaveBeenCalled();
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('answers 404 for an account that is not there', async () => {
      const { service } = await build([]);
      expect(await refusal(service.grant(grant(99)))).toMatchObject({ status: 404, message: 'User not found' });
      expect(await refusal(service.revoke(grant(99)))).toMatchObject({ status: 404, message: 'User not found' });
    });
  });

  describe('revoking', () => {
    it("ends a VIP's period at once and records the line", async () => {
      const { service, stored, lines, rpc } = await build([userOf(11, 'vip', { vipUntil: new Date('2026-12-20T00:00:00Z') })]);
      const answer = await service.revoke({ actor: moderator, userId: 11, reason: 'Refunded' });
      expect(stored.get(11)).toMatchObject({ role: 'user', vipUntil: null });
      expect(lines).toEqual([expect.objectContaining({ action: 'revoke', vipUntil: null, reason: 'Refunded', actorId: 1 })]);
      expect(answer).toMatchObject({ action: 'revoke', vipUntil: null, username: 'vip11', actorUsername: 'sam' });
      expect(rpc.emit).toHaveBeenCalledWith(VipEvents.Changed, answer);
    });

    it('refuses one who is not VIP (409)', async () => {
      const { service, lines } = await build([userOf(11, 'user')]);
      expect(await refusal(service.revoke({ actor: moderator, userId: 11, reason: 'Refunded' }))).toMatchObject({ status: 409, message: VipMessages.NotVip });
      expect(lines).toEqual([]);
    });
  });

  describe('the audit list', () => {
    it('names the account and the moderator of each line, none for a period that ended by itself', async () => {
      const { service, vip } = await build([userOf(11, 'user', { vipUntil: new Date(NOW.getTime() - 1) }), userOf(12, 'user')]);
      await service.sweep();
      await service.grant(grant(12));
      const history = await service.history(moderator);
      expect(history.map((line) => [line.username, line.action, line.actorUsername])).toEqual([
        ['user12', 'grant', 'sam'],
        ['user11', 'expire', null],
      ]);
      expect(vip.changes).toHaveBeenLastCalledWith(undefined, 100);
      await service.history(moderator, 12);
      expect(vip.changes).toHaveBeenLastCalledWith(12, 100);
    });

    it("answers 404 for the list of an account that is not there", async () => {
      const { service } = await build([]);
      expect(await refusal(service.history(moderator, 99))).toMatchObject({ status: 404, message: 'User not found' });
    });
  });

  describe('the sweep', () => {
    it("ends the periods past their date, giving a seller's remembered role back as user, and tells of each", async () => {
      const past = new Date(NOW.getTime() - 1);
      const { service, stored, lines, users } = await build([
        userOf(11, 'vip', { vipUntil: past }),
        userOf(12, 'seller', { vipUntil: past, roleBeforeSeller: 'vip' }),
        userOf(13, 'vip', { vipUntil: new Date(NOW.getTime() + 10 * DAY_MS) }),
      ]);
      expect(await service.sweep()).toEqual({ ended: 2, reminded: 0 });
      expect(stored.get(11)).toMatchObject({ role: 'user', vipUntil: null });
      expect(stored.get(12)).toMatchObject({ role: 'seller', roleBeforeSeller: 'user', vipUntil: null });
      expect(stored.get(13)).toMatchObject({ role: 'vip' });
      expect(lines.map((line) => [line.userId, line.action, line.actorId, line.reason])).toEqual([
        [11, 'expire', null, null],
        [12, 'expire', null, null],
      ]);
      expect(users.publishChanged.mock.calls.map(([user]) => user.id)).toEqual([11, 12]);
    });

    it('reminds a holder once when the period ends within three days', async () => {
      const soon = new Date(NOW.getTime() + 2 * DAY_MS);
      const { service, rpc } = await build([userOf(11, 'vip', { vipUntil: soon }), userOf(12, 'vip', { vipUntil: new Date(NOW.getTime() + 4 * DAY_MS) })]);
      expect(await service.sweep()).toEqual({ ended: 0, reminded: 1 });
      expect(rpc.emit.mock.calls).toEqual([[VipEvents.Expiring, { userId: 11, vipUntil: soon.toISOString() }]]);
      expect(await service.sweep()).toEqual({ ended: 0, reminded: 0 });
      expect(rpc.emit).toHaveBeenCalledTimes(1);
    });
  });
});
