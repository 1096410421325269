import { VipMessages } from '../vip/vip.constants';
import type { UserSummary } from '../common/user';

/**
 * What a notification is about:
 * - message: a private message that arrived while its chat was not open
 * - seller: a buyer's message to a seller in a marketplace chat
 * - missed_call: a call to a seller that nobody answered
 * - seller_application: the team's decision on an expert application
 * - report_outcome: a report the person made was handled
 * - warning: a moderator warned the person
 * - mention: someone mentioned the person (@username) in a room
 */
export const NOTIFICATION_TYPES = ['message', 'seller', 'missed_call', 'seller_application', 'report_outcome', 'warning', 'vip', 'mention'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Types about one private chat: opening that chat marks them read. */
export const CHAT_NOTIFICATION_TYPES: readonly NotificationType[] = ['message', 'seller'];

/**
 * Types that carry the words of a message: with the person's message-preview setting off,
 * every place they leave the conversation (a desktop notification, a push, the digest mail)
 * says that a message came, not what it says.
 */
export function carriesMessageText(type: NotificationType): boolean {
  return type === 'mention' || CHAT_NOTIFICATION_TYPES.includes(type);
}

export const NOTIFICATION_PAGE_DEFAULT = 20;
export const NOTIFICATION_PAGE_MAX = 50;

export interface NotificationDto {
  id: number;
  type: NotificationType;
  title: string;
  content: string;
  /** Who caused it (the writer of a message, the caller); null for the team's and moderators' notices. */
  sender: UserSummary | null;
  /** Where it leads in the app: a chat, the calls list, the seller profile, the guidelines. */
  link: string;
  /** The private chat it is about, for message and seller notifications. */
  roomId: number | null;
  timestamp: string;
  read: boolean;
}

/** The unread count, in all and per private chat (only chats with unread notifications are listed). */
export interface UnreadNotificationsDto {
  count: number;
  rooms: Array<{ roomId: number; count: number }>;
}

/** One page, newest first; pass nextBefore as before for the next, null when there is none. */
export interface NotificationPageDto {
  notifications: NotificationDto[];
  nextBefore: number | null;
}

/** The words of the notifications the server writes. */
export const NotificationText = {
  messageFrom: (username: string) => `New message from ${username}`,
  mentionIn: (username: string, roomName: string) => `${username} mentioned you in ${roomName}`,
  mentionFrom: (username: string) => `${username} mentioned you`,
  image: 'Sent an image',
  gif: 'Sent a GIF',
  voice: 'Sent a voice note',
  missedCall: (buyer: string, callType: 'audio' | 'video') => `Missed ${callType} call from ${buyer}`,
  missedCallContent: 'They called while you were away. Write to them in your chat.',
  applicationApproved: 'Your expert application was approved',
  applicationApprovedContent: 'Your seller profile is now live in the marketplace.',
  applicationRejected: 'Your expert application was not approved',
  applicationRejectedContent: (reason: string | null) => (reason ? `Reason: ${reason}` : 'You may update your details and apply again.'),
  reportOutcome: 'Update on your report',
  muteReason: (reason: string) => `Reason: ${reason}`,
  warningContent: (reason: string | null) => (reason ? `Reason: ${reason}. Please follow the community guidelines.` : 'Please follow the community guidelines.'),
  vipGranted: 'You are now a VIP member',
  vipGrantedContent: (until: string) => VipMessages.vipUntil(until),
  vipRevoked: 'Your VIP membership has ended',
  vipRevokedContent: 'A moderator ended it. Contact us through the VIP dialog with any question.',
  vipExpiring: (until: string) => VipMessages.expiringSoon(until),
  vipExpiringContent: 'Renew it through the VIP dialog to keep your benefits.',
  notFound: 'Notification not found',
  notYours: 'This notification belongs to someone else',
} as const;
