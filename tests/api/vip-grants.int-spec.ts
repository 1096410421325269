/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import { VIP_GRANT_DAYS_MAX, VipMessages, ModerationMessages } from '@app/contracts';
import { eventually } from '@app/testing';
import { startModerationStack, type ModerationStack } from './moderation-stack';

const DAY_MS = 86_400_000;

describe('VIP granted by moderators, through the gateways', () => {
  let stack: ModerationStack;

  beforeAll(async () => {
    stack = await startModerationStack();
  }, 120_000);

  afterAll(() => stack?.stop());

  it('grants VIP for 30 days: the member is VIP at once, sees until when, and may create a room; revoking takes it back', async () => {
    const moderator = await stack.member('moderator');
    const member = await stack.member();
    expect((await member.client.post('/api/rooms', { name: `Before ${Date.now() % 1e6}`, category: 'general' })).status).toBe(403);

    const sockets = [await stack.socket(member.client, member.user.id, 0), await stack.socket(member.client, member.user.id, 1)];
    const granted = await moderator.client.post(`/api/moderation/users/${member.user.id}/vip`, { reason: 'Paid through the messaging app' });
    expect(granted.status).toBe(200);
    expect(granted.body).toMatchObject({ userId: member.user.id, username: member.username, action: 'grant', reason: 'Paid through the messaging app', actorId: moderator.user.id, actorUsername: moderator.username });
    const until = Date.parse(granted.body.vipUntil);
    expect(until - Date.now()).toBeGreaterThan(30 * DAY_MS - 60_000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * DAY_MS);

    // Pages the member has open, on either gateway, are told at once.
    for (const socket of sockets) expect(await socket.next('account_updated')).toMatchObject({ user: { id: member.user.id, role: 'vip', vipUntil: granted.body.vipUntil } });
    // Both gateways see the new role on the member's very next request.
    for (const gateway of [0, 1]) {
      const me = await stack.on(member.client, gateway).get('/api/users/me');
      expect(me.body).toMatchObject({ role: 'vip', vipUntil: granted.body.vipUntil });
    }
    // The member is told, in their notifications.
    await eventually(async () => {
      const { body } = await member.client.get('/api/notifications');
      expect(body.notifications[0]).toMatchObject({ type: 'vip', title: 'You are now a VIP member', content: VipMessages.vipUntil(granted.body.vipUntil), link: '/profile' });
    });
    const room = await member.client.post('/api/rooms', { name: `Vip ${Date.now() % 1e6}`, category: 'general' });
    expect(room.status).toBe(201);

    const again = await moderator.client.post(`/api/moderation/users/${member.user.id}/vip`, { reason: 'Twice', days: 7 });
    expect(again).toMatchObject({ status: 409, body: { message: VipMessages.alreadyVip(granted.body.vipUntil) } });

    const revoked = await moderator.client.request('DELETE', `/api/moderation/users/${member.user.id}/vip`, { reason: 'Refunded' });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ action: 'revoke', vipUntil: null, reason: 'Refunded', actorUsername: moderator.username });
    expect((await member.client.get('/api/users/me')).body).toMatchObject({ role: 'user', vipUntil: null });
    await eventually(async () => expect((await member.client.get('/api/notifications')).body.notifications[0]).toMatchObject({ type: 'vip', title: 'Your VIP membership has ended' }));
    expect((await moderator.client.request('DELETE', `/api/moderation/users/${member.user.id}/vip`, { reason: 'Again' })).body).toMatchObject({ message: VipMessages.NotVip });

    const history = await moderator.client.get(`/api/moderation/users/${member.user.id}/vip`);
    expect(history.body.map((c: any) => [c.action, c.reason, c.actorUsername])).toEqual([
      ['revoke', 'Refunded', moderator.username],
      ['grant', 'Paid through the messaging app', moderator.username],
    ]);
    const everyone = await moderator.client.get('/api/moderation/vip');
    expect(everyone.body.slice(0, 2).map((c: any) => c.id)).toEqual(history.body.map((c: any) => c.id));
  });

  it('refuses everyone but moderators, and targets that cannot be VIP, bad input and unknown people with clear answers', async () => {
    const moderator = await stack.member('moderator');
    const member = await stack.member();
    const vip = await stack.member('vip');
    const seller = await stack.member('seller');
    const other = await stack.member('moderator');
    const grant = (client = moderator.client, id: number | string = member.user.id, body: object = { reason: 'Paid' }) => client.post(`/api/moderation/users/${id}/vip`, body);

    expect((await stack.browser().post(`/api/moderation/users/${member.user.id}/vip`, { reason: 'x' })).status).toBe(401);
    for (const client of [member.client, vip.client, seller.client]) {
      expect(await grant(client)).toMatchObject({ status: 403, body: { message: ModerationMessages.ModeratorsOnly } });
      expect((await client.get('/api/moderation/vip')).status).toBe(403);
    }
    expect(await grant(moderator.client, seller.user.id)).toMatchObject({ status: 422, body: { message: VipMessages.AlreadyIncluded } });
    expect(await grant(moderator.client, other.user.id)).toMatchObject({
      status: 422,
      body: { message: VipMessages.AlreadyIncluded, messageCode: { code: 'vip_already_included' } },
    });
    expect((await grant(moderator.client, 2_000_000_000)).status).toBe(404);
    expect((await grant(moderator.client, 'abc')).status).toBe(400);
    expect((await moderator.client.get('/api/moderation/users/2000000000/vip')).status).toBe(404);

    const daysMessage = 'Days must be a whole number from 1 to 366';
    for (const days of [0, VIP_GRANT_DAYS_MAX + 1, 1.5, '30']) {
      expect(await grant(moderator.client, member.user.id, { reason: 'Paid', days })).toMatchObject({
        status: 400,
        body: { fields: { days: [daysMessage] }, fieldCodes: { days: [{ code: 'moderation_days', params: { min: 1, max: 366 } }] } },
      });
    }
    expect(await grant(moderator.client, member.user.id, { reason: '  ' })).toMatchObject({ status: 400, body: { fields: { reason: ['Reason is required'] } } });

    // A VIP set without a period (before grants existed) gets one when granted.
    const granted = await grant(moderator.client, vip.user.id, { reason: 'Now with an end', days: 1 });
    expect(granted.status).toBe(200);
    expect(Date.parse(granted.body.vipUntil) - Date.now()).toBeLessThanOrEqual(DAY_MS);
    expect((await member.client.get('/api/users/me')).body.role).toBe('user');
  });

  it('gives one grant when two moderators on two gateways grant at once', async () => {
    const first = await stack.member('moderator');
    const second = await stack.member('moderator');
    const member = await stack.member();
    const answers = await Promise.all([
      first.client.post(`/api/moderation/users/${member.user.id}/vip`, { reason: 'First' }),
      stack.on(second.client, 1).post(`/api/moderation/users/${member.user.id}/vip`, { reason: 'Second', days: 10 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const history = await first.client.get(`/api/moderation/users/${member.user.id}/vip`);
    expect(history.body).toHaveLength(1);
    expect((await member.client.get('/api/users/me')).body.vipUntil).toBe(history.body[0].vipUntil);
  });
});
