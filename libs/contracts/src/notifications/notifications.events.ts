import type { NotificationDto } from './notifications.constants';

/** Events published by chat-svc about notifications. */
export const NotificationEvents = {
  /**
   * A person has notifications they have not read for a while and got no digest within the
   * hour: auth-svc mails them one, if their settings allow e-mail.
   */
  DigestDue: 'notification.digest.due',
} as const;

export interface NotificationDigestDueEvent {
  userId: number;
  /** Unread notifications not mailed before, in all. */
  count: number;
  /** The newest of them, newest first. */
  notifications: Array<Pick<NotificationDto, 'type' | 'title' | 'content' | 'link' | 'timestamp'>>;
}

/** At most one digest per person per this long. */
export const NOTIFICATION_DIGEST_GAP_MINUTES = 60;
/** A digest lists at most this many notifications (and says how many there are). */
export const NOTIFICATION_DIGEST_LISTED = 10;
