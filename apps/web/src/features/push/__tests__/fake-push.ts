import type { PushSubscriptionDto } from '@app/contracts';

/** A VAPID public key: an uncompressed P-256 point, 65 bytes, base64url. */
export const SERVER_KEY = Buffer.from([4, ...Array.from({ length: 64 }, (_, i) => i + 1)]).toString('base64url');
export const THIS_ENDPOINT = 'https://push.example.net/send/this-device';
export const OTHER_ENDPOINT = 'https://push.example.org/send/other-device';

export interface FakeSubscription {
  endpoint: string;
  options: { applicationServerKey: ArrayBuffer | null };
  toJSON(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  unsubscribe: jest.Mock<Promise<boolean>, []>;
}

export interface FakePushOptions {
  /** Notification.permission before anything is asked. */
  permission?: NotificationPermission;
  /** What the browser's question answers. */
  answer?: NotificationPermission;
  /** A subscription this browser already holds, and the key it was made with. */
  subscribed?: { endpoint: string; key?: string };
}

function bytesOf(key: string): ArrayBuffer {
  const bytes = Buffer.from(key, 'base64url');
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length);
}

/**
 * jsdom has no notifications, service worker or push: this browser has them, with a worker that
 * is active, a permission question answered as told, and a push service that hands out
 * subscriptions to THIS_ENDPOINT.
 */
export function installFakePush({ permission = 'default', answer = 'granted', subscribed }: FakePushOptions = {}) {
  let current: FakeSubscription | null = null;
  const subscription = (endpoint: string, key: ArrayBuffer | null): FakeSubscription => {
    const made: FakeSubscription = {
      endpoint,
      options: { applicationServerKey: key },
      toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) } }),
      unsubscribe: jest.fn(async () => {
        if (current === made) current = null;
        return true;
      }),
    };
    return made;
  };
  if (subscribed) current = subscription(subscribed.endpoint, bytesOf(subscribed.key ?? SERVER_KEY));
  const initial = current;

  const requestPermission = jest.fn(async () => {
    permission = answer;
    return answer;
  });
  const FakeNotification = {
    get permission() {
      return permission;
    },
    requestPermission,
  };
  const pushManager = {
    getSubscription: jest.fn(async () => current),
    subscribe: jest.fn(async (options: PushSubscriptionOptionsInit) => {
      current = subscription(THIS_ENDPOINT, (options.applicationServerKey as Uint8Array).slice().buffer as ArrayBuffer);
      return current;
    }),
  };
  /** Notifications the worker shows now (what registration.getNotifications() answers). */
  const shown: Array<{ data: unknown; close: jest.Mock }> = [];
  const registration = { pushManager, getNotifications: jest.fn(async () => [...shown]) };
  Object.defineProperty(window, 'Notification', { value: FakeNotification, configurable: true, writable: true });
  Object.defineProperty(window, 'PushManager', { value: function PushManager() {}, configurable: true, writable: true });
  Object.defineProperty(navigator, 'serviceWorker', {
    value: { ready: Promise.resolve(registration), getRegistration: async () => registration },
    configurable: true,
  });
  return {
    requestPermission,
    pushManager,
    /** The subscription the browser held before the test acted. */
    initial,
    current: () => current,
    shown,
    restore() {
      delete (window as { Notification?: unknown }).Notification;
      delete (window as { PushManager?: unknown }).PushManager;
      delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    },
  };
}

export function makeDevice(overrides: Partial<PushSubscriptionDto> = {}): PushSubscriptionDto {
  return {
    id: 1,
    browser: 'Chrome on Android',
    endpoint: THIS_ENDPOINT,
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUsedAt: '2026-11-27T18:30:00.000Z',
    ...overrides,
  };
}
