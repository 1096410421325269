export const NOTIFICATIONS_TEXT = {
  title: 'Notifications',
  authDescription: 'Please sign in to see your notifications.',
  empty: 'No notifications yet',
  emptyHint: 'Messages, mentions and expert updates will show up here.',
  markAllRead: 'Mark all as read',
  clearAll: 'Clear all',
  unread: (n: number) => `${n} unread`,
} as const;
