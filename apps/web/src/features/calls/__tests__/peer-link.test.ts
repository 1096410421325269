import type { RelayedCallSignalFrame } from '@app/contracts';
import { PeerLink, type OutgoingSignal, type PeerLinkOptions } from '../media/peer-link';

/** RTCPeerConnection as far as PeerLink drives it, with its state moved by the test. */
class FakePeerConnection {
  static last: FakePeerConnection;
  connectionState: RTCPeerConnectionState = 'new';
  signalingState: RTCSignalingState = 'stable';
  localDescription: { type: string; sdp: string } | null = null;
  remoteDescription: { type: string; sdp: string } | null = null;
  onicecandidate: ((event: { candidate: unknown }) => void) | null = null;
  ontrack: ((event: unknown) => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;
  onnegotiationneeded: (() => void) | null = null;
  offers = 0;
  addTrack = jest.fn();
  addIceCandidate = jest.fn(async () => undefined);
  close = jest.fn();
  restartIce = jest.fn(() => queueMicrotask(() => this.onnegotiationneeded?.()));

  constructor(readonly config: RTCConfiguration) {
    FakePeerConnection.last = this;
  }

  async setLocalDescription(description?: { type: string }) {
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
    } else if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: 'answer-sdp' };
      this.signalingState = 'stable';
    } else {
      this.offers += 1;
      this.localDescription = { type: 'offer', sdp: `offer-${this.offers}` };
      this.signalingState = 'have-local-offer';
    }
  }

  async setRemoteDescription(description: { type: string; sdp: string }) {
    this.remoteDescription = description;
    this.signalingState = description.type === 'offer' ? 'have-remote-offer' : 'stable';
  }

  async getStats() {
    return new Map<string, { type: string; bytesReceived?: number; bytesSent?: number }>([
      ['a', { type: 'inbound-rtp', bytesReceived: 1200 }],
      ['b', { type: 'inbound-rtp', bytesReceived: 800 }],
      ['c', { type: 'outbound-rtp', bytesSent: 500 }],
      ['d', { type: 'transport', bytesReceived: 99_999 }],
    ]);
  }

  moveTo(state: RTCPeerConnectionState) {
    this.connectionState = state;
    this.onconnectionstatechange?.();
  }
}

const stream = { getTracks: () => [{ kind: 'audio' }, { kind: 'video' }] } as unknown as MediaStream;

function link(side: 'buyer' | 'seller', overrides: Partial<PeerLinkOptions> = {}) {
  const sent: OutgoingSignal[] = [];
  const states: string[] = [];
  const onLost = jest.fn();
  const peer = new PeerLink({
    side,
    local: stream,
    iceServers: [{ urls: ['stun:stun.example.com'] }],
    signal: (signal) => sent.push(signal),
    onRemoteStream: () => undefined,
    onMediaState: (state) => states.push(state),
    onLost,
    lostAfterMs: 20_000,
    ...overrides,
  });
  return { peer, pc: FakePeerConnection.last, sent, states, onLost };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

const relay = (frame: OutgoingSignal) => ({ ...frame, sessionId: 5, fromUserId: 9 }) as RelayedCallSignalFrame;

beforeAll(() => {
  (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection = FakePeerConnection;
});

afterAll(() => {
  delete (globalThis as { RTCPeerConnection?: unknown }).RTCPeerConnection;
});

afterEach(() => jest.useRealTimers());

describe('the peer link', () => {
  it('uses the ICE servers it is given and sends every track', () => {
    const { pc } = link('buyer');
    expect(pc.config.iceServers).toEqual([{ urls: ['stun:stun.example.com'] }]);
    expect(pc.addTrack).toHaveBeenCalledTimes(2);
  });

  it('lets only the buyer offer, and applies an answer only to an offer still open', async () => {
    const buyer = link('buyer');
    buyer.pc.onnegotiationneeded?.();
    await settle();
    expect(buyer.sent).toEqual([{ type: 'call_offer', sdp: 'offer-1' }]);
    buyer.peer.handle(relay({ type: 'call_answer', sdp: 'answer-sdp' }));
    await settle();
    expect(buyer.pc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });
    buyer.peer.handle(relay({ type: 'call_answer', sdp: 'late-answer' }));
    await settle();
    expect(buyer.pc.remoteDescription).toEqual({ type: 'answer', sdp: 'answer-sdp' });

    const seller = link('seller');
    expect(seller.pc.onnegotiationneeded).toBeNull();
  });

  it('keeps candidates that come before the offer until the offer is applied, then answers', async () => {
    const { peer, pc, sent } = link('seller');
    const candidate = { candidate: 'candidate:1 1 udp 1 127.0.0.1 5000 typ host', sdpMid: '0', sdpMLineIndex: 0 };
    peer.handle(relay({ type: 'call_ice', candidate }));
    await settle();
    expect(pc.addIceCandidate).not.toHaveBeenCalled();
    peer.handle(relay({ type: 'call_offer', sdp: 'offer-sdp' }));
    await settle();
    expect(pc.remoteDescription).toEqual({ type: 'offer', sdp: 'offer-sdp' });
    expect(pc.addIceCandidate).toHaveBeenCalledWith(candidate);
    expect(sent).toEqual([{ type: 'call_answer', sdp: 'answer-sdp' }]);
  });

  it('reports connecting, connected and a drop; the buyer restarts ICE while it is down and the call is lost after 20 s', async () => {
    jest.useFakeTimers();
    const { pc, states, onLost, sent } = link('buyer');
    pc.moveTo('connecting');
    pc.moveTo('connected');
    expect(states).toEqual(['connected']);

    pc.moveTo('disconnected');
    expect(states).toEqual(['connected', 'disconnected']);
    await jest.advanceTimersByTimeAsync(1_999);
    expect(pc.restartIce).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    expect(sent.at(-1)).toEqual({ type: 'call_offer', sdp: 'offer-1' });

    // The answer never comes: the next restart takes the open offer back and offers again.
    await jest.advanceTimersByTimeAsync(5_000);
    expect(pc.restartIce).toHaveBeenCalledTimes(2);
    expect(sent.at(-1)).toEqual({ type: 'call_offer', sdp: 'offer-2' });
    // Still coming back counts as down.
    pc.moveTo('connecting');
    expect(states.at(-1)).toBe('disconnected');

    await jest.advanceTimersByTimeAsync(13_000);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('stops restarting and forgets the drop when the connection comes back', async () => {
    jest.useFakeTimers();
    const { pc, states, onLost } = link('buyer');
    pc.moveTo('connected');
    pc.moveTo('failed');
    await jest.advanceTimersByTimeAsync(0);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    pc.moveTo('connected');
    await jest.advanceTimersByTimeAsync(30_000);
    expect(pc.restartIce).toHaveBeenCalledTimes(1);
    expect(onLost).not.toHaveBeenCalled();
    expect(states).toEqual(['connected', 'disconnected', 'connected']);
  });

  it('leaves restarts to the buyer: a seller only waits, and gives up after 20 s', async () => {
    jest.useFakeTimers();
    const { pc, onLost } = link('seller');
    pc.moveTo('connected');
    pc.moveTo('disconnected');
    await jest.advanceTimersByTimeAsync(19_999);
    expect(pc.restartIce).not.toHaveBeenCalled();
    expect(onLost).not.toHaveBeenCalled();
    await jest.advanceTimersByTimeAsync(1);
    expect(onLost).toHaveBeenCalledTimes(1);
  });

  it('counts the media bytes received and sent, not the transport’s', async () => {
    const { peer } = link('buyer');
    await expect(peer.stats()).resolves.toEqual({ bytesReceived: 2000, bytesSent: 500 });
  });
});
