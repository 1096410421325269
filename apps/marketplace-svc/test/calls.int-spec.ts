import 'reflect-metadata';
import {
  CallErrorCode,
  CallMessages,
  CallPatterns,
  FALLBACK_USD_INR_RATE,
  MarketplacePatterns,
  ReviewMessages,
  type ActorDto,
  type CallHeartbeatAnswerDto,
  type CallMediaState,
  type CallPeerDto,
  type CallSessionDto,
  type CallUserFrame,
  type SellerEarningsDto,
} from '@app/contracts';
import { RpcCallError } from '@app/server';
import { eventually } from '@app/testing';
import { startCallsHarness, type CallsHarness } from './calls-harness';

jest.setTimeout(60_000);

const SECOND = 1000;

describe('marketplace-svc calls', () => {
  let h: CallsHarness;

  beforeAll(async () => {
    h = await startCallsHarness({ replicas: 2 });
  }, 60_000);
  afterAll(() => h?.stop());

  const start = (buyer: ActorDto, sellerId: number, callType = 'audio') =>
    h.call<CallSessionDto>(CallPatterns.Start, { actor: buyer, sellerId, callType });
  const accept = (actor: ActorDto, sessionId: number) => h.call<CallSessionDto>(CallPatterns.Accept, { actor, sessionId });
  const end = (actor: ActorDto, sessionId: number, reason?: string) =>
    h.call<CallSessionDto>(CallPatterns.End, { actor, sessionId, ...(reason ? { reason } : {}) });
  const beat = (actor: ActorDto, sessionId: number, media: CallMediaState = 'connected') =>
    h.call<CallHeartbeatAnswerDto>(CallPatterns.Heartbeat, { actor, sessionId, media });
  const later = (ms: number) => h.clock.advance(ms);

  const sessionOf = (frame: CallUserFrame) => ('sessionId' in frame ? frame.sessionId : frame.session.id);
  const frame = <T extends CallUserFrame['type']>(userId: number, type: T, sessionId: number) =>
    eventually(() => {
      const found = h.framesOf(userId).find((f) => f.type === type && sessionOf(f) === sessionId);
      expect(found).toBeDefined();
      return found as Extract<CallUserFrame, { type: T }>;
    });
  const ledgerOf = (sessionId: number) =>
    h.sql<{ kind: string; user_id: number | null; amount_cents: number }>(
      'select "kind", "user_id", "amount_cents" from "call_ledger_entries" where "session_id" = ? order by "kind"',
      [sessionId],
    );
  const sellerRow = async (sellerId: number) =>
    (
      await h.sql<{ is_busy: boolean; total_sessions: number; total_audio_call_time: number; total_video_call_time: number; ranking_score: number }>(
        'select "is_busy", "total_sessions", "total_audio_call_time", "total_video_call_time", "ranking_score" from "sellers" where "id" = ?',
        [sellerId],
      )
    )[0];
  const openLines = (sessionId: number) => h.sql('select "user_id" from "active_calls" where "session_id" = ?', [sessionId]);

  /** A call both sides report connected; the meter runs from the returned session's connectedAt. */
  async function connectedCall(buyer: ActorDto, seller: { seller: { id: number }; user: ActorDto }, callType = 'audio') {
    const ringing = await start(buyer, seller.seller.id, callType);
    await accept(seller.user, ringing.id);
    await beat(buyer, ringing.id);
    const { session } = await beat(seller.user, ringing.id);
    expect(session.state).toBe('connected');
    return session;
  }

  /** Moves the clock in steps small enough that both sides' heartbeats keep the call alive. */
  async function talk(buyer: ActorDto, seller: ActorDto, sessionId: number, ms: number) {
    for (let left = ms; left > 0; left -= 10 * SECOND) {
      later(Math.min(left, 10 * SECOND));
      await beat(buyer, sessionId);
      await beat(seller, sessionId);
    }
  }

  describe('starting a call', () => {
    it("rings a verified seller for a vip: the seller hears the spec's prompt and shows Busy at once", async () => {
      const buyer = h.actor('vip', 'vera');
      const expert = await h.seller({ audio: 25, video: 35 });
      const session = await start(buyer, expert.seller.id, 'video');
      expect(session).toMatchObject({
        state: 'ringing',
        callType: 'video',
        endReason: null,
        buyer: { id: buyer.id, username: 'vera' },
        seller: { id: expert.seller.id, userId: expert.user.id },
        pricePerMinute: null,
        currency: 'USD',
        displayCurrency: 'USD',
        amount: 0,
      });
      expect(Date.parse(session.ringExpiresAt) - Date.parse(session.createdAt)).toBe(30 * SECOND);
      // The marketplace chat of the two is the call's room.
      expect(h.chatRequests).toContainEqual(expect.objectContaining({ actor: buyer, otherUserId: expert.user.id, sellerId: expert.seller.id }));
      expect(session.roomId).toEqual(expect.any(Number));

      const prompt = await frame(expert.user.id, 'incoming_call', session.id);
      expect(prompt).toEqual({
        type: 'incoming_call',
        sessionId: session.id,
        buyerName: 'vera',
        buyerId: buyer.id,
        callType: 'video',
        roomId: session.roomId,
        buyerAvatar: null,
        sellerId: expert.seller.id,
        pricePerMinute: 35,
        ringExpiresAt: session.ringExpiresAt,
      });
      expect(h.framesOf(buyer.id).filter((f) => f.type === 'incoming_call')).toEqual([]);
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(true);
      await eventually(() => expect(h.statusEvents).toContainEqual(expect.objectContaining({ sellerId: expert.seller.id, isBusy: true })));
      await expect(h.call(MarketplacePatterns.GetSeller, { id: expert.seller.id })).resolves.toMatchObject({ isBusy: true });
      await expect(h.call(CallPatterns.Current, { actor: expert.user })).resolves.toMatchObject({ id: session.id, state: 'ringing' });
    });

    it('refuses by role: guests sign in, regular users get the VIP offer, moderators cannot call', async () => {
      const expert = await h.seller();
      expect(await h.fail(CallPatterns.Start, { actor: h.actor('guest'), sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
        status: 403,
        code: CallErrorCode.SignInRequired,
        message: CallMessages.signInRequired,
      });
      expect(await h.fail(CallPatterns.Start, { actor: h.actor('user'), sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
        status: 403,
        code: CallErrorCode.VipRequired,
        message: CallMessages.vipRequired,
      });
      expect(await h.fail(CallPatterns.Start, { actor: h.actor('moderator'), sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
        status: 403,
        code: 'forbidden',
      });
      // Nobody was refused after the seller was already made busy.
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(false);
    });

    it('refuses sellers who cannot take calls: unknown 404, yourself 400, unverified, not accepting or offline 422, busy 409', async () => {
      const vip = h.actor('vip');
      expect(await h.fail(CallPatterns.Start, { actor: vip, sellerId: 987654, callType: 'audio' })).toMatchObject({
        status: 404,
        message: CallMessages.sellerNotFound,
      });
      const self = await h.seller();
      expect(await h.fail(CallPatterns.Start, { actor: self.user, sellerId: self.seller.id, callType: 'audio' })).toMatchObject({
        status: 400,
        message: CallMessages.selfCall,
      });
      const refusals: Array<[Parameters<CallsHarness['seller']>[0], number, string]> = [
        [{ verified: false }, 422, CallErrorCode.SellerNotVerified],
        [{ acceptsCalls: false }, 422, CallErrorCode.SellerNotAcceptingCalls],
        [{ availability: 'offline' }, 422, CallErrorCode.SellerUnavailable],
        [{ availability: 'busy' }, 409, CallErrorCode.SellerBusy],
        [{ isBusy: true }, 409, CallErrorCode.SellerBusy],
      ];
      for (const [setup, status, code] of refusals) {
        const { seller } = await h.seller(setup);
        expect({ setup, error: await h.fail(CallPatterns.Start, { actor: vip, sellerId: seller.id, callType: 'audio' }) }).toMatchObject({
          setup,
          error: { status, code },
        });
      }
      expect(await h.sql('select 1 from "call_sessions" where "buyer_id" = ?', [vip.id])).toEqual([]);
    });

    it('answers 400 with field messages for a bad payload', async () => {
      const expert = await h.seller();
      const bad = await h.fail(CallPatterns.Start, { actor: h.actor('vip'), sellerId: 'abc', callType: 'phone' });
      expect(bad).toMatchObject({ status: 400, fields: { sellerId: ['sellerId must be a seller id'], callType: ['Call type must be audio or video'] } });
      expect(await h.fail(CallPatterns.Start, { sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
        status: 400,
        fields: { actor: ['actor is required'] },
      });
      const session = await start(h.actor('vip'), expert.seller.id);
      expect(await h.fail(CallPatterns.Heartbeat, { actor: expert.user, sessionId: session.id, media: 'up' })).toMatchObject({
        status: 400,
        fields: { media: ['media must be connecting, connected or disconnected'] },
      });
      expect(await h.fail(CallPatterns.End, { actor: expert.user, sessionId: session.id, reason: 'completed' })).toMatchObject({
        status: 400,
        fields: { reason: ['The only reason a caller may give is failed'] },
      });
      expect(await h.fail(CallPatterns.Accept, { actor: expert.user, sessionId: 99999999 })).toMatchObject({ status: 404, message: CallMessages.callNotFound });
    });

    it('lets a seller call another seller, which makes the caller Busy too', async () => {
      const caller = await h.seller();
      const callee = await h.seller();
      const session = await start(caller.user, callee.seller.id);
      expect(session.state).toBe('ringing');
      expect((await sellerRow(caller.seller.id)).is_busy).toBe(true);
      expect(await h.fail(CallPatterns.Start, { actor: h.actor('vip'), sellerId: caller.seller.id, callType: 'audio' })).toMatchObject({
        status: 409,
        code: CallErrorCode.SellerBusy,
      });
      await end(caller.user, session.id);
      expect((await sellerRow(caller.seller.id)).is_busy).toBe(false);
    });
  });

  describe('one call at a time', () => {
    it('refuses a second buyer while the seller rings (409 busy) and a buyer already in a call (409)', async () => {
      const expert = await h.seller();
      const other = await h.seller();
      const buyer = h.actor('vip');
      const first = await start(buyer, expert.seller.id);
      expect(await h.fail(CallPatterns.Start, { actor: h.actor('vip'), sellerId: expert.seller.id, callType: 'audio' })).toMatchObject({
        status: 409,
        code: CallErrorCode.SellerBusy,
        message: CallMessages.sellerBusy,
      });
      expect(await h.fail(CallPatterns.Start, { actor: buyer, sellerId: other.seller.id, callType: 'audio' })).toMatchObject({
        status: 409,
        code: CallErrorCode.CallInProgress,
        message: CallMessages.callInProgress,
      });
      // The ringing seller cannot call out either.
      expect(await h.fail(CallPatterns.Start, { actor: expert.user, sellerId: other.seller.id, callType: 'audio' })).toMatchObject({
        status: 409,
        code: CallErrorCode.CallInProgress,
      });
      await end(buyer, first.id);
      await expect(start(h.actor('vip'), expert.seller.id)).resolves.toMatchObject({ state: 'ringing' });
    });

    it('rings exactly once when eight buyers call one seller at the same moment over two replicas', async () => {
      const expert = await h.seller();
      const buyers = Array.from({ length: 8 }, () => h.actor('vip'));
      const results = await Promise.allSettled(buyers.map((buyer) => start(buyer, expert.seller.id)));
      const rung = results.filter((r): r is PromiseFulfilledResult<CallSessionDto> => r.status === 'fulfilled');
      expect(rung).toHaveLength(1);
      const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as RpcCallError).body);
      expect(refused).toHaveLength(7);
      for (const error of refused) expect(error).toMatchObject({ status: 409, code: CallErrorCode.SellerBusy });
      expect(await h.sql('select "id" from "call_sessions" where "seller_id" = ?', [expert.seller.id])).toHaveLength(1);
      expect(await openLines(rung[0].value.id)).toHaveLength(2);
    });

    it('lets a buyer who calls three sellers at the same moment reach exactly one', async () => {
      const buyer = h.actor('vip');
      const sellers = await Promise.all([h.seller(), h.seller(), h.seller()]);
      const results = await Promise.allSettled(sellers.map((s) => start(buyer, s.seller.id)));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')) {
        expect((r.reason as RpcCallError).body).toMatchObject({ status: 409, code: CallErrorCode.CallInProgress });
      }
      const busy = await Promise.all(sellers.map((s) => sellerRow(s.seller.id)));
      expect(busy.filter((row) => row.is_busy)).toHaveLength(1);
    });
  });

  describe('answering, declining, cancelling, missing', () => {
    it('lets only the called seller answer, once, and fixes the price at that moment', async () => {
      const expert = await h.seller({ audio: 25 });
      const buyer = h.actor('vip');
      const session = await start(buyer, expert.seller.id);
      expect(await h.fail(CallPatterns.Accept, { actor: buyer, sessionId: session.id })).toMatchObject({
        status: 403,
        message: CallMessages.onlySellerAnswers,
      });
      expect(await h.fail(CallPatterns.Accept, { actor: h.actor('seller'), sessionId: session.id })).toMatchObject({ status: 403 });
      expect(await h.fail(CallPatterns.Heartbeat, { actor: h.actor('vip'), sessionId: session.id, media: 'connected' })).toMatchObject({
        status: 403,
        message: CallMessages.notParticipant,
      });
      expect(await h.fail(CallPatterns.Peer, { actor: buyer, sessionId: session.id })).toMatchObject({ status: 409, code: CallErrorCode.CallNotAnswered });

      await h.sql(`update "sellers" set "pricing" = '{"audio":{"price":40,"currency":"USD"},"video":{"price":50,"currency":"USD"}}' where "id" = ?`, [
        expert.seller.id,
      ]);
      const accepted = await accept(expert.user, session.id);
      expect(accepted).toMatchObject({ state: 'accepted', pricePerMinute: 40, acceptedAt: h.clock.now().toISOString() });
      for (const userId of [buyer.id, expert.user.id]) {
        expect((await frame(userId, 'call_accepted', session.id)).session).toMatchObject({ state: 'accepted', pricePerMinute: 40 });
      }
      expect(await h.fail(CallPatterns.Accept, { actor: expert.user, sessionId: session.id })).toMatchObject({
        status: 409,
        code: CallErrorCode.CallAlreadyAnswered,
      });
      await expect(h.call<CallPeerDto>(CallPatterns.Peer, { actor: buyer, sessionId: session.id })).resolves.toEqual({
        sessionId: session.id,
        state: 'accepted',
        peerUserId: expert.user.id,
      });
      // A price change after the answer does not touch this call.
      await h.sql(`update "sellers" set "pricing" = '{"audio":{"price":90,"currency":"USD"},"video":{"price":95,"currency":"USD"}}' where "id" = ?`, [
        expert.seller.id,
      ]);
      await beat(buyer, session.id);
      await beat(expert.user, session.id);
      await talk(buyer, expert.user, session.id, 60 * SECOND);
      const ended = await end(buyer, session.id);
      expect(ended).toMatchObject({ endReason: 'completed', pricePerMinute: 40, durationSeconds: 60, amount: 40 });
    });

    it('records a declined call, unbilled, and frees the seller', async () => {
      const expert = await h.seller();
      const buyer = h.actor('vip');
      const session = await start(buyer, expert.seller.id);
      const declined = await end(expert.user, session.id);
      expect(declined).toMatchObject({ state: 'ended', endReason: 'declined', amount: 0, durationSeconds: 0, endedAt: h.clock.now().toISOString() });
      expect(await frame(buyer.id, 'call_ended', session.id)).toMatchObject({ reason: 'declined', session: { endReason: 'declined' } });
      expect(await frame(expert.user.id, 'call_ended', session.id)).toMatchObject({ reason: 'declined' });
      expect(await ledgerOf(session.id)).toEqual([]);
      expect(await openLines(session.id)).toEqual([]);
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(false);
      await eventually(() => expect(h.statusEvents).toContainEqual(expect.objectContaining({ sellerId: expert.seller.id, isBusy: false })));
      expect(await h.fail(CallPatterns.Accept, { actor: expert.user, sessionId: session.id })).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
      await expect(h.call(CallPatterns.Current, { actor: buyer })).resolves.toBeNull();
    });

    it('records a call the buyer cancels while it rings', async () => {
      const expert = await h.seller();
      const buyer = h.actor('vip');
      const session = await start(buyer, expert.seller.id);
      await expect(end(buyer, session.id)).resolves.toMatchObject({ endReason: 'cancelled', amount: 0 });
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(false);
    });

    it('stops ringing after 30 s and records the call as missed, with nobody billed', async () => {
      const expert = await h.seller();
      const buyer = h.actor('vip');
      const session = await start(buyer, expert.seller.id);
      later(15 * SECOND);
      await beat(buyer, session.id, 'connecting');
      later(15 * SECOND);
      const ended = await frame(expert.user.id, 'call_ended', session.id);
      expect(ended).toMatchObject({ reason: 'missed', session: { state: 'ended', endReason: 'missed', endedAt: session.ringExpiresAt, amount: 0 } });
      await frame(buyer.id, 'call_ended', session.id);
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(false);
      expect(await h.fail(CallPatterns.Accept, { actor: expert.user, sessionId: session.id })).toMatchObject({ status: 409, code: CallErrorCode.CallEnded });
    });
  });

  describe('metering and the ledger', () => {
    it('meters from both sides connected to hang-up and writes one balanced ledger set, 15% to the platform', async () => {
      const expert = await h.seller({ audio: 25.55 });
      const buyer = h.actor('vip');
      const before = await sellerRow(expert.seller.id);
      const ringing = await start(buyer, expert.seller.id);
      later(4 * SECOND);
      await accept(expert.user, ringing.id);
      later(2 * SECOND);
      await beat(buyer, ringing.id, 'connected');
      later(1 * SECOND);
      // Media counts only once both sides report it.
      expect((await beat(expert.user, ringing.id, 'connecting')).session.state).toBe('accepted');
      later(1 * SECOND);
      const { session: connected } = await beat(expert.user, ringing.id, 'connected');
      expect(connected).toMatchObject({ state: 'connected', connectedAt: h.clock.now().toISOString() });
      for (const userId of [buyer.id, expert.user.id]) await frame(userId, 'call_connected', ringing.id);

      await talk(buyer, expert.user, ringing.id, 90 * SECOND);
      later(900);
      const ended = await end(expert.user, ringing.id);
      // 90.9 s connected bills 90 s: $25.55 × 1.5 = $38.325 -> $38.33; 15% = $5.75; the seller earns $32.58.
      expect(ended).toMatchObject({ endReason: 'completed', durationSeconds: 90, amount: 38.33, commission: 5.75, earning: 32.58, displayAmount: 38.33 });
      expect(await ledgerOf(ringing.id)).toEqual([
        { kind: 'buyer_charge', user_id: buyer.id, amount_cents: -3833 },
        { kind: 'platform_commission', user_id: null, amount_cents: 575 },
        { kind: 'seller_earning', user_id: expert.user.id, amount_cents: 3258 },
      ]);
      const [{ sum }] = await h.sql<{ sum: string }>('select sum("amount_cents") as "sum" from "call_ledger_entries" where "session_id" = ?', [ringing.id]);
      expect(Number(sum)).toBe(0);

      const after = await sellerRow(expert.seller.id);
      expect(after).toMatchObject({ is_busy: false, total_sessions: before.total_sessions + 1, total_audio_call_time: 90, total_video_call_time: 0 });
      expect(after.ranking_score).toBeGreaterThan(before.ranking_score);
      expect((await frame(buyer.id, 'call_ended', ringing.id)).session).toMatchObject({ amount: 38.33, durationSeconds: 90 });

      const earnings = await h.call<SellerEarningsDto>(CallPatterns.Earnings, { actor: expert.user });
      expect(earnings).toEqual({
        currency: 'USD',
        months: [{ month: '2026-03', calls: 1, seconds: 90, gross: 38.33, commission: 5.75, earning: 32.58 }],
        total: { calls: 1, seconds: 90, gross: 38.33, commission: 5.75, earning: 32.58 },
      });
      expect(await h.fail(CallPatterns.Earnings, { actor: buyer })).toMatchObject({ status: 403, message: CallMessages.earningsSellersOnly });
    });

    it("bills in USD and records the buyer's display currency beside it", async () => {
      const expert = await h.seller({ audio: 25 });
      const buyer = h.actor('vip');
      // An address in India: prices were shown in rupees at the fallback rate (no rate provider here).
      const ringing = await h.call<CallSessionDto>(CallPatterns.Start, { actor: buyer, sellerId: expert.seller.id, callType: 'audio', ip: '49.36.0.1' });
      expect(ringing).toMatchObject({ currency: 'USD', displayCurrency: 'INR', displayRate: FALLBACK_USD_INR_RATE });
      await accept(expert.user, ringing.id);
      await beat(buyer, ringing.id);
      await beat(expert.user, ringing.id);
      await talk(buyer, expert.user, ringing.id, 60 * SECOND);
      await expect(end(buyer, ringing.id)).resolves.toMatchObject({ amount: 25, currency: 'USD', displayCurrency: 'INR', displayAmount: 2146 });
      expect((await ledgerOf(ringing.id)).map((entry) => entry.amount_cents)).toEqual([-2500, 375, 2125]);
    });

    it('writes the ledger once when the end is reported twice and by both sides at the same moment', async () => {
      const expert = await h.seller({ video: 60 });
      const buyer = h.actor('vip');
      const session = await connectedCall(buyer, expert, 'video');
      await talk(buyer, expert.user, session.id, 30 * SECOND);
      const ends = await Promise.all([end(buyer, session.id), end(expert.user, session.id), end(buyer, session.id), end(expert.user, session.id)]);
      for (const ended of ends) expect(ended).toEqual(ends[0]);
      expect(ends[0]).toMatchObject({ endReason: 'completed', durationSeconds: 30, amount: 30 });
      expect(await ledgerOf(session.id)).toHaveLength(3);
      expect(await sellerRow(expert.seller.id)).toMatchObject({ total_sessions: 1, total_video_call_time: 30 });
      // Reported again much later: still the same call, still one set.
      later(60 * SECOND);
      await expect(end(expert.user, session.id)).resolves.toEqual(ends[0]);
      expect(await ledgerOf(session.id)).toHaveLength(3);
      expect(h.framesOf(buyer.id).filter((f) => f.type === 'call_ended' && f.session.id === session.id)).toHaveLength(1);
    });

    it("ends a call whose side went silent for 20 s at that side's last heartbeat, billed to then", async () => {
      const expert = await h.seller({ audio: 30 });
      const buyer = h.actor('vip');
      const session = await connectedCall(buyer, expert);
      await talk(buyer, expert.user, session.id, 40 * SECOND);
      const lastHeard = h.clock.now().toISOString();
      // The seller's network is gone; the buyer keeps beating.
      later(10 * SECOND);
      expect((await beat(buyer, session.id)).session.state).toBe('connected');
      later(10 * SECOND);
      const { session: ended } = await beat(buyer, session.id);
      expect(ended).toMatchObject({ state: 'ended', endReason: 'dropped', endedAt: lastHeard, durationSeconds: 40, amount: 20 });
      expect(await ledgerOf(session.id)).toHaveLength(3);
      expect((await frame(expert.user.id, 'call_ended', session.id)).reason).toBe('dropped');
    });

    it('ends a silent call from the periodic sweep, with no one left to report it', async () => {
      const expert = await h.seller({ audio: 30 });
      const buyer = h.actor('vip');
      const session = await connectedCall(buyer, expert);
      await talk(buyer, expert.user, session.id, 20 * SECOND);
      const lastHeard = h.clock.now().toISOString();
      later(21 * SECOND);
      const ended = await frame(buyer.id, 'call_ended', session.id);
      expect(ended.session).toMatchObject({ endReason: 'dropped', endedAt: lastHeard, durationSeconds: 20, amount: 10 });
      expect(await ledgerOf(session.id)).toHaveLength(3);
      expect((await sellerRow(expert.seller.id)).is_busy).toBe(false);
    });

    it('does not bill the time a side reports its media down', async () => {
      const expert = await h.seller({ audio: 60 });
      const buyer = h.actor('vip');
      const session = await connectedCall(buyer, expert);
      later(10 * SECOND);
      await beat(buyer, session.id, 'disconnected');
      await beat(expert.user, session.id, 'connected');
      later(8 * SECOND);
      await beat(expert.user, session.id, 'connected');
      await beat(buyer, session.id, 'connected');
      later(12 * SECOND);
      await expect(end(buyer, session.id)).resolves.toMatchObject({ endReason: 'completed', durationSeconds: 22, amount: 22 });
    });

    it('never bills a call whose media never flowed: hung up, failed in the browser, or timed out', async () => {
      const buyer = h.actor('vip');
      const first = await h.seller();
      const hungUp = await start(buyer, first.seller.id);
      await accept(first.user, hungUp.id);
      later(5 * SECOND);
      await expect(end(first.user, hungUp.id)).resolves.toMatchObject({ endReason: 'cancelled', amount: 0, connectedAt: null });

      const second = await h.seller();
      const refused = await start(buyer, second.seller.id);
      await accept(second.user, refused.id);
      await expect(end(buyer, refused.id, 'failed')).resolves.toMatchObject({ endReason: 'failed', amount: 0 });

      const third = await h.seller();
      const silent = await start(buyer, third.seller.id);
      await accept(third.user, silent.id);
      later(21 * SECOND);
      expect((await frame(buyer.id, 'call_ended', silent.id)).session).toMatchObject({ endReason: 'failed', amount: 0 });

      for (const id of [hungUp.id, refused.id, silent.id]) expect(await ledgerOf(id)).toEqual([]);
      for (const s of [first, second, third]) expect(await sellerRow(s.seller.id)).toMatchObject({ is_busy: false, total_sessions: 0 });
    });
  });

  describe('afterwards', () => {
    it("lists a person's calls on either side, newest first, to them only", async () => {
      const buyer = h.actor('vip');
      const a = await h.seller();
      const b = await h.seller();
      const first = await start(buyer, a.seller.id);
      await end(a.user, first.id);
      const second = await start(buyer, b.seller.id);
      await end(buyer, second.id);
      const mine = await h.call<CallSessionDto[]>(CallPatterns.List, { actor: buyer });
      expect(mine.map((c) => [c.id, c.seller.id, c.endReason])).toEqual([
        [second.id, b.seller.id, 'cancelled'],
        [first.id, a.seller.id, 'declined'],
      ]);
      expect((await h.call<CallSessionDto[]>(CallPatterns.List, { actor: buyer, limit: 1, before: second.id })).map((c) => c.id)).toEqual([first.id]);
      expect((await h.call<CallSessionDto[]>(CallPatterns.List, { actor: a.user })).map((c) => c.id)).toEqual([first.id]);
      await expect(h.call(CallPatterns.Get, { actor: a.user, sessionId: first.id })).resolves.toMatchObject({ id: first.id });
      expect(await h.fail(CallPatterns.Get, { actor: b.user, sessionId: first.id })).toMatchObject({ status: 403 });
      expect(await h.fail(CallPatterns.List, { actor: buyer, limit: 500 })).toMatchObject({ status: 400 });
    });

    it('makes a buyer eligible to review the seller once a call connected', async () => {
      const expert = await h.seller();
      const buyer = h.actor('vip');
      const review = { sellerId: expert.seller.id, buyerId: buyer.id, buyerName: buyer.username, rating: 5 };
      expect(await h.fail(MarketplacePatterns.UpsertReview, review)).toMatchObject({ status: 403, message: ReviewMessages.noConversation });
      const session = await connectedCall(buyer, expert);
      later(5 * SECOND);
      await end(buyer, session.id);
      await expect(h.call(MarketplacePatterns.UpsertReview, review)).resolves.toMatchObject({ rating: 5 });
    });
  });
});
