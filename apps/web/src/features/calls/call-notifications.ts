/**
 * A ringing call's push notification (the service worker shows it with Accept and Decline), closed
 * once the call stops ringing on this page: answered, declined, missed or taken elsewhere.
 * Matched by the call it carries, so a missed-call notice that replaced it stays.
 */
export function closeCallNotification(sessionId: number): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker
    .getRegistration()
    .then((registration) => registration?.getNotifications())
    .then((shown) => {
      for (const notification of shown ?? []) {
        if ((notification.data as { call?: { sessionId?: number } } | null)?.call?.sessionId === sessionId) notification.close();
      }
    })
    .catch(() => undefined);
}
