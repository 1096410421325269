import type { NotificationDto, UnreadNotificationsDto } from './notifications.constants';

/** To every socket of the owner: a notification was stored. */
export interface NotificationFrame {
  type: 'notification';
  notification: NotificationDto;
  unread: UnreadNotificationsDto;
}

/** To every socket of the owner: notifications were marked read (on any device); ids null means all. */
export interface NotificationsReadFrame {
  type: 'notifications_read';
  ids: number[] | null;
  unread: UnreadNotificationsDto;
}

/** To every socket of the owner: a notification now says the new words of the message it was made of. */
export interface NotificationChangedFrame {
  type: 'notification_changed';
  notification: NotificationDto;
}

/** To every socket of the owner: notifications went with the message they were made of (taken back or removed). */
export interface NotificationsRemovedFrame {
  type: 'notifications_removed';
  ids: number[];
  unread: UnreadNotificationsDto;
}
