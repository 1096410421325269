import 'reflect-metadata';
import { CALL_SDP_MAX, CallErrorCode, CallMessages } from '@app/contracts';
import { createHmac } from 'node:crypto';
import type { SignedIn } from './support/gateway-harness';
import { startCallsStack, STUN_URL, TURN_SECRET, TURN_URL, type CallsStack, type TestSocket } from './calls-stack';

jest.setTimeout(60_000);

describe('calls through the gateway', () => {
  let s: CallsStack;
  beforeAll(async () => {
    s = await startCallsStack();
  }, 60_000);
  afterAll(() => s?.stop());

  describe('REST', () => {
    it('refuses by role with the status and code each screen acts on', async () => {
      const { sellerId } = await s.seller();
      const body = { sellerId, callType: 'audio' };
      expect(await s.api('POST', '/api/calls', undefined, body)).toMatchObject({ status: 401, body: { code: 'unauthenticated' } });
      expect(await s.api('POST', '/api/calls', s.signIn('guest'), body)).toMatchObject({
        status: 403,
        body: { code: CallErrorCode.SignInRequired, message: CallMessages.signInRequired },
      });
      expect(await s.api('POST', '/api/calls', s.signIn('user'), body)).toMatchObject({
        status: 403,
        body: { code: CallErrorCode.VipRequired, message: CallMessages.vipRequired, messageCode: { code: 'call_vip_required' } },
      });
      expect(await s.api('POST', '/api/calls', s.signIn('moderator'), body)).toMatchObject({ status: 403, body: { code: 'forbidden' } });
      for (const path of ['/api/calls', '/api/calls/current', '/api/calls/earnings', '/api/calls/ice-servers', '/api/calls/1']) {
        expect({ path, status: (await s.api('GET', path)).status }).toEqual({ path, status: 401 });
      }
    });

    it('rings a verified seller for a vip, refuses a second caller 409 and a seller who cannot take calls 422', async () => {
      const expert = await s.seller();
      const vip = s.signIn('vip');
      const rung = await s.api('POST', '/api/calls', vip, { sellerId: expert.sellerId, callType: 'video' });
      expect(rung).toMatchObject({ status: 201, body: { state: 'ringing', callType: 'video', buyer: { id: vip.user.id }, seller: { id: expert.sellerId } } });
      expect(await s.api('POST', '/api/calls', s.signIn('vip'), { sellerId: expert.sellerId, callType: 'audio' })).toMatchObject({
        status: 409,
        body: { error: 'Conflict', code: CallErrorCode.SellerBusy, message: CallMessages.sellerBusy, messageCode: { code: 'call_seller_busy' } },
      });
      const other = await s.seller();
      expect(await s.api('POST', '/api/calls', vip, { sellerId: other.sellerId, callType: 'audio' })).toMatchObject({
        status: 409,
        body: { code: CallErrorCode.CallInProgress },
      });
      const unverified = await s.seller({ verified: false });
      expect(await s.api('POST', '/api/calls', s.signIn('vip'), { sellerId: unverified.sellerId, callType: 'audio' })).toMatchObject({
        status: 422,
        body: { code: CallErrorCode.SellerNotVerified, message: CallMessages.sellerNotVerified },
      });
      const closed = await s.seller({ acceptsCalls: false });
      expect(await s.api('POST', '/api/calls', s.signIn('vip'), { sellerId: closed.sellerId, callType: 'audio' })).toMatchObject({
        status: 422,
        body: { code: CallErrorCode.SellerNotAcceptingCalls },
      });
      expect((await s.api('GET', '/api/calls/current', expert)).body.session).toMatchObject({ id: rung.body.id, state: 'ringing' });
    });

    it('answers 400 with field messages, 404 for unknown sellers and calls, never a 500', async () => {
      const vip = s.signIn('vip');
      const bad = await s.api('POST', '/api/calls', vip, { sellerId: 'abc', callType: 'phone', extra: true });
      expect(bad.status).toBe(400);
      expect(bad.body.fields).toMatchObject({ sellerId: [expect.any(String)], callType: ['Call type must be audio or video'] });
      expect((await s.api('POST', '/api/calls', vip, { sellerId: 99999999999, callType: 'audio' })).status).toBe(400);
      expect((await s.api('POST', '/api/calls', vip, {})).status).toBe(400);
      expect(await s.api('POST', '/api/calls', vip, { sellerId: 987654, callType: 'audio' })).toMatchObject({
        status: 404,
        body: { message: CallMessages.sellerNotFound },
      });
      for (const id of ['abc', '0', '-1', '1e3', '99999999999']) {
        expect({ id, status: (await s.api('POST', `/api/calls/${id}/accept`, vip)).status }).toEqual({ id, status: 404 });
        expect({ id, status: (await s.api('POST', `/api/sessions/end-call/${id}`, vip)).status }).toEqual({ id, status: 404 });
      }
      expect(await s.api('GET', '/api/calls/424242', vip)).toMatchObject({ status: 404, body: { message: CallMessages.callNotFound } });
      expect((await s.api('GET', '/api/calls?limit=0', vip)).status).toBe(400);
      expect((await s.api('GET', '/api/calls?before=x', vip)).status).toBe(400);
    });

    it('lets the seller answer and either side hang up with the spec call, once', async () => {
      const expert = await s.seller();
      const vip = s.signIn('vip');
      const stranger = s.signIn('vip');
      const { body: call } = await s.api('POST', '/api/calls', vip, { sellerId: expert.sellerId, callType: 'audio' });
      expect(await s.api('POST', `/api/calls/${call.id}/accept`, vip)).toMatchObject({ status: 403, body: { message: CallMessages.onlySellerAnswers } });
      expect(await s.api('POST', `/api/calls/${call.id}/accept`, expert)).toMatchObject({ status: 200, body: { state: 'accepted', pricePerMinute: 25 } });
      expect(await s.api('POST', `/api/calls/${call.id}/accept`, expert)).toMatchObject({ status: 409, body: { code: CallErrorCode.CallAlreadyAnswered } });
      expect(await s.api('GET', `/api/calls/${call.id}`, stranger)).toMatchObject({ status: 403, body: { message: CallMessages.notParticipant } });
      expect((await s.api('POST', `/api/sessions/end-call/${call.id}`, stranger)).status).toBe(403);
      expect((await s.api('POST', `/api/sessions/end-call/${call.id}`, vip, { reason: 'completed' })).status).toBe(400);

      // The spec's call sends no body.
      const ended = await s.api('POST', `/api/sessions/end-call/${call.id}`, vip);
      expect(ended).toMatchObject({ status: 200, body: { state: 'ended', endReason: 'cancelled', amount: 0 } });
      expect(await s.api('POST', `/api/sessions/end-call/${call.id}`, expert)).toEqual({ ...ended, headers: expect.anything() });
      expect((await s.api('GET', '/api/calls/current', vip)).body).toEqual({ session: null });
    });

    it('records a declined call, and lists each side its calls', async () => {
      const expert = await s.seller();
      const vip = s.signIn('vip');
      const { body: call } = await s.api('POST', '/api/calls', vip, { sellerId: expert.sellerId, callType: 'video' });
      expect(await s.api('POST', `/api/sessions/end-call/${call.id}`, expert)).toMatchObject({ status: 200, body: { endReason: 'declined' } });
      for (const who of [vip, expert]) {
        const listed = await s.api('GET', '/api/calls', who);
        expect(listed).toMatchObject({ status: 200, body: [{ id: call.id, callType: 'video', endReason: 'declined', durationSeconds: 0, amount: 0 }] });
      }
      expect((await s.api('GET', '/api/calls', s.signIn('vip'))).body).toEqual([]);
    });

    it("shows a seller their earnings by month and nobody else's", async () => {
      const expert = await s.seller();
      expect(await s.api('GET', '/api/calls/earnings', expert)).toMatchObject({
        status: 200,
        body: { currency: 'USD', months: [], total: { calls: 0, gross: 0, commission: 0, earning: 0 } },
      });
      expect(await s.api('GET', '/api/calls/earnings', s.signIn('vip'))).toMatchObject({
        status: 403,
        body: { message: CallMessages.earningsSellersOnly },
      });
    });

    it('hands STUN and TURN with credentials made by the TURN REST scheme, to those who may call', async () => {
      const vip = s.signIn('vip');
      const before = Math.floor(Date.now() / 1000);
      const { status, body } = await s.api('GET', '/api/calls/ice-servers', vip);
      expect(status).toBe(200);
      expect(body.ttlSeconds).toBe(3600);
      expect(body.iceServers[0]).toEqual({ urls: [STUN_URL] });
      const turn = body.iceServers[1];
      expect(turn.urls).toEqual([TURN_URL]);
      const [expiry, userId] = turn.username.split(':').map(Number);
      expect(userId).toBe(vip.user.id);
      expect(expiry).toBeGreaterThanOrEqual(before + 3600);
      expect(expiry).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + 3600);
      expect(turn.credential).toBe(createHmac('sha1', TURN_SECRET).update(turn.username).digest('base64'));
      expect(JSON.stringify(body)).not.toContain(TURN_SECRET);

      const expert = await s.seller();
      expect((await s.api('GET', '/api/calls/ice-servers', expert)).status).toBe(200);
      expect((await s.api('GET', '/api/calls/ice-servers', s.signIn('user'))).status).toBe(403);
      expect((await s.api('GET', '/api/calls/ice-servers', s.signIn('guest'))).status).toBe(403);
    });
  });
  describe('socket', () => {
    const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
    const CANDIDATE = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };

    async function answeredCall(buyer: SignedIn, expert: SignedIn & { sellerId: number }, callType = 'video') {
      const { body: call } = await s.api('POST', '/api/calls', buyer, { sellerId: expert.sellerId, callType });
      expect((await s.api('POST', `/api/calls/${call.id}/accept`, expert)).status).toBe(200);
      return call as { id: number };
    }

    /** Frames a socket received of the call frame types, in order. */
    const callFrames = (socket: TestSocket) => socket.frames.filter((f) => /^(call_|incoming_call)/.test(f.type));

    it("rings the seller on every gateway where they have a socket, with the spec's payload", async () => {
      const expert = await s.seller();
      const vip = s.signIn('vip', 'vinnie');
      const [sellerHere, sellerThere, buyerSocket] = [await s.socket(expert, 0), await s.socket(expert, 1), await s.socket(vip, 0)];
      const { body: call } = await s.api('POST', '/api/calls', vip, { sellerId: expert.sellerId, callType: 'audio' }, 1);
      for (const socket of [sellerHere, sellerThere]) {
        expect(await socket.next('incoming_call')).toEqual({
          type: 'incoming_call',
          sessionId: call.id,
          buyerName: 'vinnie',
          buyerId: vip.user.id,
          callType: 'audio',
          roomId: call.roomId,
          buyerAvatar: null,
          sellerId: expert.sellerId,
          pricePerMinute: 25,
          ringExpiresAt: call.ringExpiresAt,
        });
      }
      // Declined from one tab: every tab of both hears it.
      await s.api('POST', `/api/sessions/end-call/${call.id}`, expert, undefined, 1);
      for (const socket of [sellerHere, sellerThere, buyerSocket]) {
        expect(await socket.next('call_ended')).toMatchObject({ reason: 'declined', session: { id: call.id, endReason: 'declined' } });
      }
      expect(buyerSocket.ofType('incoming_call')).toEqual([]);
    });

    it('relays offer, answer and ICE between the two people of an answered call across gateways, and to nobody else', async () => {
      const expert = await s.seller();
      const vip = s.signIn('vip');
      const outsider = s.signIn('vip');
      const buyerSocket = await s.socket(vip, 0);
      const sellerSocket = await s.socket(expert, 1);
      const outsiderSockets = [await s.socket(outsider, 0), await s.socket(outsider, 1)];

      const { body: ringing } = await s.api('POST', '/api/calls', vip, { sellerId: expert.sellerId, callType: 'video' });
      buyerSocket.send({ type: 'call_offer', sessionId: ringing.id, sdp: SDP });
      expect(await buyerSocket.next('error')).toMatchObject({ code: 'call_not_answered', message: CallMessages.notAnswered });
      expect((await s.api('POST', `/api/calls/${ringing.id}/accept`, expert, undefined, 1)).status).toBe(200);
      expect(await buyerSocket.next('call_accepted')).toMatchObject({ session: { id: ringing.id, state: 'accepted' } });

      buyerSocket.send({ type: 'call_offer', sessionId: ringing.id, sdp: SDP });
      expect(await sellerSocket.next('call_offer')).toEqual({ type: 'call_offer', sessionId: ringing.id, sdp: SDP, fromUserId: vip.user.id });
      sellerSocket.send({ type: 'call_answer', sessionId: ringing.id, sdp: SDP });
      expect(await buyerSocket.next('call_answer')).toEqual({ type: 'call_answer', sessionId: ringing.id, sdp: SDP, fromUserId: expert.user.id });
      buyerSocket.send({ type: 'call_ice', sessionId: ringing.id, candidate: CANDIDATE });
      sellerSocket.send({ type: 'call_ice', sessionId: ringing.id, candidate: CANDIDATE });
      buyerSocket.send({ type: 'call_ice', sessionId: ringing.id, candidate: null });
      expect(await sellerSocket.next('call_ice')).toEqual({ type: 'call_ice', sessionId: ringing.id, candidate: CANDIDATE, fromUserId: vip.user.id });
      expect(await sellerSocket.next('call_ice')).toMatchObject({ candidate: null, fromUserId: vip.user.id });
      expect(await buyerSocket.next('call_ice')).toMatchObject({ candidate: CANDIDATE, fromUserId: expert.user.id });

      // Someone else cannot speak into the call, and hears none of it.
      for (const socket of outsiderSockets) {
        socket.send({ type: 'call_offer', sessionId: ringing.id, sdp: SDP });
        expect(await socket.next('error')).toMatchObject({ code: 'forbidden', message: CallMessages.notParticipant });
        socket.send({ type: 'call_heartbeat', sessionId: ringing.id, media: 'connected' });
        expect(await socket.next('error')).toMatchObject({ code: 'forbidden' });
      }
      for (const socket of outsiderSockets) expect(callFrames(socket)).toEqual([]);
      // Nor does a sender hear its own signalling back.
      expect(buyerSocket.ofType('call_offer')).toEqual([]);
      expect(sellerSocket.ofType('call_answer')).toEqual([]);
    });

    it('meters by heartbeats over the socket: both sides connected, then the end with its bill reaches every socket', async () => {
      const expert = await s.seller({ audio: 60 });
      const vip = s.signIn('vip');
      const buyerSocket = await s.socket(vip, 1);
      const sellerSocket = await s.socket(expert, 0);
      const call = await answeredCall(vip, expert, 'audio');
      buyerSocket.send({ type: 'call_heartbeat', sessionId: call.id, media: 'connected' });
      sellerSocket.send({ type: 'call_heartbeat', sessionId: call.id, media: 'connected' });
      const connected = await buyerSocket.next('call_connected');
      expect(connected.session).toMatchObject({ id: call.id, state: 'connected', connectedAt: expect.any(String) });
      expect((await sellerSocket.next('call_connected')).session).toEqual(connected.session);

      const ended = await s.api('POST', `/api/sessions/end-call/${call.id}`, vip, undefined, 1);
      expect(ended.body).toMatchObject({ endReason: 'completed', pricePerMinute: 60 });
      expect(ended.body.amount).toBe(ended.body.durationSeconds);
      for (const socket of [buyerSocket, sellerSocket]) expect((await socket.next('call_ended')).session).toEqual(ended.body);

      // After the end: a heartbeat hears the end again, and signalling is refused.
      sellerSocket.send({ type: 'call_heartbeat', sessionId: call.id, media: 'connected' });
      expect((await sellerSocket.next('call_ended')).session).toEqual(ended.body);
      sellerSocket.send({ type: 'call_ice', sessionId: call.id, candidate: CANDIDATE });
      expect(await sellerSocket.next('error')).toMatchObject({ code: 'call_ended', message: CallMessages.ended });
      expect(buyerSocket.ofType('call_ice')).toEqual([]);
    });

    it("shows every socket a seller's Busy status as a call rings and ends", async () => {
      const expert = await s.seller();
      const watcher = await s.socket(s.signIn('guest'), 1);
      const { body: call } = await s.api('POST', '/api/calls', s.signIn('vip'), { sellerId: expert.sellerId, callType: 'audio' });
      expect(await watcher.next('seller_status', (f) => f.sellerId === expert.sellerId)).toEqual({
        type: 'seller_status',
        sellerId: expert.sellerId,
        isBusy: true,
        acceptsCalls: true,
        availability: 'available',
      });
      await s.api('POST', `/api/sessions/end-call/${call.id}`, expert);
      expect(await watcher.next('seller_status', (f) => f.sellerId === expert.sellerId)).toMatchObject({ isBusy: false });
      expect((await s.api('GET', `/api/sellers/${expert.sellerId}`)).body).toMatchObject({ isBusy: false });
    });

    it('refuses malformed call frames with field messages', async () => {
      const socket = await s.socket(s.signIn('vip'));
      const refusals: Array<[object, string]> = [
        [{ type: 'call_offer', sessionId: 1 }, 'sdp'],
        [{ type: 'call_offer', sessionId: 'abc', sdp: SDP }, 'sessionId'],
        [{ type: 'call_answer', sessionId: 1, sdp: 'x'.repeat(CALL_SDP_MAX + 1) }, 'sdp'],
        [{ type: 'call_ice', sessionId: 1 }, 'candidate'],
        [{ type: 'call_ice', sessionId: 1, candidate: { candidate: 42 } }, 'candidate.candidate'],
        [{ type: 'call_heartbeat', sessionId: 1, media: 'up' }, 'media'],
        [{ type: 'call_heartbeat', sessionId: 1, media: 'connected', extra: 1 }, 'extra'],
      ];
      for (const [frame, field] of refusals) {
        socket.send(frame);
        const error = await socket.next('error');
        expect({ frame, error }).toMatchObject({ frame, error: { code: 'validation_failed', fields: { [field]: [expect.any(String)] } } });
      }
      socket.send({ type: 'call_heartbeat', sessionId: 424242, media: 'connected' });
      expect(await socket.next('error')).toMatchObject({ code: 'not_found', message: CallMessages.callNotFound });
    });
  });
});
