import type { PushPayload } from '@app/contracts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

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

/** How long a delivered push may take to show before it is delivered again. */
const PUSH_SHOWN_MS = 10_000;

/**
 * A push message as the push service would hand it to the browser, delivered through Chromium's
 * DevTools protocol to the worker registered for the site (no push service is reachable from
 * the test browser, and this one carries no encryption). Resolves once the worker has shown a
 * notification with the payload's tag.
 *
 * The DevTools call answers before the worker has the message and drops every failure on the way
 * silently; about one run in ten on a loaded machine nothing was shown. So the push goes only to
 * an activated worker, and one that shows nothing within PUSH_SHOWN_MS gets it once more, as a
 * push service sends again a message it could not deliver (the same tag replaces, never adds).
 */
export async function deliverPush(context: BrowserContext, page: Page, baseUrl: string, payload: PushPayload): Promise<void> {
  // The session stays attached until the context closes: detached at once, Chromium dropped
  // the push more often.
  const cdp = await context.newCDPSession(page);
  const scope = `${baseUrl}/`;
  let registrationId: string | undefined;
  const activated = new Promise<string>((resolve) => {
    const versions = new Map<string, { registrationId: string; status: string }>();
    const check = () => {
      for (const version of versions.values()) {
        if (version.registrationId === registrationId && version.status === 'activated') resolve(version.registrationId);
      }
    };
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
      if (ours) registrationId = ours.registrationId;
      check();
    });
    cdp.on('ServiceWorker.workerVersionUpdated', ({ versions: updated }) => {
      for (const version of updated) versions.set(version.versionId, version);
      check();
    });
  });
  await cdp.send('ServiceWorker.enable');
  const id = await activated;
  const data = JSON.stringify(payload);
  for (let attempt = 1; ; attempt++) {
    await cdp.send('ServiceWorker.deliverPushMessage', { origin: baseUrl, registrationId: id, data });
    try {
      await shownNotifications(page, payload.tag, 1, PUSH_SHOWN_MS);
      return;
    } catch (error) {
      if (attempt === 2) throw error;
      console.warn(`Push tagged ${payload.tag} not shown within ${PUSH_SHOWN_MS} ms, delivered again: ${(error as Error).message}`);
    }
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

/**
 * The notifications the site shows with this tag, once there are `count` of them (read in the page,
 * which asks its registration again until the count is right or `timeoutMs` passed).
 */
export async function shownNotifications(page: Page, tag: string, count = 1, timeoutMs = 15_000): Promise<ShownNotification[]> {
  return page.evaluate(
    async ({ tag, count, timeoutMs }) => {
      const registration = await navigator.serviceWorker.ready;
      const deadline = Date.now() + timeoutMs;
      let shown = await registration.getNotifications({ tag });
      while (shown.length !== count) {
        if (Date.now() > deadline) throw new Error(`${shown.length} notifications tagged ${tag} shown, not ${count} (the page ${document.visibilityState})`);
        await new Promise((resolve) => setTimeout(resolve, 50));
        shown = await registration.getNotifications({ tag });
      }
      return shown.map((n) => ({
        title: n.title,
        body: n.body,
        tag: n.tag,
        icon: n.icon,
        badge: n.badge,
        requireInteraction: n.requireInteraction,
        silent: n.silent,
        actions: ((n as unknown as { actions?: Array<{ action: string; title: string }> }).actions ?? []).map(({ action, title }) => ({ action, title })),
        data: n.data as { url: string; call: PushPayload['call'] | null },
      }));
    },
    { tag, count, timeoutMs },
  );
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

/**
 * Chromium with a profile on disk: it installs apps only outside incognito, which every
 * browser.newContext() is. The switches are support/browser.ts's.
 */
export async function launchProfile(baseUrl: string): Promise<{ context: BrowserContext; close(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(dir, {
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    baseURL: baseUrl,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  context.setDefaultTimeout(15_000);
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Why Chromium would not offer to install the page (what Lighthouse's installability audit read): none, for an installable app. */
export async function installabilityErrors(context: BrowserContext, page: Page): Promise<{ installability: string[]; manifest: string[] }> {
  const cdp = await context.newCDPSession(page);
  try {
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    const { errors } = await cdp.send('Page.getAppManifest');
    return { installability: installabilityErrors.map((e) => e.errorId), manifest: errors.map((e) => e.message) };
  } finally {
    await cdp.detach();
  }
}

/** A browser subscription as a push service would hand one out (base64url keys of the right lengths), saved through the API. */
export function fakeSubscriptionBody(endpoint: string) {
  return { endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'a'.repeat(22) } };
}
