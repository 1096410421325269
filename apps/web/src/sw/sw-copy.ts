import type { PushCallAction } from '@app/contracts';

/** Words the service worker and the app's status banners show. */
export const SW_TEXT = {
  /** Shown when a push arrives that this version of the app cannot read. */
  fallbackTitle: 'ChatMarket',
  fallbackBody: 'You have a new notification.',
  actions: { accept: 'Accept', decline: 'Decline' } satisfies Record<PushCallAction, string>,
  updateTitle: 'A new version is available',
  updateBody: 'Reload to use it.',
  reload: 'Reload',
  later: 'Not now',
  offline: 'You are offline. What needs the server will work again once you are back online.',
} as const;
