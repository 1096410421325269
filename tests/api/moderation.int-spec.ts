/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { ModerationErrorCode, ModerationMessages, WS_CLOSE_SESSION_ENDED } from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
import { startModerationStack, type Member, type ModerationStack } from './moderation-stack';

jest.setTimeout(60_000);

describe('reports, moderation and enforcement through the gateways', () => {
  let s: ModerationStack;
  let moderator: Member;

  beforeAll(async () => {
    s = await startModerationStack();
    moderator = await s.member('moderator');
  }, 60_000);
  afterAll(() => s?.stop());

  const mod = () => moderator.client;

  /** A public room (no cooldown) made by the moderator. */
  async function room(): Promise<{ id: number; name: string }> {
    const made = await mod().post('/api/rooms', { name: uniqueName('Hall'), category: 'general', messageCooldown: 0 });
    expect(made.status).toBe(201);
    return made.body;
  }

  /** A socket of the member on a gateway, inside the room. */
  async function inRoom(member: Member, roomId: number, gateway = 0) {
    const socket = await s.socket(member.client, member.user.id, gateway);
    socket.send({ type: 'join_room', roomId });
    await socket.next('room_joined');
    return socket;
  }

  async function say(member: Member, roomId: number, content: string) {
    const sent = await member.client.post(`/api/rooms/${roomId}/messages`, { content });
    expect(sent.status).toBe(201);
    return sent.body;
  }

  it('takes a report into the queue; the removal reaches everyone in the room on both gateways, and the reporter learns the outcome', async () => {
    const [alice, bob, carol] = [await s.member(), await s.member(), await s.member()];
    const hall = await room();
    const aliceSocket = await inRoom(alice, hall.id, 0);
    const bobSocket = await inRoom(bob, hall.id, 1);
    const carolSocket = await inRoom(carol, hall.id, 1);
    bobSocket.send({ type: 'send_message', content: 'you are all idiots', clientId: 'insult-1' });
    const { message } = await bobSocket.next('message_ack');
    await aliceSocket.next('new_message');

    const reported = await alice.client.post('/api/reports', { targetType: 'message', targetId: message.id, reason: 'harassment', note: 'Rude to everyone' });
    expect(reported).toMatchObject({ status: 201, body: { status: 'open', targetLabel: `Message by ${bob.username}`, outcome: null } });
    expect((await alice.client.post('/api/reports', { targetType: 'message', targetId: message.id, reason: 'spam' })).status).toBe(409);

    const queue = await mod().get('/api/moderation/reports?kind=message&status=open');
    expect(queue.status).toBe(200);
    const listed = queue.body.find((r: any) => r.id === reported.body.id);
    expect(listed).toMatchObject({ reporter: { id: alice.user.id }, subject: { id: bob.user.id }, evidence: { message: { content: 'you are all idiots' } } });

    const removed = await s.on(mod(), 1).post(`/api/moderation/messages/${message.id}/delete`, { reason: 'Insults', reportId: reported.body.id });
    expect(removed).toMatchObject({ status: 200, body: { entry: { action: 'delete_message', target: { id: bob.user.id }, reason: 'Insults' } } });
    for (const socket of [aliceSocket, bobSocket, carolSocket]) {
      expect(await socket.next('message_deleted')).toEqual({ type: 'message_deleted', roomId: hall.id, messageId: message.id, seq: message.seq, removedBy: 'moderator' });
    }
    const history = await carol.client.get(`/api/rooms/${hall.id}/messages`);
    expect(history.body.find((m: any) => m.id === message.id)).toMatchObject({ content: '', removedBy: 'moderator' });

    expect(await aliceSocket.next('moderation_notice')).toMatchObject({ notice: { kind: 'report_resolved', outcome: 'action_taken', reportId: reported.body.id } });
    const mine = await alice.client.get('/api/reports');
    expect(mine.body[0]).toMatchObject({ id: reported.body.id, status: 'resolved', outcome: 'action_taken', outcomeMessage: ModerationMessages.OutcomeActionTaken });
    const audit = await mod().get(`/api/moderation/audit?userId=${bob.user.id}`);
    expect(audit.body.map((e: any) => [e.action, e.actor.id, e.target.id, e.reason])).toEqual([['delete_message', moderator.user.id, bob.user.id, 'Insults']]);
  });

  it('mutes a user on the REST and socket paths alike, with the end time, tells them, and lifts it early', async () => {
    const bob = await s.member();
    const hall = await room();
    const socket = await inRoom(bob, hall.id, 1);
    await say(bob, hall.id, 'first words');

    const muted = await mod().post(`/api/moderation/users/${bob.user.id}/mute`, { duration: '1h', reason: 'Flooding the room' });
    expect(muted.status).toBe(200);
    const endsAt = muted.body.entry.details.endsAt;
    expect(await socket.next('moderation_notice')).toMatchObject({ notice: { kind: 'mute', endsAt, reason: 'Flooding the room' } });

    const refused = await bob.client.post(`/api/rooms/${hall.id}/messages`, { content: 'can I speak?' });
    expect(refused).toMatchObject({
      status: 403,
      body: { code: ModerationErrorCode.Muted, message: ModerationMessages.muted(endsAt), messageCode: { code: 'muted', params: { until: endsAt } }, mutedUntil: endsAt },
    });
    socket.send({ type: 'send_message', content: 'and here?', clientId: 'muted-1' });
    expect(await socket.next('error')).toMatchObject({ code: ModerationErrorCode.Muted, mutedUntil: endsAt, clientId: 'muted-1' });
    expect((await bob.client.get('/api/moderation/notices')).body).toMatchObject({ mute: { endsAt, reason: 'Flooding the room' } });

    const lifted = await mod().post(`/api/moderation/users/${bob.user.id}/lift`, { sanction: 'mute', reason: 'Calmed down' });
    expect(lifted).toMatchObject({ status: 200, body: { entry: { action: 'lift_mute' } } });
    socket.send({ type: 'send_message', content: 'thank you', clientId: 'after-1' });
    expect(await socket.next('message_ack')).toMatchObject({ clientId: 'after-1' });
  });

  it("ends a suspended user's sessions and closes their sockets on every gateway, and sign-in says until when", async () => {
    const dave = await s.member();
    const laptop = dave.client;
    const phone = s.browser(1);
    expect((await phone.login(dave.username, dave.password)).status).toBe(200);
    const sockets = [
      await s.socket(laptop, dave.user.id, 0),
      await s.socket(s.on(laptop, 1), dave.user.id, 1),
      await s.socket(phone, dave.user.id, 1),
    ];

    const suspended = await s.on(mod(), 1).post(`/api/moderation/users/${dave.user.id}/suspend`, { days: 7, reason: 'Threats' });
    expect(suspended).toMatchObject({ status: 200, body: { entry: { action: 'suspend', details: { days: 7 } } } });
    const until = suspended.body.entry.details.endsAt;
    // No frame is sent: the gateways close idle sockets as soon as they hear of it.
    await eventually(() => expect(sockets.map((socket) => socket.closeCode)).toEqual(Array(3).fill(WS_CLOSE_SESSION_ENDED)), { timeoutMs: 5000 });
    for (const client of [laptop, s.on(laptop, 1), phone]) expect((await client.get('/api/users/me')).status).toBe(401);

    const again = await s.browser(1).login(dave.username, dave.password);
    expect(again).toMatchObject({
      status: 403,
      body: {
        code: ModerationErrorCode.AccountSuspended,
        message: ModerationMessages.suspended(until),
        messageCode: { code: 'account_suspended', params: { until } },
        suspendedUntil: until,
        reason: 'Threats',
      },
    });
    expect(again.body.message).toMatch(/^Your account is suspended until /);

    const view = await mod().get(`/api/moderation/users/${dave.user.id}`);
    expect(view.body).toMatchObject({ account: { id: dave.user.id, sanction: { kind: 'suspension', endsAt: until } }, record: { audit: [{ action: 'suspend' }] } });
    expect((await mod().post(`/api/moderation/users/${dave.user.id}/lift`, { sanction: 'suspension', reason: 'Appeal accepted' })).status).toBe(200);
    expect((await s.browser(0).login(dave.username, dave.password)).status).toBe(200);
  });

  it('bans for good: sockets close, sign-in says banned', async () => {
    const erin = await s.member();
    const socket = await s.socket(erin.client, erin.user.id, 1);
    expect((await mod().post(`/api/moderation/users/${erin.user.id}/ban`, { reason: 'Selling stolen accounts' })).status).toBe(200);
    await eventually(() => expect(socket.closeCode).toBe(WS_CLOSE_SESSION_ENDED), { timeoutMs: 5000 });
    expect(await s.browser(0).login(erin.username, erin.password)).toMatchObject({
      status: 403,
      body: { code: ModerationErrorCode.AccountBanned, message: 'Your account has been banned' },
    });
  });

  it('gives one sanction and one audit entry when two moderators on two gateways act on one report at once', async () => {
    const second = await s.member('moderator');
    const target = await s.member();
    const made = await (await s.member()).client.post('/api/reports', { targetType: 'user', targetId: target.user.id, reason: 'scam' });
    // Each closes the same report, so one of them acts and the others find it handled, whichever comes first.
    const answers = await Promise.all([
      mod().post(`/api/moderation/users/${target.user.id}/suspend`, { days: 3, reason: 'Scam', reportId: made.body.id }),
      s.on(second.client, 1).post(`/api/moderation/users/${target.user.id}/ban`, { reason: 'Scam', reportId: made.body.id }),
      s.on(second.client, 1).post(`/api/moderation/users/${target.user.id}/suspend`, { days: 5, reason: 'Scam', reportId: made.body.id }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    const audit = await mod().get(`/api/moderation/audit?userId=${target.user.id}`);
    expect(audit.body).toHaveLength(1);
    const view = await mod().get(`/api/moderation/users/${target.user.id}`);
    expect(view.body.account.sanctions).toHaveLength(1);
    expect(view.body.account.sanctions[0].kind).toBe(audit.body[0].action === 'ban' ? 'ban' : 'suspension');
  });

  it('gives one suspension when two moderators on two gateways suspend someone at once, with no report', async () => {
    const second = await s.member('moderator');
    const target = await s.member();
    const answers = await Promise.all([
      mod().post(`/api/moderation/users/${target.user.id}/suspend`, { days: 3, reason: 'Scam' }),
      s.on(second.client, 1).post(`/api/moderation/users/${target.user.id}/suspend`, { days: 5, reason: 'Scam' }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect((await mod().get(`/api/moderation/audit?userId=${target.user.id}`)).body).toHaveLength(1);
    expect((await mod().get(`/api/moderation/users/${target.user.id}`)).body.account.sanctions).toHaveLength(1);
  });

  it('refuses non-moderators, moderators as targets, bad input with field messages and unknown ids, never with a 5xx', async () => {
    const user = await s.member();
    const colleague = await s.member('moderator');
    const paths = ['/api/moderation/reports', '/api/moderation/audit', `/api/moderation/users?q=${user.username}`, `/api/moderation/users/${user.user.id}`];
    for (const path of paths) expect({ path, status: (await user.client.get(path)).status }).toEqual({ path, status: 403 });
    expect((await user.client.post(`/api/moderation/users/${colleague.user.id}/warn`, { reason: 'x' })).status).toBe(403);
    for (const action of ['warn', 'ban']) {
      expect(await mod().post(`/api/moderation/users/${colleague.user.id}/${action}`, { reason: 'x' })).toMatchObject({
        status: 403,
        body: { message: ModerationMessages.NotOnModerators, messageCode: { code: 'moderation_not_on_moderators' } },
      });
    }
    expect(await mod().post(`/api/moderation/users/${user.user.id}/suspend`, { days: 45, reason: '' })).toMatchObject({
      status: 400,
      body: {
        fields: { days: ['Days must be a whole number from 1 to 30'], reason: ['Reason is required'] },
        fieldCodes: { days: [{ code: 'moderation_days', params: { min: 1, max: 30 } }], reason: [{ code: 'moderation_reason_required' }] },
      },
    });
    expect(await mod().post(`/api/moderation/users/${user.user.id}/mute`, { duration: '2w', reason: 'x', extra: 1 })).toMatchObject({
      status: 400,
      body: { fields: { duration: [expect.any(String)], extra: [expect.any(String)] } },
    });
    expect(await user.client.post('/api/reports', { targetType: 'user', targetId: 'abc', reason: 'because' })).toMatchObject({
      status: 400,
      body: { fields: { targetId: [expect.any(String)], reason: [expect.any(String)] } },
    });
    expect((await mod().post('/api/moderation/users/999999/warn', { reason: 'x' })).status).toBe(404);
    expect((await mod().post('/api/moderation/reports/999999/dismiss', { reason: 'x' })).status).toBe(404);
    expect((await mod().get('/api/moderation/users/999999')).status).toBe(404);
    expect((await mod().post('/api/moderation/messages/0/delete', { reason: 'x' })).status).toBe(400);
    expect((await s.browser().post('/api/reports', { targetType: 'user', targetId: user.user.id, reason: 'spam' })).status).toBe(401);
  });

  it('lets a reporter send 10 reports an hour and answers the 11th with 429 and the wait', async () => {
    const [reporter, author] = [await s.member(), await s.member()];
    const hall = await room();
    await inRoom(author, hall.id);
    const messages = [];
    for (let i = 0; i < 11; i++) messages.push(await say(author, hall.id, `advert number ${i}`));
    for (const m of messages.slice(0, 10)) {
      expect((await reporter.client.post('/api/reports', { targetType: 'message', targetId: m.id, reason: 'spam' })).status).toBe(201);
    }
    const refused = await reporter.client.post('/api/reports', { targetType: 'message', targetId: messages[10].id, reason: 'spam' });
    expect(refused).toMatchObject({
      status: 429,
      body: { error: 'rate_limit', message: ModerationMessages.ReportLimit, messageCode: { code: 'report_limit', params: { max: 10 } } },
    });
    expect(refused.body.waitTime).toBeGreaterThan(59 * 60_000);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
  });

  it('finds people by username or e-mail, reports a seller profile and a room, and deletes the room from its report', async () => {
    const [reporter, expert] = [await s.member(), await s.member('seller')];
    const found = await mod().get(`/api/moderation/users?q=${encodeURIComponent(`${expert.username}@example.com`)}`);
    expect(found).toMatchObject({ status: 200, body: [{ id: expert.user.id, username: expert.username, email: `${expert.username}@example.com`, role: 'seller' }] });

    s.sellers.set(501, { id: 501, userId: expert.user.id, displayName: 'Dana Career Coach' });
    const sellerReport = await reporter.client.post('/api/reports', { targetType: 'seller', targetId: 501, reason: 'scam', note: 'Wants payment by gift card' });
    expect(sellerReport).toMatchObject({ status: 201, body: { targetLabel: 'Expert Dana Career Coach' } });
    const warned = await mod().post(`/api/moderation/users/${expert.user.id}/warn`, { reason: 'Payments stay on the platform', reportId: sellerReport.body.id });
    expect(warned.status).toBe(200);
    expect((await expert.client.get('/api/moderation/notices')).body.notices[0]).toMatchObject({ kind: 'warning', reason: 'Payments stay on the platform' });

    const hall = await room();
    const roomReport = await reporter.client.post('/api/reports', { targetType: 'room', targetId: hall.id, reason: 'inappropriate' });
    expect((await mod().post(`/api/moderation/rooms/${hall.id}/delete`, { reason: 'Off-topic adult content', reportId: roomReport.body.id })).status).toBe(200);
    expect((await reporter.client.get(`/api/rooms/${hall.id}`)).status).toBe(404);
    const outcomes = (await reporter.client.get('/api/reports')).body.map((r: any) => [r.targetType, r.outcome]);
    expect(outcomes).toEqual([
      ['room', 'action_taken'],
      ['seller', 'action_taken'],
    ]);
  });
});

