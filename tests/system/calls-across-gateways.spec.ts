import 'reflect-metadata';
import type { CallSessionDto, ServerFrame } from '@app/contracts';
import { sellerApplication } from '@app/testing';
import { api, enrolTwoStep, register, setRole, type Session } from './support/accounts';
import { ChatSocket } from './support/chat-socket';
import { SteadyLoad } from './support/steady-load';
import { startSystemStack, type SystemStack } from './support/system-stack';

const SDP = 'v=0\r\no=- 4611731400430051336 2 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n';
const CANDIDATE = { candidate: 'candidate:1 1 udp 2122260223 127.0.0.1 50000 typ host', sdpMid: '0', sdpMLineIndex: 0 };

type Frame<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;

describe('a call between two gateways, each its own process, while a room is busy', () => {
  let sys: SystemStack;
  let g1: string;
  let g2: string;
  let load: SteadyLoad | undefined;
  const sockets: ChatSocket[] = [];

  beforeAll(async () => {
    sys = await startSystemStack({ gateways: 2, chatReplicas: 1 });
    [g1, g2] = sys.gateways;
  });

  afterAll(async () => {
    await load?.close();
    await Promise.all(sockets.map((s) => s.close().catch(() => undefined)));
    await sys?.stop();
  });

  const vip = async (prefix: string) => setRole(sys.natsUrl, await register(g1, prefix), 'vip');
  const connect = async (gateway: string, session: Session) => {
    const socket = await ChatSocket.open(gateway, session);
    sockets.push(socket);
    return socket;
  };

  /** A member who applied through the seller registration and was verified by a moderator. */
  async function verifiedSeller(): Promise<{ session: Session; sellerId: number }> {
    const session = await register(g2, 'expert');
    const applied = await api(g2, 'POST', '/api/sellers/register', session, sellerApplication({ audioPricing: 60 }));
    expect(applied.status).toBe(201);
    const moderator = await enrolTwoStep(g1, await setRole(sys.natsUrl, await register(g1, 'mod'), 'moderator'));
    expect((await api(g1, 'POST', `/api/sellers/${applied.body.id}/verify`, moderator)).status).toBe(200);
    return { session, sellerId: applied.body.id };
  }

  it('rings, relays signalling both ways, meters and ends the same for both, and the room loses nothing meanwhile', async () => {
    const [owner, ann, ben, cat, buyer, seller] = await Promise.all([vip('own'), vip('ann'), vip('ben'), vip('cat'), vip('buyer'), verifiedSeller()]);
    const room = await api(g1, 'POST', '/api/rooms', owner, { name: 'Busy While Calling', category: 'general', description: 'Load beside a call', maxUsers: 100 });
    expect(room.status).toBe(201);
    load = await SteadyLoad.start({ gateways: sys.gateways, roomId: room.body.id, senders: [[ann, 0], [ben, 1]], receivers: [[owner, 0], [cat, 1]] });

    const buyerSocket = await connect(g1, buyer);
    const sellerSocket = await connect(g2, seller.session);
    const ringing = sellerSocket.next<Frame<'incoming_call'>>((f) => f.type === 'incoming_call');
    const started = await api(g1, 'POST', '/api/calls', buyer, { sellerId: seller.sellerId, callType: 'audio' });
    expect(started.status).toBe(201);
    const callId = started.body.id as number;
    expect(await ringing).toMatchObject({ type: 'incoming_call', sessionId: callId, buyerId: buyer.user.id, callType: 'audio', sellerId: seller.sellerId, pricePerMinute: 60 });

    const accepted = buyerSocket.next<Frame<'call_accepted'>>((f) => f.type === 'call_accepted');
    expect((await api(g2, 'POST', `/api/calls/${callId}/accept`, seller.session)).status).toBe(200);
    expect((await accepted).session).toMatchObject({ id: callId, state: 'accepted' });

    // Signalling crosses from gateway A to B and back, to the other person only.
    const offer = sellerSocket.next((f) => f.type === 'call_offer');
    buyerSocket.send({ type: 'call_offer', sessionId: callId, sdp: SDP });
    expect(await offer).toEqual({ type: 'call_offer', sessionId: callId, sdp: SDP, fromUserId: buyer.user.id });
    const answer = buyerSocket.next((f) => f.type === 'call_answer');
    sellerSocket.send({ type: 'call_answer', sessionId: callId, sdp: SDP });
    expect(await answer).toEqual({ type: 'call_answer', sessionId: callId, sdp: SDP, fromUserId: seller.session.user.id });
    const iceAtSeller = sellerSocket.next((f) => f.type === 'call_ice');
    const iceAtBuyer = buyerSocket.next((f) => f.type === 'call_ice');
    buyerSocket.send({ type: 'call_ice', sessionId: callId, candidate: CANDIDATE });
    sellerSocket.send({ type: 'call_ice', sessionId: callId, candidate: CANDIDATE });
    expect(await iceAtSeller).toEqual({ type: 'call_ice', sessionId: callId, candidate: CANDIDATE, fromUserId: buyer.user.id });
    expect(await iceAtBuyer).toEqual({ type: 'call_ice', sessionId: callId, candidate: CANDIDATE, fromUserId: seller.session.user.id });

    // Both report media flowing: the meter runs.
    const connectedAtBuyer = buyerSocket.next<Frame<'call_connected'>>((f) => f.type === 'call_connected');
    const connectedAtSeller = sellerSocket.next<Frame<'call_connected'>>((f) => f.type === 'call_connected');
    buyerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
    sellerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
    const connected = (await connectedAtBuyer).session;
    expect(connected).toMatchObject({ id: callId, state: 'connected', connectedAt: expect.any(String) });
    expect((await connectedAtSeller).session).toEqual(connected);

    // The call runs while the room's stream goes on: heartbeats keep coming until two seconds are metered.
    const meteredFrom = Date.parse(connected.connectedAt!);
    while (Date.now() - meteredFrom < 2_000) {
      await load.waitForAcks(performance.now());
      buyerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
      sellerSocket.send({ type: 'call_heartbeat', sessionId: callId, media: 'connected' });
    }

    // The buyer hangs up on A; the seller hears it on B with the same bill.
    const endedAtSeller = sellerSocket.next<Frame<'call_ended'>>((f) => f.type === 'call_ended');
    const endedAtBuyer = buyerSocket.next<Frame<'call_ended'>>((f) => f.type === 'call_ended');
    const hungUp = await api(g1, 'POST', `/api/sessions/end-call/${callId}`, buyer);
    expect(hungUp.status).toBe(200);
    const summary = hungUp.body as CallSessionDto;
    expect(summary).toMatchObject({ id: callId, state: 'ended', endReason: 'completed', pricePerMinute: 60 });
    expect(summary.durationSeconds).toBeGreaterThanOrEqual(2);
    // 60 USD a minute is one a second; the ledger splits it 85/15 and sums to the charge.
    expect(summary.amount).toBe(summary.durationSeconds);
    expect(summary.commission + summary.earning).toBeCloseTo(summary.amount, 2);
    expect(summary.commission).toBeCloseTo(summary.amount * 0.15, 2);
    expect((await endedAtSeller).session).toEqual(summary);
    expect((await endedAtBuyer).session).toEqual(summary);

    // Either person, through either gateway, sees the same summary, and the seller's ledger has it.
    for (const [who, gateway] of [[buyer, g1], [seller.session, g2], [buyer, g2], [seller.session, g1]] as const) {
      expect((await api(gateway, 'GET', `/api/calls/${callId}`, who)).body).toEqual(summary);
      expect(((await api(gateway, 'GET', '/api/calls', who)).body as CallSessionDto[]).find((c) => c.id === callId)).toEqual(summary);
    }
    const earnings = (await api(g2, 'GET', '/api/calls/earnings', seller.session)).body;
    expect(earnings.total).toEqual({ calls: 1, seconds: summary.durationSeconds, gross: summary.amount, commission: summary.commission, earning: summary.earning });

    await load.stopAndVerify();
  });
});
