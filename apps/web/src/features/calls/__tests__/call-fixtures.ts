import type { CallSessionDto, IncomingCallFrame } from '@app/contracts';

export const BUYER = { id: 7, username: 'alice', avatar: null };
export const SELLER = { id: 11, userId: 40, displayName: 'Coach Kim', avatar: null };

export function makeSession(overrides: Partial<CallSessionDto> = {}): CallSessionDto {
  return {
    id: 5,
    callType: 'video',
    state: 'ringing',
    endReason: null,
    roomId: 30,
    buyer: BUYER,
    seller: SELLER,
    pricePerMinute: null,
    currency: 'USD',
    displayCurrency: 'USD',
    displayRate: 1,
    createdAt: '2026-11-20T10:00:00.000Z',
    ringExpiresAt: '2026-11-20T10:00:30.000Z',
    acceptedAt: null,
    connectedAt: null,
    endedAt: null,
    durationSeconds: 0,
    amount: 0,
    commission: 0,
    earning: 0,
    displayAmount: 0,
    ...overrides,
  };
}

/** A call that connected for 2 min 5 s at $24 a minute: $50.00, $7.50 to the platform, $42.50 to the seller. */
export function completedSession(overrides: Partial<CallSessionDto> = {}): CallSessionDto {
  return makeSession({
    state: 'ended',
    endReason: 'completed',
    pricePerMinute: 24,
    acceptedAt: '2026-11-20T10:00:05.000Z',
    connectedAt: '2026-11-20T10:00:07.000Z',
    endedAt: '2026-11-20T10:02:12.000Z',
    durationSeconds: 125,
    amount: 50,
    commission: 7.5,
    earning: 42.5,
    displayAmount: 50,
    ...overrides,
  });
}

export function incomingCall(overrides: Partial<IncomingCallFrame> = {}): IncomingCallFrame {
  return {
    type: 'incoming_call',
    sessionId: 5,
    buyerName: 'alice',
    buyerId: BUYER.id,
    callType: 'video',
    roomId: 30,
    buyerAvatar: null,
    sellerId: SELLER.id,
    pricePerMinute: 35,
    ringExpiresAt: new Date(Date.now() + 30_000).toISOString(),
    ...overrides,
  };
}

export interface FakeTrack {
  kind: 'audio' | 'video';
  enabled: boolean;
  stop: jest.Mock;
}

/** What getUserMedia hands out in these tests: tracks that record being stopped. */
export function fakeStream(kinds: Array<'audio' | 'video'> = ['audio', 'video']) {
  const tracks: FakeTrack[] = kinds.map((kind) => ({ kind, enabled: true, stop: jest.fn() }));
  return {
    tracks,
    stream: {
      getTracks: () => tracks,
      getAudioTracks: () => tracks.filter((t) => t.kind === 'audio'),
      getVideoTracks: () => tracks.filter((t) => t.kind === 'video'),
    } as unknown as MediaStream,
  };
}

/** jsdom has no media devices: each test says what the browser answers. */
export function mockGetUserMedia(answer: () => Promise<MediaStream>): jest.Mock {
  const getUserMedia = jest.fn(answer);
  Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
  return getUserMedia;
}

export function refusal(name = 'NotAllowedError'): Promise<MediaStream> {
  const error = new Error('Permission denied');
  error.name = name;
  return Promise.reject(error);
}

export function removeMediaDevices() {
  Object.defineProperty(navigator, 'mediaDevices', { value: undefined, configurable: true });
}
