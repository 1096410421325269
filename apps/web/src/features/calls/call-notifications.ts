function callOf(notification: Notification): number | undefined {
  return (notification.data as { call?: { sessionId?: number } } | null)?.call?.sessionId;
}

/**
 * Whether this call's notification comes by push: shown already, or sure to come since this
 * browser is subscribed and the person's settings let the server push the call (`pushed`).
 */
export async function pushCoversCall(sessionId: number, pushed: boolean): Promise<boolean> {
  const registration = await navigator.serviceWorker.getRegistration().catch(() => undefined);
  if (!registration) return false;
  const [subscription, shown] = await Promise.all([
    registration.pushManager?.getSubscription().catch(() => null) ?? null,
    registration.getNotifications().catch(() => [] as Notification[]),
  ]);
  return (pushed && subscription !== null) || shown.some((notification) => callOf(notification) === sessionId);
}

/**
 * A ringing call's push notification (the service worker shows it with Accept and Decline), closed
 * once the server says the call stopped ringing: answered (here or elsewhere), declined, missed or
 * cancelled. Matched by the call it carries, so a missed-call notice that replaced it stays.
 */
export function closeCallNotification(sessionId: number): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.getNotifications())
    .then((shown) => {
      for (const notification of shown ?? []) {
        if (callOf(notification) === sessionId) notification.close();
      }
    })
    .catch(() => undefined);
}
