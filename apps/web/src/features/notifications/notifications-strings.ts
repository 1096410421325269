export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  authDescription: 'Please sign in to see your notifications.',
  loading: 'Loading notifications...',
  empty: 'No notifications yet',
  emptyHint: 'Messages, missed calls and updates from the team will show up here.',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  loadMore: 'Load more',
  loadFailed: 'Your notifications could not be loaded. Please try again later.',
  retry: 'Try again',
  unread: (n: number) => `${n} unread`,
  /** A system notification's text when the person turned message preview off. */
  previewHidden: 'You have a new message',
} as const;
