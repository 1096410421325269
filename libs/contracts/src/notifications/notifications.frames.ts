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
