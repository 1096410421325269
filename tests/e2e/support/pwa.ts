import type { PushPayload } from '@app/contracts';
import type { BrowserContext, Page } from 'playwright-core';

/** Waits until the service worker controls the page (it claims open tabs once it is active). */
export async function waitForWorkerControl(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
}

/** The paths of everything the page's caches hold, as the page's own code would read them. */
export function cachedPaths(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });
}

/**
 * A push message as the push service would hand it to the browser, delivered through Chromium's
 * DevTools protocol to the worker registered for the site (no push service is reachable from
 * the test browser, and this one carries no encryption).
 */
export async function deliverPush(context: BrowserContext, page: Page, baseUrl: string, payload: PushPayload): Promise<void> {
  const cdp = await context.newCDPSession(page);
  try {
    const scope = `${baseUrl}/`;
    const registration = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (ours) resolve(ours.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId, data: JSON.stringify(payload) });
  } finally {
    await cdp.detach();
  }
}

/** What a notification the worker shows is made of, as the page reads it from its registration. */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  badge: string;
  requireInteraction: boolean;
  silent: boolean | null;
  actions: Array<{ action: string; title: string }>;
  data: { url: string; call: PushPayload['call'] | null };
}

/** The notifications the site shows now with this tag, once there are `count` of them. */
export async function shownNotifications(page: Page, tag: string, count = 1): Promise<ShownNotification[]> {
  const read = () =>
    page.evaluate(async (tag) => {
      const registration = await navigator.serviceWorker.ready;
      return (await registration.getNotifications({ tag })).map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
        badge: n.badge,
        requireInteraction: n.requireInteraction,
        silent: n.silent,
        actions: ((n as unknown as { actions?: Array<{ action: string; title: string }> }).actions ?? []).map(({ action, title }) => ({ action, title })),
        data: n.data as ShownNotification['data'],
      }));
    }, tag);
  await page.waitForFunction(
    async ({ tag, count }) => (await (await navigator.serviceWorker.ready).getNotifications({ tag })).length === count,
    { tag, count },
    { polling: 100 },
  );
  return read();
}

/**
 * A press on the notification (or on one of its buttons), dispatched inside the worker: Chromium
 * has no DevTools command that clicks a notification, and the worker's handler is what the press runs.
 */
export async function clickNotification(context: BrowserContext, tag: string, action = ''): Promise<void> {
  const [worker] = context.serviceWorkers();
  if (!worker) throw new Error('No service worker runs for this context');
  await worker.evaluate(
    async ({ tag, action }) => {
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };
      const [notification] = await scope.registration.getNotifications({ tag });
      if (!notification) throw new Error(`No notification tagged ${tag}`);
      const NotificationEventClass = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification; action: string }) => Event }).NotificationEvent;
      scope.dispatchEvent(new NotificationEventClass('notificationclick', { notification, action }));
    },
    { tag, action },
  );
}
