import notificationsEnglish from '@/i18n/catalogues/en/notifications.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// The notifications speak through their catalogues (src/i18n/catalogues/*/notifications.json); the English comes
// with the code that shows it.
addEnglish(notificationsEnglish);

export const NOTIFICATIONS_TEXT = spoken({
  title: 'notifications.title',
  authDescription: 'notifications.authDescription',
  loading: 'notifications.loading',
  empty: 'notifications.empty',
  emptyHint: 'notifications.emptyHint',
  markAllRead: 'notifications.markAllRead',
  markRead: 'notifications.markRead',
  loadMore: 'notifications.loadMore',
  loadFailed: 'notifications.loadFailed',
  retry: 'notifications.retry',
  unread: (n: number) => t('notifications.unread', { n }),
  /** A system notification's text when the person turned message preview off. */
  previewHidden: 'layout.newMessage',
});

/** The prompt to allow this browser's notifications. */
export const DESKTOP_ALERTS_TEXT = spoken({
  title: 'notifications.desktop.title',
  body: 'notifications.desktop.body',
  enable: 'notifications.desktop.enable',
  denied: 'notifications.desktop.denied',
});
