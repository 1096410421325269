import type { PushCallAction, PushPayload } from '@app/contracts';
import type { Language } from '@app/contracts/browser';
import { acceptCallPath } from '../lib/call-links';
import { workerText } from './sw-copy';

/** What a notification carries for its click: where it leads, and the call it offers to answer. */
export interface NotificationData {
  url: string;
  call: PushPayload['call'] | null;
}

/** Notification options the DOM and WebWorker libraries of TypeScript do not list yet. */
export interface PushNotificationOptions extends NotificationOptions {
  actions?: Array<{ action: PushCallAction; title: string }>;
  renotify?: boolean;
  timestamp?: number;
  data: NotificationData;
}

export const NOTIFICATION_ICONS = { icon: '/icons/icon-192.png', badge: '/icons/badge-96.png' } as const;

/** Where a tap on a notification with no payload of ours leads. */
const FALLBACK_URL = '/notifications';

/** The payload as the server sends it, or null when the push holds something else. */
export function readPushPayload(text: string | null | undefined): PushPayload | null {
  if (!text) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const payload = value as Partial<PushPayload>;
  if (typeof payload.title !== 'string' || typeof payload.tag !== 'string' || typeof payload.url !== 'string') return null;
  return payload as PushPayload;
}

/**
 * The notification a push shows. A newer one of the same tag (the same chat, the same call)
 * replaces the older and alerts again; a call offers Accept and Decline and stays until answered.
 * The server words a push in its person's language; the worker's own words (a push it cannot
 * read, a call's buttons from a server that did not word them) are said in `language`.
 */
export function notificationFor(payload: PushPayload | null, language: Language): { title: string; options: PushNotificationOptions } {
  if (!payload) {
    const body = workerText(language, 'sw.notification.body');
    return { title: workerText(language, 'sw.notification.title'), options: { body, ...NOTIFICATION_ICONS, data: { url: FALLBACK_URL, call: null } } };
  }
  const timestamp = Date.parse(payload.timestamp);
  const options: PushNotificationOptions = {
    body: payload.body,
    tag: payload.tag,
    renotify: true,
    silent: payload.silent,
    ...(Number.isFinite(timestamp) ? { timestamp } : {}),
    ...NOTIFICATION_ICONS,
    data: { url: sameOriginPath(payload.url), call: payload.call ?? null },
  };
  if (payload.call) {
    // Worded by the server in the person's language; the worker's own for a server from before.
    const titles = payload.call.actions ?? { accept: workerText(language, 'sw.call.accept'), decline: workerText(language, 'sw.call.decline') };
    options.actions = [
      { action: 'accept', title: titles.accept },
      { action: 'decline', title: titles.decline },
    ];
    options.requireInteraction = true;
  }
  return { title: payload.title, options };
}

/** What a click on the notification (or one of its buttons) does. */
export type ClickOutcome = { open: string } | { decline: number };

export function clickOutcome(data: NotificationData | null | undefined, action: string): ClickOutcome {
  const call = data?.call;
  if (call && action === ('decline' satisfies PushCallAction)) return { decline: call.sessionId };
  if (call && action === ('accept' satisfies PushCallAction)) return { open: acceptCallPath(call.sessionId) };
  return { open: data?.url ?? FALLBACK_URL };
}

/** A path of this app: a notification never opens another site. */
function sameOriginPath(url: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? url : FALLBACK_URL;
}
