import type { PushCallAction } from '@app/contracts';

/** Words the service worker shows: it has no catalogues (a push may arrive with no page open). */
export const SW_TEXT = {
  /** Shown when a push arrives that this version of the app cannot read. */
  fallbackTitle: 'ChatMarket',
  fallbackBody: 'You have a new notification.',
  actions: { accept: 'Accept', decline: 'Decline' } satisfies Record<PushCallAction, string>,
} as const;
