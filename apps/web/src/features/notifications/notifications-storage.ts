import type { AppNotification } from './notifications-slice';

/** Per person, so a shared device never shows one account's notifications to another. */
const keyFor = (userId: number) => `notifications:${userId}`;

export function loadNotifications(userId: number): AppNotification[] {
  try {
    const stored: unknown = JSON.parse(window.localStorage.getItem(keyFor(userId)) ?? '[]');
    return Array.isArray(stored) ? (stored as AppNotification[]) : [];
  } catch {
    return [];
  }
}

export function saveNotifications(userId: number, items: AppNotification[]) {
  try {
    window.localStorage.setItem(keyFor(userId), JSON.stringify(items));
  } catch {
    // Storage full or disabled: notifications still work for this visit.
  }
}
