import type { PushKeyDto } from '@app/contracts';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';
import { NEVER_CACHED, offlinePagesFor } from './navigation-fallback';
import { clickOutcome, notificationFor, readPushPayload, type NotificationData } from './push-notification';
import { isLanguageMessage, rememberLanguage, workerLanguage } from './sw-language';
import { OPEN_IN_APP, type OpenInAppMessage } from './sw-messages';
import { SKIP_WAITING } from './update-store';

declare const self: ServiceWorkerGlobalScope;

// Pages come from the network first (the navigation route below), so the precache serves only the
// files it holds by their own names: no '/' for index.html, no '/shell' for shell.html.
precacheAndRoute(self.__WB_MANIFEST, { directoryIndex: '', cleanURLs: false });
cleanupOutdatedCaches();
// The first version takes the open tabs at once, so a notification's click can lead them; a later
// version waits until the person reloads into it (the app's "A new version is available").
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === SKIP_WAITING) void self.skipWaiting();
  // The language the page's person reads, for the worker's own words (offline pages, a push it cannot read).
  else if (isLanguageMessage(event.data)) event.waitUntil(rememberLanguage(self.caches, event.data.language));
});

const language = () => workerLanguage(self.caches, self.navigator.languages ?? [self.navigator.language]);

// A page's request starts while the worker boots rather than after (NetworkOnly takes the preloaded response).
self.addEventListener('activate', (event) => {
  if (self.registration.navigationPreload) event.waitUntil(self.registration.navigationPreload.enable());
});

registerRoute(
  new NavigationRoute(
    new NetworkOnly({
      plugins: [{ handlerDidError: async ({ request }) => precachedPageFor(new URL(request.url).pathname) }],
    }),
    { denylist: NEVER_CACHED },
  ),
);

// A page opened at the API (a sign-in provider sending the browser back, a download link) is not the
// app's, but it takes the preloaded response all the same: a navigation the worker leaves unanswered
// is asked of the network a second time, and such addresses work once.
registerRoute(({ request, url }) => request.mode === 'navigate' && NEVER_CACHED.some((pattern) => pattern.test(url.pathname)), new NetworkOnly());

async function precachedPageFor(pathname: string): Promise<Response> {
  for (const page of offlinePagesFor(pathname, await language())) {
    const response = await matchPrecache(page);
    if (response) return response;
  }
  return Response.error();
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event.data?.text());
  // Chromium shows a notice of its own for a push that shows nothing: every push shows one.
  event.waitUntil(
    language().then((spoken) => {
      const { title, options } = notificationFor(payload, spoken);
      return self.registration.showNotification(title, options);
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const outcome = clickOutcome(event.notification.data as NotificationData | null, event.action);
  if ('decline' in outcome) event.waitUntil(declineCall(outcome.decline));
  // Accept loads the page afresh, so it reads the ringing call from the server; a plain press
  // shows its page in the open tab without a reload, which would end a call running there.
  else event.waitUntil(openApp(outcome.open, { inPlace: event.action === '' }));
});

/** How long an open tab has to say it showed the page before it is loaded afresh instead. */
const IN_APP_ANSWER_MS = 1000;

/** Leads a tab of the app to `path` (the one in front, else any), or opens one. */
async function openApp(path: string, { inPlace }: { inPlace: boolean }): Promise<void> {
  const url = new URL(path, self.location.origin).href;
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const tab = tabs.find((client) => client.focused) ?? tabs[0];
  if (tab) {
    const controlled = await self.clients.matchAll({ type: 'window' });
    if (inPlace && controlled.some((client) => client.id === tab.id) && (await showInPlace(tab, path))) {
      await tab.focus().catch(() => undefined);
      return;
    }
    let led: WindowClient | null = null;
    try {
      // null: the tab left for another site meanwhile.
      led = await tab.navigate(url);
    } catch {
      // A tab this worker does not control yet cannot be led: a new window opens instead.
    }
    if (led) {
      await led.focus().catch(() => undefined);
      return;
    }
  }
  await self.clients.openWindow(url);
}

/** Asks the app in the tab to show the page itself; false when it does not answer (still loading, or an older version). */
function showInPlace(tab: WindowClient, path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), IN_APP_ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    tab.postMessage({ type: OPEN_IN_APP, path } satisfies OpenInAppMessage, [channel.port2]);
  });
}

/** Declines the ringing call from the notification itself, without opening the app. */
async function declineCall(sessionId: number): Promise<void> {
  const response = await postJson(`/api/sessions/end-call/${sessionId}`, {});
  // 409 or 404: the call stopped ringing meanwhile (answered elsewhere, cancelled, missed).
  if (!response.ok && response.status >= 500) throw new Error(`Declining call ${sessionId} failed: ${response.status}`);
}

/**
 * The push service replaced this device's subscription (it expired or was revoked): the new one
 * is handed to the server, so notifications keep arriving without the person doing anything.
 */
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(resubscribe(event));
});

async function resubscribe(event: PushSubscriptionChangeEvent): Promise<void> {
  let subscription = event.newSubscription;
  if (!subscription) {
    const applicationServerKey = event.oldSubscription?.options.applicationServerKey ?? (await serverKey());
    subscription = await self.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  }
  const response = await postJson('/api/push/subscriptions', subscription.toJSON());
  if (!response.ok) throw new Error(`Saving the new push subscription failed: ${response.status}`);
}

async function serverKey(): Promise<string> {
  const response = await fetch('/api/push/key', { credentials: 'include', headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`The push key could not be read: ${response.status}`);
  return ((await response.json()) as PushKeyDto).publicKey;
}

/** The session cookie goes along; the gateway takes unsafe requests only with a JSON body. */
function postJson(path: string, body: unknown): Promise<Response> {
  return fetch(path, {
    method: 'POST',
    credentials: 'include',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
}
