/**
 * This browser's side of push: whether it can receive notifications, and its subscription with
 * the push service, held by the service worker's registration.
 */

/** How long to wait for the service worker before saying the app is not ready on this device. */
const WORKER_WAIT_MS = 10_000;

export class PushNotReady extends Error {}

export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** The subscription this browser holds now, or null (no worker registered yet means none). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The worker once it is active: main.tsx registers it after the page has loaded. */
function activeRegistration(): Promise<ServiceWorkerRegistration> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new PushNotReady('The service worker is not active')), WORKER_WAIT_MS);
    void navigator.serviceWorker.ready.then((registration) => {
      clearTimeout(timer);
      resolve(registration);
    });
  });
}

/**
 * Subscribes this browser with the server's VAPID key. A subscription made with another key (the
 * server's key changed) is replaced, since the push service would refuse the server's messages.
 */
export async function subscribe(publicKey: string): Promise<PushSubscription> {
  const registration = await activeRegistration();
  const applicationServerKey = base64UrlToBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing) {
    if (sameKey(existing.options.applicationServerKey, applicationServerKey)) return existing;
    await existing.unsubscribe();
  }
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
}

export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function sameKey(held: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (!held) return false;
  const bytes = new Uint8Array(held);
  return bytes.length === wanted.length && bytes.every((byte, i) => byte === wanted[i]);
}

/**
 * Drops this browser's subscription when the person signs out, so a shared computer stops
 * showing their notifications: the push service then refuses the server's next push to it,
 * and the server forgets the device.
 */
export async function unsubscribeThisDevice(): Promise<void> {
  if (!pushSupported()) return;
  const subscription = await currentSubscription().catch(() => null);
  await subscription?.unsubscribe().catch(() => false);
}
