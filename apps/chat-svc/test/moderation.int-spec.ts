/* eslint-disable @typescript-eslint/no-explicit-any -- stand-in answers and frames are loose JSON */
import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  ChatPatterns,
  chatRoomEventSubject,
  chatUserEventSubject,
  MarketplacePatterns,
  ModerationMessages,
  ModerationPatterns,
  ReportPatterns,
  REPORTS_PER_HOUR,
  SanctionPatterns,
  type ActorDto,
  type AuditEntryDto,
  type MessageDto,
  type ModerationActionResultDto,
  type ModerationNoticeDto,
  type ModerationReportDto,
  type ModerationUserRecordDto,
  type MyModerationStatusDto,
  type ReportDto,
  type RoomDto,
} from '@app/contracts';
import { eventually, uniqueName } from '@app/testing';
import { JSONCodec } from 'nats';
import { startChatHarness, type ChatHarness } from './chat-harness';

const codec = JSONCodec<Record<string, any>>();
const GATEWAY = 'gw-moderation-test';

describe('chat-svc reports and moderation', () => {
  let h: ChatHarness;
  let keepAlive: NodeJS.Timeout;
  let mod: ActorDto;
  /** What the auth-svc stand-in was asked to apply, and the accounts it holds sanctioned. */
  const sanctionRequests: any[] = [];
  const sanctioned = new Map<number, string>();
  const sellers = new Map<number, { id: number; userId: number; displayName: string }>();

  const sql = (query: string, params: unknown[] = []) => h.apps[0].get(MikroORM).em.getConnection().execute(query, params);
  const respond = (subject: string, answer: (data: any) => { response?: unknown; err?: unknown }) => {
    const sub = h.nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const packet = codec.decode(msg.data);
        msg.respond(codec.encode({ id: packet.id, ...answer(packet.data), isDisposed: true }));
      }
    })();
  };

  const publicRoom = () => h.call<RoomDto>(ChatPatterns.CreateRoom, { name: uniqueName('Room'), category: 'general', messageCooldown: 0, actor: mod });
  const enter = (actor: ActorDto, roomId: number) =>
    h.call(ChatPatterns.JoinRoom, { actor, roomId, instance: GATEWAY, socketId: `socket-${actor.id}` });
  const send = (actor: ActorDto, roomId: number, content: string) => h.call<MessageDto>(ChatPatterns.SendMessage, { actor, roomId, content });
  const report = (actor: ActorDto, targetType: string, targetId: number, extra: object = {}) =>
    h.call<ReportDto>(ReportPatterns.Create, { actor, targetType, targetId, reason: 'harassment', ...extra });
  const queue = (filter: object = {}) => h.call<ModerationReportDto[]>(ModerationPatterns.ListReports, { actor: mod, limit: 100, ...filter });
  const status = (actor: ActorDto) => h.call<MyModerationStatusDto>(ModerationPatterns.MyStatus, { actor });

  /** A public room with people in it and a few messages. */
  async function conversation(...people: ActorDto[]) {
    const room = await publicRoom();
    for (const person of people) await enter(person, room.id);
    const messages: MessageDto[] = [];
    for (let i = 0; i < 8; i++) messages.push(await send(people[i % people.length], room.id, `line ${i} ${uniqueName('t')}`));
    return { room, messages };
  }

  beforeAll(async () => {
    h = await startChatHarness({ replicas: 2 });
    mod = h.actor('moderator');
    const beat = () => h.call(ChatPatterns.Heartbeat, { instance: GATEWAY }).catch(() => undefined);
    await beat();
    keepAlive = setInterval(beat, 2000);
    respond(SanctionPatterns.Apply, (d) => {
      sanctionRequests.push(d);
      if (sanctioned.has(d.userId)) return { err: { status: 409, code: 'conflict', message: 'This account is already suspended' } };
      sanctioned.set(d.userId, d.kind);
      const endsAt = d.kind === 'suspension' ? new Date(Date.now() + d.days * 86_400_000).toISOString() : null;
      return { response: { id: sanctionRequests.length, userId: d.userId, kind: d.kind, reason: d.reason, endsAt, active: true } };
    });
    respond(SanctionPatterns.Lift, (d) => {
      if (sanctioned.get(d.userId) !== d.kind) return { err: { status: 409, code: 'conflict', message: ModerationMessages.NotSuspended } };
      sanctioned.delete(d.userId);
      return { response: { id: 1, userId: d.userId, kind: d.kind, active: false } };
    });
    respond(MarketplacePatterns.GetSeller, (d) => {
      const seller = sellers.get(d.id);
      if (!seller) return { err: { status: 404, code: 'not_found', message: 'Seller not found' } };
      return { response: { ...seller, category: 'career', bio: 'I coach careers', aboutMe: 'Ten years of hiring', avatar: null } };
    });
    await h.nc.flush();
  }, 60_000);

  afterAll(async () => {
    clearInterval(keepAlive);
    await h?.stop();
  });

  describe('reports', () => {
    it('keeps the reported message and its context as they were, whatever happens to the message after', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const { room, messages } = await conversation(alice, bob);
      const reported = messages[5];
      const made = await report(alice, 'message', reported.id, { note: '  keeps insulting me  ' });
      expect(made).toMatchObject({ targetType: 'message', targetId: reported.id, status: 'open', outcome: null, note: 'keeps insulting me' });
      expect(made.targetLabel).toBe(`Message by ${bob.username}`);

      // Gone from the room: the report still holds what the reporter saw.
      await h.call(ModerationPatterns.DeleteMessage, { actor: mod, messageId: reported.id, reason: 'Insults' });
      const [entry] = (await queue({ kind: 'message' })).filter((r) => r.id === made.id);
      expect(entry.evidence.message).toMatchObject({ id: reported.id, content: reported.content, sender: { id: bob.id, username: bob.username } });
      expect(entry.evidence.context?.map((m) => m.seq)).toEqual([1, 2, 3, 4, 5, 7, 8]);
      expect(entry.evidence.context?.[0].content).toBe(messages[0].content);
      expect(entry.evidence.room).toMatchObject({ id: room.id, name: room.name, type: 'public' });
      expect(entry).toMatchObject({ reporter: { id: alice.id }, subject: { id: bob.id }, roomId: room.id });
    });

    it('refuses what cannot be reported: guests, oneself, unknown or unreadable targets, private rooms, bad input', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const { room, messages } = await conversation(alice, bob);
      expect(await h.fail(ReportPatterns.Create, { actor: h.actor('guest'), targetType: 'user', targetId: bob.id, reason: 'spam' })).toMatchObject({
        status: 403,
        message: ModerationMessages.GuestsCannotReport,
      });
      expect(await h.fail(ReportPatterns.Create, { actor: alice, targetType: 'user', targetId: alice.id, reason: 'spam' })).toMatchObject({
        status: 400,
        fields: { targetId: [ModerationMessages.ReportSelf] },
        fieldCodes: { targetId: [{ code: 'report_self' }] },
      });
      const own = messages.find((m) => m.senderId === alice.id) as MessageDto;
      expect(await h.fail(ReportPatterns.Create, { actor: alice, targetType: 'message', targetId: own.id, reason: 'spam' })).toMatchObject({
        status: 400,
        message: ModerationMessages.ReportOwnMessage,
      });
      for (const targetType of ['message', 'user', 'room', 'seller']) {
        expect(await h.fail(ReportPatterns.Create, { actor: alice, targetType, targetId: 999_999, reason: 'spam' })).toMatchObject({ status: 404 });
      }

      // A private chat's messages are reported by its two people only; others are told it does not exist.
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: room.id });
      const secret = await send(bob, chat.id, 'only for alice');
      expect(await h.fail(ReportPatterns.Create, { actor: h.actor('user'), targetType: 'message', targetId: secret.id, reason: 'spam' })).toMatchObject({
        status: 404,
        message: ModerationMessages.MessageNotFound,
      });
      await expect(report(alice, 'message', secret.id)).resolves.toMatchObject({ status: 'open' });
      expect(await h.fail(ReportPatterns.Create, { actor: alice, targetType: 'room', targetId: chat.id, reason: 'spam' })).toMatchObject({
        status: 400,
        message: ModerationMessages.OnlyPublicRooms,
      });

      const bad = await h.fail(ReportPatterns.Create, { actor: alice, targetType: 'dm', targetId: 0, reason: 'rude', note: 'x'.repeat(501) });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['note', 'reason', 'targetId', 'targetType']);
      expect(bad.fields?.note).toEqual(['Note must be at most 500 characters']);
      expect(bad.fieldCodes?.note).toEqual([{ code: 'report_note_too_long', params: { max: 500 } }]);
      expect(bad.fieldCodes?.reason).toEqual([{ code: 'report_reason_choice', params: { reasons: 'harassment, spam, inappropriate, scam, other' } }]);
    });

    it('takes one open report per reporter and target, and a new one once it was handled', async () => {
      const alice = h.actor('user');
      const carol = h.actor('user');
      const bob = h.actor('user');
      const first = await report(alice, 'user', bob.id, { reason: 'spam' });
      expect(await h.fail(ReportPatterns.Create, { actor: alice, targetType: 'user', targetId: bob.id, reason: 'other' })).toMatchObject({
        status: 409,
        message: ModerationMessages.AlreadyReported,
      });
      // Someone else may report the same person.
      await report(carol, 'user', bob.id);
      await h.call(ModerationPatterns.Dismiss, { actor: mod, reportId: first.id, reason: 'Not a violation' });
      await expect(report(alice, 'user', bob.id)).resolves.toMatchObject({ status: 'open' });
    });

    it('lets a reporter send at most 10 reports an hour, even through replicas at once, and says how long to wait', async () => {
      const reporter = h.actor('user');
      const targets = Array.from({ length: REPORTS_PER_HOUR + 5 }, () => h.actor('user'));
      const results = await Promise.allSettled(targets.map((t) => report(reporter, 'user', t.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(REPORTS_PER_HOUR);

      const refused = await h.fail(ReportPatterns.Create, { actor: reporter, targetType: 'user', targetId: h.actor('user').id, reason: 'spam' });
      expect(refused).toMatchObject({ status: 429, code: 'rate_limit', message: ModerationMessages.ReportLimit, details: { error: 'rate_limit' } });
      expect(refused.details?.waitTime).toBeGreaterThan(59 * 60_000);
      expect(refused.details?.waitTime).toBeLessThanOrEqual(60 * 60_000);

      // An hour later the oldest has left the window: one more is taken.
      await sql(`update reports set created_at = created_at - interval '61 minutes' where id = (select min(id) from reports where reporter_id = ?)`, [reporter.id]);
      await expect(report(reporter, 'user', h.actor('user').id)).resolves.toMatchObject({ status: 'open' });
      expect((await h.fail(ReportPatterns.Create, { actor: reporter, targetType: 'user', targetId: h.actor('user').id, reason: 'spam' })).status).toBe(429);
    });

    it('reports a public room and a seller profile with what they showed', async () => {
      const alice = h.actor('user');
      const room = await publicRoom();
      await expect(report(alice, 'room', room.id, { reason: 'inappropriate' })).resolves.toMatchObject({ targetLabel: `Room ${room.name}` });
      const seller = h.actor('seller');
      sellers.set(77, { id: 77, userId: seller.id, displayName: 'Casey Careers' });
      const made = await report(alice, 'seller', 77, { reason: 'scam', note: 'Asked me to pay outside the site' });
      expect(made.targetLabel).toBe('Expert Casey Careers');
      const listed = (await queue({ kind: 'seller' })).find((r) => r.id === made.id);
      expect(listed).toMatchObject({ subject: { id: seller.id }, evidence: { seller: { id: 77, displayName: 'Casey Careers', bio: 'I coach careers' } } });
      expect(await h.fail(ReportPatterns.Create, { actor: seller, targetType: 'seller', targetId: 77, reason: 'spam' })).toMatchObject({ status: 400 });
    });
  });

  describe('the queue', () => {
    it('shows moderators the open reports first, oldest first, by kind, and nobody else', async () => {
      const alice = h.actor('user');
      const targets = [h.actor('user'), h.actor('user'), h.actor('user')];
      const made: ReportDto[] = [];
      for (const t of targets) made.push(await report(alice, 'user', t.id));
      await h.call(ModerationPatterns.Dismiss, { actor: mod, reportId: made[0].id, reason: 'Fine' });
      const listed = (await queue({ kind: 'user' })).map((r) => r.id);
      const mine = listed.filter((id) => made.some((m) => m.id === id));
      expect(mine).toEqual([made[1].id, made[2].id, made[0].id]);
      const firstResolved = listed.findIndex((id) => id === made[0].id);
      const open = await queue({ kind: 'user', status: 'open' });
      expect(listed.slice(0, open.length)).toEqual(open.map((r) => r.id));
      expect(firstResolved).toBeGreaterThanOrEqual(open.length);
      expect(open.every((r) => r.targetType === 'user' && r.status === 'open')).toBe(true);

      for (const role of ['user', 'vip', 'seller'] as const) {
        expect(await h.fail(ModerationPatterns.ListReports, { actor: h.actor(role) })).toMatchObject({ status: 403, message: ModerationMessages.ModeratorsOnly });
        expect(await h.fail(ModerationPatterns.Audit, { actor: h.actor(role) })).toMatchObject({ status: 403 });
      }
      expect(await h.fail(ModerationPatterns.GetReport, { actor: mod, reportId: 999_999 })).toMatchObject({ status: 404 });
    });
  });

  describe('actions', () => {
    it('removes a message for everyone in its room, records who, what, whom, when and why, and tells the reporters', async () => {
      const alice = h.actor('user');
      const carol = h.actor('user');
      const bob = h.actor('user');
      const { room, messages } = await conversation(alice, bob, carol);
      const bad = messages.find((m) => m.senderId === bob.id) as MessageDto;
      const roomEvents = h.collect(chatRoomEventSubject(room.id));
      const aliceEvents = h.collect(chatUserEventSubject(alice.id));
      await h.nc.flush();
      const fromAlice = await report(alice, 'message', bad.id);
      const fromCarol = await report(carol, 'message', bad.id, { reason: 'inappropriate' });
      expect((await h.call<ModerationReportDto>(ModerationPatterns.GetReport, { actor: mod, reportId: fromAlice.id })).openReportsOnTarget).toBe(2);

      const { entry } = await h.call<ModerationActionResultDto>(ModerationPatterns.DeleteMessage, {
        actor: mod,
        messageId: bad.id,
        reason: 'Hate speech',
        reportId: fromAlice.id,
      });
      expect(entry).toMatchObject({
        action: 'delete_message',
        actor: { id: mod.id },
        target: { id: bob.id },
        reportId: fromAlice.id,
        messageId: bad.id,
        roomId: room.id,
        reason: 'Hate speech',
        details: { message: { content: bad.content }, resolvedReports: 2 },
      });

      await eventually(() =>
        expect(roomEvents.frames).toContainEqual({ type: 'message_deleted', roomId: room.id, messageId: bad.id, seq: bad.seq, removedBy: 'moderator' }),
      );
      const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: room.id, actor: carol });
      expect(history.find((m) => m.id === bad.id)).toMatchObject({ content: '', removedBy: 'moderator', formatting: null });
      expect(history.filter((m) => m.removedBy)).toHaveLength(1);

      // Both reports are closed; each reporter is told, live and in their notices.
      for (const [who, made] of [[alice, fromAlice], [carol, fromCarol]] as const) {
        const [mine] = (await h.call<ReportDto[]>(ReportPatterns.Mine, { actor: who })).filter((r) => r.id === made.id);
        expect(mine).toMatchObject({ status: 'resolved', outcome: 'action_taken', outcomeMessage: ModerationMessages.OutcomeActionTaken });
        expect((await status(who)).notices[0]).toMatchObject({ kind: 'report_resolved', reportId: made.id, outcome: 'action_taken', reason: null, read: false });
      }
      await eventually(() => expect(aliceEvents.frames).toContainEqual(expect.objectContaining({ type: 'moderation_notice', notice: expect.objectContaining({ reportId: fromAlice.id }) })));
      const audit = await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: bob.id });
      expect(audit[0]).toMatchObject({ id: entry.id, action: 'delete_message' });

      expect(await h.fail(ModerationPatterns.DeleteMessage, { actor: mod, messageId: bad.id, reason: 'again' })).toMatchObject({ status: 409 });
      expect(await h.fail(ModerationPatterns.DeleteMessage, { actor: mod, messageId: 999_999, reason: 'x' })).toMatchObject({ status: 404 });
      expect(await h.fail(ReportPatterns.Create, { actor: carol, targetType: 'message', targetId: bad.id, reason: 'spam' })).toMatchObject({ status: 409 });
      roomEvents.sub.unsubscribe();
      aliceEvents.sub.unsubscribe();
    });

    it('removes a private message only from a report about it', async () => {
      const alice = h.actor('user');
      const bob = h.actor('user');
      const lobby = await publicRoom();
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: alice, otherUserId: bob.id, originRoomId: lobby.id });
      const secret = await send(bob, chat.id, 'pay me outside the site');
      expect(await h.fail(ModerationPatterns.DeleteMessage, { actor: mod, messageId: secret.id, reason: 'Scam' })).toMatchObject({
        status: 403,
        message: ModerationMessages.PrivateMessageNeedsReport,
      });
      const made = await report(alice, 'message', secret.id, { reason: 'scam' });
      await h.call(ModerationPatterns.DeleteMessage, { actor: mod, messageId: secret.id, reason: 'Scam', reportId: made.id });
      const history = await h.call<MessageDto[]>(ChatPatterns.ListMessages, { roomId: chat.id, actor: alice });
      expect(history[0]).toMatchObject({ id: secret.id, content: '', removedBy: 'moderator' });
    });

    it('never acts on a moderator, and only a moderator acts', async () => {
      const other = h.actor('moderator');
      const room = await publicRoom();
      await enter(other, room.id);
      const said = await send(other, room.id, 'moderator speaking');
      const refusals = [
        [ModerationPatterns.Warn, { userId: other.id }],
        [ModerationPatterns.Mute, { userId: other.id, duration: '1h' }],
        [ModerationPatterns.Suspend, { userId: other.id, days: 3 }],
        [ModerationPatterns.Ban, { userId: other.id }],
        [ModerationPatterns.DeleteMessage, { messageId: said.id }],
      ] as const;
      for (const [pattern, target] of refusals) {
        expect(await h.fail(pattern, { actor: mod, reason: 'no', ...target })).toMatchObject({ status: 403, message: ModerationMessages.NotOnModerators });
      }
      expect(sanctionRequests.some((r) => r.userId === other.id)).toBe(false);
      const user = h.actor('user');
      for (const role of ['user', 'vip', 'seller', 'guest'] as const) {
        expect(await h.fail(ModerationPatterns.Warn, { actor: h.actor(role), userId: user.id, reason: 'no' })).toMatchObject({ status: 403 });
      }
      expect(await h.fail(ModerationPatterns.Warn, { actor: mod, userId: 999_999, reason: 'no' })).toMatchObject({ status: 404 });
    });

    it('refuses actions without a reason, with a bad duration, or from a report about someone else', async () => {
      const user = h.actor('user');
      const noReason = await h.fail(ModerationPatterns.Mute, { actor: mod, userId: user.id, reason: '   ', duration: '2w' });
      expect(noReason).toMatchObject({ status: 400 });
      expect(noReason.fields).toEqual({ reason: ['Reason is required'], duration: ['Duration must be 1h, 24h, 7d or 1-30 days (for example 3d)'] });
      for (const duration of ['0d', '31d', '2h', '7', 'forever']) {
        expect((await h.fail(ModerationPatterns.Mute, { actor: mod, userId: user.id, reason: 'x', duration })).fields).toHaveProperty('duration');
      }
      for (const days of [0, 31, 1.5, '3']) {
        expect((await h.fail(ModerationPatterns.Suspend, { actor: mod, userId: user.id, reason: 'x', days })).fields).toEqual({
          days: ['Days must be a whole number from 1 to 30'],
        });
      }
      expect((await h.fail(ModerationPatterns.Warn, { actor: mod, userId: user.id, reason: 'x'.repeat(501) })).fields).toEqual({
        reason: ['Reason must be at most 500 characters'],
      });
      const aboutSomeoneElse = await report(h.actor('user'), 'user', h.actor('user').id);
      expect(await h.fail(ModerationPatterns.Warn, { actor: mod, userId: user.id, reason: 'x', reportId: aboutSomeoneElse.id })).toMatchObject({
        status: 400,
        fields: { reportId: [ModerationMessages.ReportAboutSomethingElse] },
      });
    });

    it('warns a person, who is told at once and finds it in their notices', async () => {
      const user = h.actor('user');
      const events = h.collect(chatUserEventSubject(user.id));
      await h.nc.flush();
      await h.call(ModerationPatterns.Warn, { actor: mod, userId: user.id, reason: 'Please keep it civil' });
      await eventually(() =>
        expect(events.frames).toContainEqual({
          type: 'moderation_notice',
          notice: expect.objectContaining({ kind: 'warning', message: ModerationMessages.Warning, reason: 'Please keep it civil' }),
        }),
      );
      const mine = await status(user);
      expect(mine.notices).toHaveLength(1);
      await h.call(ModerationPatterns.ReadNotices, { actor: user, upToId: mine.notices[0].id });
      expect((await status(user)).notices[0].read).toBe(true);
      expect((await h.call<ModerationUserRecordDto>(ModerationPatterns.UserRecord, { actor: mod, userId: user.id })).warnings).toBe(1);
      events.sub.unsubscribe();
    });

    it('mutes a person in every public room until the end time, tells them when, and lets a moderator lift it early', async () => {
      const user = h.actor('user');
      const friend = h.actor('user');
      const [a, b] = [await publicRoom(), await publicRoom()];
      for (const room of [a, b]) await enter(user, room.id);
      const chat = await h.call<RoomDto>(ChatPatterns.StartPrivateChat, { actor: user, otherUserId: friend.id, originRoomId: a.id });
      const events = h.collect(chatUserEventSubject(user.id));
      await h.nc.flush();

      const { entry } = await h.call<ModerationActionResultDto>(ModerationPatterns.Mute, { actor: mod, userId: user.id, reason: 'Spamming', duration: '24h' });
      const endsAt = entry.details.endsAt as string;
      expect(Date.parse(endsAt) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
      await eventually(() => expect(events.frames).toContainEqual({ type: 'moderation_notice', notice: expect.objectContaining({ kind: 'mute', endsAt }) }));
      for (const room of [a, b]) {
        expect(await h.fail(ChatPatterns.SendMessage, { actor: user, roomId: room.id, content: 'hello?' })).toMatchObject({
          status: 403,
          code: 'muted',
          message: ModerationMessages.muted(endsAt),
          details: { mutedUntil: endsAt },
        });
      }
      // Read-only in public rooms; a private chat goes on.
      await expect(send(user, chat.id, 'still here in private')).resolves.toMatchObject({ roomId: chat.id });
      expect((await status(user)).mute).toEqual({ endsAt, reason: 'Spamming' });
      expect(await h.fail(ModerationPatterns.Mute, { actor: mod, userId: user.id, reason: 'again', duration: '1h' })).toMatchObject({
        status: 409,
        message: ModerationMessages.alreadyMuted(endsAt),
      });

      await h.call(ModerationPatterns.Lift, { actor: mod, userId: user.id, sanction: 'mute', reason: 'Apologised' });
      await expect(send(user, a.id, 'sorry everyone')).resolves.toBeDefined();
      expect(await h.fail(ModerationPatterns.Lift, { actor: mod, userId: user.id, sanction: 'mute', reason: 'again' })).toMatchObject({
        status: 409,
        message: ModerationMessages.NotMuted,
      });
      await eventually(() => expect(events.frames.map((f) => (f.notice as ModerationNoticeDto).kind)).toEqual(['mute', 'mute_lifted']));
      events.sub.unsubscribe();

      // A mute ends at its time with no one lifting it.
      await h.call(ModerationPatterns.Mute, { actor: mod, userId: user.id, reason: 'Spamming again', duration: '1h' });
      expect((await h.fail(ChatPatterns.SendMessage, { actor: user, roomId: a.id, content: 'let me talk' })).status).toBe(403);
      await sql(`update user_mutes set ends_at = now() - interval '1 second' where user_id = ?`, [user.id]);
      await expect(send(user, a.id, 'the hour is over')).resolves.toBeDefined();
      expect((await status(user)).mute).toBeNull();
    });

    it('asks auth-svc to suspend or ban with the acting moderator, passes its refusal on, and audits only what happened', async () => {
      const target = h.actor('user');
      const made = await report(h.actor('user'), 'user', target.id, { reason: 'scam' });
      const { entry } = await h.call<ModerationActionResultDto>(ModerationPatterns.Suspend, {
        actor: mod,
        userId: target.id,
        reason: 'Scamming buyers',
        days: 7,
        reportId: made.id,
      });
      expect(sanctionRequests.at(-1)).toMatchObject({ actor: { id: mod.id, role: 'moderator' }, userId: target.id, kind: 'suspension', days: 7, reason: 'Scamming buyers' });
      expect(entry).toMatchObject({ action: 'suspend', target: { id: target.id }, details: { days: 7, resolvedReports: 1 } });

      // auth-svc refuses a second sanction: nothing is recorded and no report is closed.
      const second = await report(h.actor('user'), 'user', target.id);
      expect(await h.fail(ModerationPatterns.Ban, { actor: mod, userId: target.id, reason: 'Worse', reportId: second.id })).toMatchObject({ status: 409 });
      expect((await h.call<ModerationReportDto>(ModerationPatterns.GetReport, { actor: mod, reportId: second.id })).status).toBe('open');
      const audit = await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: target.id });
      expect(audit.map((e) => e.action)).toEqual(['suspend']);

      await h.call(ModerationPatterns.Lift, { actor: mod, userId: target.id, sanction: 'suspension', reason: 'Appeal accepted' });
      expect((await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: target.id })).map((e) => e.action)).toEqual([
        'lift_suspension',
        'suspend',
      ]);
    });

    it('deletes a reported public room with the reports about it', async () => {
      const room = await publicRoom();
      const made = await report(h.actor('user'), 'room', room.id, { reason: 'inappropriate' });
      const { entry } = await h.call<ModerationActionResultDto>(ModerationPatterns.DeleteRoom, { actor: mod, roomId: room.id, reason: 'Adult content', reportId: made.id });
      expect(entry).toMatchObject({ action: 'delete_room', roomId: room.id, details: { room: { name: room.name }, resolvedReports: 1 } });
      expect(await h.fail(ChatPatterns.GetRoom, { roomId: room.id })).toMatchObject({ status: 404 });
      expect(await h.fail(ModerationPatterns.DeleteRoom, { actor: mod, roomId: room.id, reason: 'again' })).toMatchObject({ status: 404 });
    });
  });

  describe('two moderators at once', () => {
    const other = () => h.actor('moderator');

    it('handle one report once: the other is told it was handled and nothing is recorded twice', async () => {
      const target = h.actor('user');
      const made = await report(h.actor('user'), 'user', target.id);
      const results = await Promise.allSettled([
        h.call(ModerationPatterns.Warn, { actor: mod, userId: target.id, reason: 'First', reportId: made.id }),
        h.call(ModerationPatterns.Dismiss, { actor: other(), reportId: made.id, reason: 'Second' }),
        h.call(ModerationPatterns.Warn, { actor: other(), userId: target.id, reason: 'Third', reportId: made.id }),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) if (r.status === 'rejected') expect(r.reason.body).toMatchObject({ status: 409, message: ModerationMessages.ReportHandled });
      const audit = await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: target.id });
      expect(audit).toHaveLength(1);
      const closed = await h.call<ModerationReportDto>(ModerationPatterns.GetReport, { actor: mod, reportId: made.id });
      expect(closed.resolution?.auditEntryId).toBe(audit[0].id);
    });

    it('mute a person once and remove a message once', async () => {
      const target = h.actor('user');
      const mutes = await Promise.allSettled(
        ['1h', '24h', '7d', '3d'].map((duration) => h.call(ModerationPatterns.Mute, { actor: other(), userId: target.id, reason: 'Flooding', duration })),
      );
      expect(mutes.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      expect((await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: target.id })).map((e) => e.action)).toEqual(['mute']);

      const author = h.actor('user');
      const room = await publicRoom();
      await enter(author, room.id);
      const said = await send(author, room.id, 'something awful');
      const [first, second] = [await report(h.actor('user'), 'message', said.id), await report(h.actor('user'), 'message', said.id)];
      const removals = await Promise.allSettled([
        h.call(ModerationPatterns.DeleteMessage, { actor: other(), messageId: said.id, reason: 'a', reportId: first.id }),
        h.call(ModerationPatterns.DeleteMessage, { actor: other(), messageId: said.id, reason: 'b', reportId: second.id }),
        h.call(ModerationPatterns.DeleteMessage, { actor: other(), messageId: said.id, reason: 'c' }),
      ]);
      expect(removals.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of removals) if (r.status === 'rejected') expect(r.reason.body.status).toBe(409);
      const audit = await h.call<AuditEntryDto[]>(ModerationPatterns.Audit, { actor: mod, userId: author.id });
      expect(audit).toHaveLength(1);
      expect(audit[0].details.resolvedReports).toBe(2);
    });
  });
});
