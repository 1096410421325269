/** Request/reply patterns of stored notifications, answered by chat-svc (queue group "chat-svc"). */
export const NotificationPatterns = {
  /** ListNotificationsRequestDto -> NotificationPageDto, newest first */
  List: 'chat.notification.list',
  /** ActorRequestDto -> UnreadNotificationsDto */
  Unread: 'chat.notification.unread',
  /** NotificationIdRequestDto -> UnreadNotificationsDto; 404 unknown, 403 someone else's */
  MarkRead: 'chat.notification.mark-read',
  /** ActorRequestDto -> UnreadNotificationsDto */
  MarkAllRead: 'chat.notification.mark-all-read',
} as const;
