import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { BlockPatterns, CallErrorCode, ChatPatterns, ErrorCode, priceToCents, type ActorDto, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { LocaleService } from '../locale/locale.service';
import { Seller } from '../sellers/seller.entity';
import { SellersService } from '../sellers/sellers.service';
import { ActiveCall } from './active-call.entity';
import { CallClock } from './call-clock';
import { CallNotifier } from './call-notifier.service';
import { bill, CALL_TIMEOUTS } from './call-rules';
import { CallSession } from './call-session.entity';
import { CallsRepository, CallTransaction, type CallCutoffs, type EarningsRow } from './calls.repository';
import { CallsService } from './calls.service';
import { fn, refusal, statementLog, type Fake } from '@app/testing/fakes';

// Who may call whom, who may act on a call, how it ends and is billed, and the sweep, over typed
// fakes of the calls' repository (one call's transaction over rows in memory), chat-svc, the
// clock, the notifier, the locale and the sellers' totals. The row locks and the active_calls key
// under concurrency run for real in apps/marketplace-svc/test/calls.int-spec.ts; the arithmetic of
// a bill in call-rules.spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
const at = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const BUYER = 11;
const SELLER_USER = 20;
const actorOf = (role: UserRole, id = BUYER): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });
const buyer = actorOf('vip');
const sellerActor = actorOf('seller', SELLER_USER);

const sellerOf = (fields: Partial<Seller> = {}): Seller =>
  Object.assign(new Seller(), {
    id: 3,
    userId: SELLER_USER,
    displayName: 'Dr Mira',
    avatar: null,
    userAvatar: 'https://cdn.example.com/mira.png',
    isVerified: true,
    acceptsCalls: true,
    isBusy: false,
    availability: 'available',
    pricing: { audio: { price: 2, currency: 'USD' }, video: { price: 3, currency: 'USD' } },
    ...fields,
  });

const sessionOf = (fields: Partial<CallSession> = {}): CallSession =>
  Object.assign(new CallSession(), {
    id: 50,
    buyerId: BUYER,
    buyerName: 'omar',
    sellerId: 3,
    sellerUserId: SELLER_USER,
    sellerName: 'Dr Mira',
    callType: 'audio',
    state: 'ringing',
    createdAt: NOW,
    buyerHeartbeatAt: NOW,
    ...fields,
  });

/** A call answered at NOW and connected for `seconds` by `now`, both sides heard from at `now`. */
const connected = (seconds: number) =>
  sessionOf({ state: 'connected', acceptedAt: NOW, connectedAt: NOW, pricePerMinuteCents: 200, buyerHeartbeatAt: at(seconds), sellerHeartbeatAt: at(seconds), buyerMedia: 'connected', sellerMedia: 'connected' });

interface Rows {
  sellers: Seller[];
  lines: ActiveCall[];
  sessions: CallSession[];
  ledger: Array<Parameters<CallTransaction['addLedgerEntry']>[0]>;
  /** Every write, in order: what a refusal must not have done. */
  writes: string[];
}

async function build({ sellers = [sellerOf()], lines = [] as ActiveCall[], sessions = [] as CallSession[], now = NOW, busyLine = null as number | null } = {}) {
  const rows: Rows = { sellers, lines: [...lines], sessions: [...sessions], ledger: [], writes: [] };
  const tx = {
    em: {} as EntityManager,
    lockProfiles: fn(async (...[userIds]: [number[]]) => rows.sellers.filter((s) => userIds.includes(s.userId)).sort((a, b) => a.id - b.id)),
    openLines: fn(async (...[userIds]: [number[]]) => rows.lines.filter((line) => userIds.includes(line.userId))),
    createSession: fn(async (...[data]: Parameters<CallTransaction['createSession']>) => {
      rows.writes.push('session');
      const session = Object.assign(new CallSession(), data, { id: 60 });
      rows.sessions.push(session);
      return session;
    }),
    occupy: fn(async (...[userId, sessionId]: [number, number]) => {
      if (userId === busyLine || rows.lines.some((line) => line.userId === userId)) return false;
      rows.writes.push(`line ${userId}`);
      rows.lines.push(Object.assign(new ActiveCall(), { userId, sessionId }));
      return true;
    }),
    seller: fn(async (...[id]: [number]) => rows.sellers.find((s) => s.id === id) as Seller),
    freeLines: fn(async (...[sessionId]: [number]) => {
      rows.writes.push('free lines');
      rows.lines = rows.lines.filter((line) => line.sessionId !== sessionId);
    }),
    addLedgerEntry: fn((...[entry]: Parameters<CallTransaction['addLedgerEntry']>) => {
      rows.writes.push(`ledger ${entry.kind}`);
      rows.ledger.push(entry);
    }),
    flush: fn(async () => undefined),
  } satisfies Fake<CallTransaction>;
  const transaction = tx as unknown as CallTransaction;
  const repository = {
    findSeller: fn(async (...[id]: [number]) => rows.sellers.find((s) => s.id === id) ?? null),
    sellerOfUser: fn(async (...[userId]: [number]) => rows.sellers.find((s) => s.userId === userId) ?? null),
    findSession: fn(async (...[id]: [number]) => rows.sessions.find((s) => s.id === id) ?? null),
    currentOf: fn(async (...[userId]: [number]) => {
      const line = rows.lines.find((l) => l.userId === userId);
      return (line && rows.sessions.find((s) => s.id === line.sessionId)) ?? null;
    }),
    listOf: fn(async () => rows.sessions),
    setRoomWhileRinging: fn(async (...[id, roomId]: [number, number | null]) => {
      const session = rows.sessions.find((s) => s.id === id);
      if (session?.state !== 'ringing') return false;
      session.roomId = roomId;
      return true;
    }),
    monthlyEarnings: fn(async () => [] as EarningsRow[]),
    dueIds: fn(async (..._args: [CallCutoffs, number]) => rows.sessions.map((s) => s.id)),
    inTransaction: fn(async (...[work]: [(tx: CallTransaction) => Promise<unknown>]) => work(transaction)),
    change: fn(async (...[id, , work]: [number, { skipLocked?: boolean } | undefined, (tx: CallTransaction, session: CallSession) => Promise<unknown>]) => {
      const session = rows.sessions.find((s) => s.id === id);
      return session ? { value: await work(transaction, session), session } : null;
    }),
  } satisfies Fake<CallsRepository>;
  const rpc = {
    request: jest.fn(async (pattern: string, ..._rest: unknown[]): Promise<unknown> => (pattern === BlockPatterns.Between ? { aBlockedB: false, bBlockedA: false } : { id: 77 })),
  };
  const notifier = { toUsers: fn(() => undefined), sellerStatus: fn(async () => undefined), callEnded: fn(async () => undefined) } satisfies Fake<CallNotifier>;
  const locale = { resolve: fn(async () => ({ countryCode: 'IN', currency: 'INR', rate: 80 }) as Awaited<ReturnType<LocaleService['resolve']>>) } satisfies Fake<LocaleService>;
  const totals = { recordCall: fn(async () => undefined) } satisfies Fake<SellersService>;
  const module = await Test.createTestingModule({
    providers: [
      CallsService,
      { provide: CallsRepository, useValue: repository },
      { provide: RpcClient, useValue: rpc },
      { provide: CallClock, useValue: { now: () => now } satisfies CallClock },
      { provide: CallNotifier, useValue: notifier },
      { provide: LocaleService, useValue: locale },
      { provide: SellersService, useValue: totals },
    ],
  }).compile();
  return { service: module.get(CallsService), repository, tx, rows, rpc, notifier, sellers: totals };
}

const call = (actor: ActorDto = buyer, callType: 'audio' | 'video' = 'audio') => ({ actor, sellerId: 3, callType, ip: '203.0.113.5' });
const lineOf = (userId: number, sessionId = 49) => Object.assign(new ActiveCall(), { userId, sessionId });

describe('CallsService', () => {
  describe('who may call', () => {
    it.each<[UserRole, object]>([
      ['guest', { status: 403, code: CallErrorCode.SignInRequired, messageCode: { code: 'call_sign_in_required' } }],
      ['user', { status: 403, code: CallErrorCode.VipRequired, messageCode: { code: 'call_vip_required' } }],
      ['moderator', { status: 403, code: ErrorCode.Forbidden, messageCode: { code: 'call_role_cannot_call' } }],
    ])('refuses a %s before reading anything', async (role, answer) => {
      const { service, repository, rpc } = await build();
      expect(await refusal(service.start(call(actorOf(role))))).toMatchObject(answer);
      expect(repository.findSeller).not.toHaveBeenCalled();
      expect(rpc.request).not.toHaveBeenCalled();
    });

    it('answers 404 for a seller that is not there and 400 for calling oneself', async () => {
      expect(await refusal((await build({ sellers: [] })).service.start(call()))).toMatchObject({ status: 404, messageCode: { code: 'call_seller_not_found' } });
      const self = await build({ sellers: [sellerOf({ userId: BUYER })] });
      expect(await refusal(self.service.start(call(actorOf('seller'))))).toMatchObject({ status: 400, messageCode: { code: 'call_self' } });
      expect(self.rows.writes).toEqual([]);
    });

    it('refuses a call across a block either way, naming the block only to the blocker, and 503 when chat-svc cannot say', async () => {
      const { service, rpc, rows } = await build();
      rpc.request.mockResolvedValueOnce({ aBlockedB: true, bBlockedA: false });
      expect(await refusal(service.start(call()))).toMatchObject({ status: 403, messageCode: { code: 'call_you_blocked', params: { name: 'Dr Mira' } } });
      expect(rpc.request).toHaveBeenCalledWith(BlockPatterns.Between, { userA: BUYER, userB: SELLER_USER }, expect.any(Number));
      rpc.request.mockResolvedValueOnce({ aBlockedB: false, bBlockedA: true });
      expect(await refusal(service.start(call()))).toMatchObject({ status: 403, messageCode: { code: 'call_cannot_call' } });
      const logged = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      rpc.request.mockRejectedValueOnce(new Error('timeout'));
      expect(await refusal(service.start(call()))).toMatchObject({ status: 503 });
      logged.mockRestore();
      expect(rows.writes).toEqual([]);
    });
  });

  describe('whom one may call', () => {
    it.each<[string, Partial<Seller>, object]>([
      ['an unverified seller', { isVerified: false }, { status: 422, code: CallErrorCode.SellerNotVerified }],
      ['a seller who takes no calls', { acceptsCalls: false }, { status: 422, code: CallErrorCode.SellerNotAcceptingCalls }],
      ['an offline seller', { availability: 'offline' }, { status: 422, code: CallErrorCode.SellerUnavailable }],
      ['a seller in a call', { isBusy: true }, { status: 409, code: CallErrorCode.SellerBusy }],
      ['a seller who set Busy', { availability: 'busy' }, { status: 409, code: CallErrorCode.SellerBusy }],
    ])('refuses %s on the locked profile, writing nothing', async (_, fields, answer) => {
      const { service, rows, notifier, tx } = await build({ sellers: [sellerOf(fields)] });
      expect(await refusal(service.start(call()))).toMatchObject(answer);
      expect(tx.lockProfiles).toHaveBeenCalledWith([BUYER, SELLER_USER]);
      expect(rows.writes).toEqual([]);
      expect(notifier.toUsers).not.toHaveBeenCalled();
    });

    it('refuses a second call of the caller (409 in progress) before the seller is found busy', async () => {
      expect(await refusal((await build({ lines: [lineOf(BUYER), lineOf(SELLER_USER, 48)] })).service.start(call()))).toMatchObject({ status: 409, code: CallErrorCode.CallInProgress });
      const { service, rows } = await build({ lines: [lineOf(SELLER_USER, 48)] });
      expect(await refusal(service.start(call()))).toMatchObject({ status: 409, code: CallErrorCode.SellerBusy });
      expect(rows.writes).toEqual([]);
    });

    it("refuses the call whose line another request took meanwhile: the caller's as in progress, the seller's as busy", async () => {
      expect(await refusal((await build({ busyLine: BUYER })).service.start(call()))).toMatchObject({ status: 409, code: CallErrorCode.CallInProgress });
      const { service, notifier } = await build({ busyLine: SELLER_USER });
      expect(await refusal(service.start(call()))).toMatchObject({ status: 409, code: CallErrorCode.SellerBusy });
      expect(notifier.sellerStatus).not.toHaveBeenCalled();
    });
  });

  describe('ringing', () => {
    it("writes the call with both names and the caller's currency, holds both lines (the caller's first), marks the seller busy and rings them", async () => {
      const { service, rows, rpc, notifier } = await build();
      const dto = await service.start(call(buyer, 'video'));
      expect(rows.sessions[0]).toMatchObject({
        buyerId: BUYER,
        buyerName: 'vip11',
        sellerId: 3,
        sellerUserId: SELLER_USER,
        sellerName: 'Dr Mira',
        sellerAvatar: 'https://cdn.example.com/mira.png',
        callType: 'video',
        displayCurrency: 'INR',
        displayRate: 80,
        createdAt: NOW,
        buyerHeartbeatAt: NOW,
        roomId: 77,
      });
      expect(rows.writes).toEqual(['session', `line ${BUYER}`, `line ${SELLER_USER}`]);
      expect(rows.sellers[0].isBusy).toBe(true);
      expect(notifier.sellerStatus).toHaveBeenCalledWith(expect.objectContaining({ id: 3 }));
      expect(rpc.request).toHaveBeenCalledWith(ChatPatterns.StartPrivateChat, expect.objectContaining({ actor: buyer, otherUserId: SELLER_USER, sellerId: 3 }), expect.any(Number));
      expect(notifier.toUsers).toHaveBeenCalledWith([SELLER_USER], expect.objectContaining({ type: 'incoming_call', sessionId: 60, pricePerMinute: 3, roomId: 77 }));
      expect(dto).toMatchObject({ id: 60, state: 'ringing' });
    });

    it('rings without a chat when chat-svc cannot start one, and not at all when the call ended meanwhile', async () => {
      const logged = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const noChat = await build();
      noChat.rpc.request.mockResolvedValueOnce({ aBlockedB: false, bBlockedA: false }).mockRejectedValueOnce(new Error('timeout'));
      await noChat.service.start(call());
      expect(noChat.notifier.toUsers).toHaveBeenCalledWith([SELLER_USER], expect.objectContaining({ roomId: null }));
      logged.mockRestore();

      const cancelled = await build();
      cancelled.repository.setRoomWhileRinging.mockResolvedValueOnce(false);
      await cancelled.service.start(call());
      expect(cancelled.notifier.toUsers).not.toHaveBeenCalled();
    });

    it('tells only of profiles that were not busy before', async () => {
      const { service, notifier } = await build({ sellers: [sellerOf(), sellerOf({ id: 2, userId: BUYER, isBusy: true, availability: 'available' })] });
      await service.start(call());
      expect(notifier.sellerStatus.mock.calls.map(([profile]) => profile.id)).toEqual([3]);
    });
  });

  describe('who may act on a call', () => {
    it('answers 404 for a call that is not there', async () => {
      const { service } = await build();
      expect(await refusal(service.accept({ actor: sellerActor, sessionId: 50 }))).toMatchObject({ status: 404, messageCode: { code: 'call_not_found' } });
      expect(await refusal(service.get({ actor: buyer, sessionId: 50 }))).toMatchObject({ status: 404 });
    });

    it('lets only the called seller answer, and keeps details, peer and hanging up to the two people', async () => {
      const { service, rows } = await build({ sessions: [sessionOf()] });
      expect(await refusal(service.accept({ actor: buyer, sessionId: 50 }))).toMatchObject({ status: 403, messageCode: { code: 'call_only_seller_answers' } });
      const stranger = { actor: actorOf('vip', 99), sessionId: 50 };
      for (const attempt of [service.accept(stranger), service.get(stranger), service.peer(stranger), service.end(stranger), service.heartbeat({ ...stranger, media: 'connected' })]) {
        expect(await refusal(attempt)).toMatchObject({ status: 403, messageCode: { code: 'call_not_participant' } });
      }
      expect(rows.sessions[0].state).toBe('ringing');
    });

    it('refuses answering twice (409) and answering an ended call (409)', async () => {
      const answered = await build({ sessions: [sessionOf({ state: 'accepted', acceptedAt: NOW, sellerHeartbeatAt: NOW })] });
      expect(await refusal(answered.service.accept({ actor: sellerActor, sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallAlreadyAnswered });
      const ended = await build({ sessions: [sessionOf({ state: 'ended', endedAt: NOW })] });
      expect(await refusal(ended.service.accept({ actor: sellerActor, sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
      expect(ended.rows.sessions[0].pricePerMinuteCents).toBeNull();
    });

    it('gives the peer only once the call is answered', async () => {
      expect(await refusal((await build({ sessions: [sessionOf()] })).service.peer({ actor: buyer, sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallNotAnswered });
      expect(await refusal((await build({ sessions: [sessionOf({ state: 'ended', endedAt: NOW })] })).service.peer({ actor: buyer, sessionId: 50 }))).toMatchObject({ code: CallErrorCode.CallEnded });
      const { service } = await build({ sessions: [connected(10)] });
      expect(await service.peer({ actor: buyer, sessionId: 50 })).toEqual({ sessionId: 50, state: 'connected', peerUserId: SELLER_USER });
      expect(await service.peer({ actor: sellerActor, sessionId: 50 })).toMatchObject({ peerUserId: BUYER });
    });
  });

  describe('answering and connecting', () => {
    it("fixes the per-minute price when the seller answers, and tells both", async () => {
      const { service, rows, notifier } = await build({ sessions: [sessionOf({ callType: 'video' })] });
      expect(await service.accept({ actor: sellerActor, sessionId: 50 })).toMatchObject({ state: 'accepted' });
      expect(rows.sessions[0]).toMatchObject({ state: 'accepted', pricePerMinuteCents: priceToCents(3), acceptedAt: NOW, sellerHeartbeatAt: NOW, sellerMedia: 'connecting' });
      expect(notifier.toUsers).toHaveBeenCalledWith([BUYER, SELLER_USER], expect.objectContaining({ type: 'call_accepted' }));
    });

    it('ends a call that rang out instead of answering it (409 ended), freeing both', async () => {
      const now = at(CALL_TIMEOUTS.ringMs / 1000 + 1);
      const { service, rows, notifier } = await build({ sessions: [sessionOf({ buyerHeartbeatAt: now })], lines: [lineOf(BUYER, 50), lineOf(SELLER_USER, 50)], now });
      expect(await refusal(service.accept({ actor: sellerActor, sessionId: 50 }))).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
      expect(rows.sessions[0]).toMatchObject({ state: 'ended', endReason: 'missed' });
      expect(rows.lines).toEqual([]);
      expect(notifier.callEnded).toHaveBeenCalledTimes(1);
    });

    it('starts the meter when both sides report their media connected, and tells both once', async () => {
      const { service, rows, notifier } = await build({ sessions: [sessionOf({ state: 'accepted', acceptedAt: NOW, sellerHeartbeatAt: NOW, pricePerMinuteCents: 200 })] });
      expect(await service.heartbeat({ actor: buyer, sessionId: 50, media: 'connected' })).toMatchObject({ peerUserId: SELLER_USER });
      expect(notifier.toUsers).not.toHaveBeenCalled();
      await service.heartbeat({ actor: sellerActor, sessionId: 50, media: 'connected' });
      expect(rows.sessions[0]).toMatchObject({ state: 'connected', connectedAt: NOW });
      expect(notifier.toUsers).toHaveBeenCalledWith([BUYER, SELLER_USER], expect.objectContaining({ type: 'call_connected' }));
    });
  });

  describe('ending', () => {
    it('bills the connected time once: three ledger entries that sum to zero, both people freed, the session counted for the seller', async () => {
      const session = connected(90);
      const { service, rows, notifier, sellers } = await build({
        sessions: [session],
        sellers: [sellerOf({ isBusy: true }), sellerOf({ id: 2, userId: BUYER, isBusy: false })],
        lines: [lineOf(BUYER, 50), lineOf(SELLER_USER, 50)],
        now: at(90),
      });
      const expected = bill(connected(90), at(90));
      expect(expected.amountCents).toBeGreaterThan(0);
      expect(await service.end({ actor: buyer, sessionId: 50 })).toMatchObject({ state: 'ended', endReason: 'completed' });
      expect(rows.sessions[0]).toMatchObject({ state: 'ended', endedAt: at(90), billedSeconds: expected.seconds, amountCents: expected.amountCents, commissionCents: expected.commissionCents, earningCents: expected.earningCents });
      expect(rows.ledger).toEqual([
        { sessionId: 50, kind: 'buyer_charge', userId: BUYER, amountCents: -expected.amountCents, createdAt: at(90) },
        { sessionId: 50, kind: 'seller_earning', userId: SELLER_USER, amountCents: expected.earningCents, createdAt: at(90) },
        { sessionId: 50, kind: 'platform_commission', userId: null, amountCents: expected.commissionCents, createdAt: at(90) },
      ]);
      expect(rows.ledger.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
      expect(rows.lines).toEqual([]);
      expect(rows.sellers.map((s) => s.isBusy)).toEqual([false, false]);
      expect(sellers.recordCall).toHaveBeenCalledWith(expect.anything(), expect.objectContaining({ id: 3 }), 'audio', expected.seconds);
      expect(notifier.sellerStatus.mock.calls.map(([profile]) => profile.id)).toEqual([3]);
      expect(notifier.toUsers).toHaveBeenCalledWith([BUYER, SELLER_USER], expect.objectContaining({ type: 'call_ended', reason: 'completed' }));
      expect(notifier.callEnded).toHaveBeenCalledTimes(1);

      expect(await service.end({ actor: sellerActor, sessionId: 50 })).toMatchObject({ state: 'ended' });
      expect(rows.ledger).toHaveLength(3);
      expect(notifier.callEnded).toHaveBeenCalledTimes(1);
    });

    it('charges nothing for a call that never connected: declined by the seller, cancelled by the caller', async () => {
      const declined = await build({ sessions: [sessionOf()] });
      expect(await declined.service.end({ actor: sellerActor, sessionId: 50 })).toMatchObject({ endReason: 'declined' });
      expect(declined.rows.ledger).toEqual([]);
      expect(declined.sellers.recordCall).not.toHaveBeenCalled();
      const cancelled = await build({ sessions: [sessionOf()] });
      expect(await cancelled.service.end({ actor: buyer, sessionId: 50 })).toMatchObject({ endReason: 'cancelled' });
    });
  });

  describe('the sweep', () => {
    it('asks for the calls past each timeout and ends those still due under their lock, skipping those another replica holds', async () => {
      const now = at(CALL_TIMEOUTS.ringMs / 1000 + 5);
      const { service, repository, rows } = await build({ sessions: [sessionOf(), sessionOf({ id: 51, createdAt: now, buyerHeartbeatAt: now })], now });
      repository.dueIds.mockResolvedValueOnce([50, 51, 52]);
      expect(await service.sweep()).toBe(1);
      expect(repository.dueIds).toHaveBeenCalledWith(
        {
          ringSince: new Date(now.getTime() - CALL_TIMEOUTS.ringMs),
          connectSince: new Date(now.getTime() - CALL_TIMEOUTS.connectMs),
          silentSince: new Date(now.getTime() - CALL_TIMEOUTS.heartbeatMs),
        },
        100,
      );
      expect(repository.change.mock.calls.map(([id, options]) => [id, options])).toEqual([
        [50, { skipLocked: true }],
        [51, { skipLocked: true }],
        [52, { skipLocked: true }],
      ]);
      expect(rows.sessions.map((s) => s.state)).toEqual(['ended', 'ringing']);
    });
  });

  describe('reading', () => {
    it("answers the caller's open call, or none", async () => {
      const { service } = await build({ sessions: [connected(5)], lines: [lineOf(BUYER, 50)] });
      expect(await service.current(buyer)).toMatchObject({ id: 50, state: 'connected' });
      expect(await service.current(sellerActor)).toBeNull();
    });

    it('lists the calls on either side, 50 by default, before the one given', async () => {
      const { service, repository } = await build({ sessions: [sessionOf()] });
      expect(await service.list({ actor: buyer })).toHaveLength(1);
      await service.list({ actor: buyer, limit: 10, before: 40 });
      expect(repository.listOf.mock.calls).toEqual([
        [BUYER, 50, undefined],
        [BUYER, 10, 40],
      ]);
    });

    it.each<UserRole>(['vip', 'user', 'moderator'])('shows earnings to sellers only, not a %s', async (role) => {
      expect(await refusal((await build()).service.earnings(actorOf(role)))).toMatchObject({ status: 403, messageCode: { code: 'call_earnings_sellers_only' } });
    });

    it('answers 404 to a seller without a profile, and sums the months in dollars', async () => {
      expect(await refusal((await build({ sellers: [] })).service.earnings(sellerActor))).toMatchObject({ status: 404, messageCode: { code: 'seller_profile_not_found' } });
      const { service, repository } = await build();
      repository.monthlyEarnings.mockResolvedValueOnce([
        { month: '2026-11', calls: '2', seconds: '150', gross: '500', commission: '75', earning: '425' },
        { month: '2026-10', calls: '1', seconds: '60', gross: '200', commission: '30', earning: '170' },
      ]);
      expect(await service.earnings(sellerActor)).toEqual({
        currency: 'USD',
        months: [
          { month: '2026-11', calls: 2, seconds: 150, gross: 5, commission: 0.75, earning: 4.25 },
          { month: '2026-10', calls: 1, seconds: 60, gross: 2, commission: 0.3, earning: 1.7 },
        ],
        total: { calls: 3, seconds: 210, gross: 7, commission: 1.05, earning: 5.95 },
      });
      expect(repository.monthlyEarnings).toHaveBeenCalledWith(3);
    });
  });
});

describe('CallsRepository', () => {
  it("sums a seller's ledger by the month its calls ended (UTC)", async () => {
    const { em, statements } = statementLog([[]]);
    await new CallsRepository(em as unknown as EntityManager).monthlyEarnings(3);
    expect(statements).toEqual([
      {
        sql:
          `select to_char(s."ended_at" at time zone 'UTC', 'YYYY-MM') as "month", count(distinct s."id") as "calls",` +
          ` coalesce(sum(s."billed_seconds") filter (where e."kind" = 'seller_earning'), 0) as "seconds",` +
          ` coalesce(-sum(e."amount_cents") filter (where e."kind" = 'buyer_charge'), 0) as "gross",` +
          ` coalesce(sum(e."amount_cents") filter (where e."kind" = 'platform_commission'), 0) as "commission",` +
          ` coalesce(sum(e."amount_cents") filter (where e."kind" = 'seller_earning'), 0) as "earning"` +
          ` from "call_ledger_entries" e join "call_sessions" s on s."id" = e."session_id" where s."seller_id" = ? group by 1 order by 1 desc`,
        params: [3],
      },
    ]);
  });

  it('finds the open calls past each cutoff, oldest first, by its limit', async () => {
    const { em, statements } = statementLog([[{ id: 50 }, { id: 52 }]]);
    const cutoffs = { ringSince: at(-45), connectSince: at(-30), silentSince: at(-20) };
    expect(await new CallsRepository(em as unknown as EntityManager).dueIds(cutoffs, 100)).toEqual([50, 52]);
    expect(statements).toEqual([
      {
        sql:
          `select "id" from "call_sessions" where "state" <> 'ended' and (` +
          ` ("state" = 'ringing' and ("created_at" <= ? or "buyer_heartbeat_at" <= ?))` +
          ` or ("state" = 'accepted' and ("accepted_at" <= ? or "buyer_heartbeat_at" <= ? or "seller_heartbeat_at" <= ?))` +
          ` or ("state" = 'connected' and ("buyer_heartbeat_at" <= ? or "seller_heartbeat_at" <= ?))) order by "id" limit 100`,
        params: [at(-45), at(-20), at(-30), at(-20), at(-20), at(-20), at(-20)],
      },
    ]);
  });
});
