import { Injectable, Logger } from '@nestjs/common';
import {
  NOTIFICATION_PAGE_DEFAULT,
  NotificationText,
  type ActorDto,
  type CallEndedEvent,
  type MessageDto,
  type ModerationNoticeDto,
  type NotificationPageDto,
  type NotificationWording,
  type SellerApplicationDecidedEvent,
  type VipChangeDto,
  type VipExpiringEvent,
  type UnreadNotificationsDto,
} from '@app/contracts';
import { RpcErrors } from '@app/server';
import { FanoutService } from '../fanout/fanout.service';
import { MentionsService } from '../mentions/mentions.service';
import { PushService } from '../push/push.service';
import type { Room } from '../rooms/room.entity';
import { ChatUsersService } from '../users/users.service';
import { NotificationsRepository, type NewNotification } from './notifications.repository';

/**
 * Notifications stored per person and pushed to every socket they have open (through their
 * user subject, so any gateway delivers them). Every source stores before it publishes.
 */
@Injectable()
export class NotificationsService {
  private readonly logger = new Logger(NotificationsService.name);

  constructor(
    private readonly notifications: NotificationsRepository,
    private readonly users: ChatUsersService,
    private readonly fanout: FanoutService,
    private readonly mentions: MentionsService,
    private readonly push: PushService,
  ) {}

  async list(actor: ActorDto, before: number | undefined, limit = NOTIFICATION_PAGE_DEFAULT): Promise<NotificationPageDto> {
    const page = await this.notifications.page(actor.id, before, limit + 1);
    const notifications = page.slice(0, limit);
    return { notifications, nextBefore: page.length > limit ? notifications[notifications.length - 1].id : null };
  }

  unread(actor: ActorDto): Promise<UnreadNotificationsDto> {
    return this.notifications.unread(actor.id);
  }

  async markRead(actor: ActorDto, id: number): Promise<UnreadNotificationsDto> {
    const owner = await this.notifications.ownerOf(id);
    if (owner === null) throw RpcErrors.notFound(NotificationText.notFound);
    if (owner !== actor.id) throw RpcErrors.forbidden(NotificationText.notYours);
    return this.read(actor.id, await this.notifications.markRead(actor.id, { id }), [id]);
  }

  async markAllRead(actor: ActorDto): Promise<UnreadNotificationsDto> {
    return this.read(actor.id, await this.notifications.markRead(actor.id, {}), null);
  }

  /** The person opened this private chat: what it notified them of is read, on every device. */
  async chatOpened(userId: number, roomId: number): Promise<void> {
    const ids = await this.notifications.markRead(userId, { roomId });
    if (ids.length > 0) await this.read(userId, ids, ids);
  }

  /**
   * A private message notifies the other person unless they are in the chat right now (a socket
   * of theirs joined the room, on any gateway: the send asked presence) — a block either way
   * refused the send before. A buyer's message to the seller of a marketplace chat is a seller
   * notification; one that mentions the other person is a mention, unless their settings turn
   * mentions off. In a public room, each person the message mentions is notified (their settings allowing).
   * A reply mentions the author of the message it answers (not someone answering themselves).
   */
  async messageSent(room: Room, message: MessageDto, recipient: PrivateRecipient | null): Promise<void> {
    const mentioned = (message.mentions ?? []).map((m) => m.id);
    const answeredAuthor = message.replyTo?.sender.id;
    if (answeredAuthor !== undefined && !mentioned.includes(answeredAuthor) && (await this.mentions.mayMention(answeredAuthor, message.senderId))) {
      mentioned.push(answeredAuthor);
    }
    const mentionsOff = mentioned.length > 0 ? await this.mentions.mentionsOff(mentioned).catch(() => new Set(mentioned)) : new Set<number>();
    const mentions = (userId: number) => mentioned.includes(userId) && !mentionsOff.has(userId);
    if (room.type !== 'private') return this.mentionedInRoom(room, message, mentioned.filter(mentions));
    if (!recipient || recipient.inside) return;
    const userId = recipient.id;
    try {
      const seller = room.origin === 'marketplace' && room.sellerUserId === userId;
      if (!seller && mentions(userId)) return await this.storeMention(room, message, userId);
      await this.store({
        userId,
        type: seller ? 'seller' : 'message',
        title: { key: 'messageFrom', facts: { username: message.sender.username } },
        content: contentOf(message),
        sender: message.sender,
        link: `/chat/${room.id}`,
        roomId: room.id,
        sourceKey: messageSource(message.id),
      });
    } catch (error) {
      // The message is stored and delivered; a notification that failed must not fail the send.
      this.logger.warn(`Notifying of message ${message.id} failed: ${(error as Error).message}`);
    }
  }

  /** Public rooms: mentions are notified even while the person reads the room, as a busy room scrolls them away. */
  private async mentionedInRoom(room: Room, message: MessageDto, userIds: number[]): Promise<void> {
    for (const userId of userIds) {
      try {
        await this.storeMention(room, message, userId);
      } catch (error) {
        // The message is stored and delivered; a notification that failed must not fail the send.
        this.logger.warn(`Notifying ${userId} of a mention in message ${message.id} failed: ${(error as Error).message}`);
      }
    }
  }

  /**
   * A message's words changed: the notifications made of it say the new words on every device,
   * and so does the digest mail, which sends what is stored.
   */
  async messageEdited(message: MessageDto): Promise<void> {
    try {
      // Only text is edited, so the new content is the message's words.
      const changed = await this.notifications.changeContent(sourcesOf(message.id), message.content);
      for (const { userId, ...notification } of changed) this.fanout.toUser(userId, { type: 'notification_changed', notification });
    } catch (error) {
      // The edit is stored and delivered; its notifications failing must not fail it.
      this.logger.warn(`Changing the notifications of message ${message.id} failed: ${(error as Error).message}`);
    }
  }

  /** A message taken back by its sender or removed by a moderator: the notifications made of it go too, before any digest mails them. */
  async messageRemoved(messageId: number): Promise<void> {
    try {
      const removed = await this.notifications.removeBySource(sourcesOf(messageId));
      const byUser = new Map<number, number[]>();
      for (const { id, userId } of removed) byUser.set(userId, [...(byUser.get(userId) ?? []), id]);
      for (const [userId, ids] of byUser) {
        this.fanout.toUser(userId, { type: 'notifications_removed', ids, unread: await this.notifications.unread(userId) });
      }
    } catch (error) {
      // The removal is stored and delivered; its notifications failing must not fail it.
      this.logger.warn(`Removing the notifications of message ${messageId} failed: ${(error as Error).message}`);
    }
  }

  /** Leads to the message itself (the room scrolls to it); a private chat's mention is read when the chat is opened. */
  private storeMention(room: Room, message: MessageDto, userId: number): Promise<void> {
    const sender = message.sender.username;
    return this.store({
      userId,
      type: 'mention',
      title: room.type === 'private' ? { key: 'mentionFrom', facts: { username: sender } } : { key: 'mentionIn', facts: { username: sender, room: room.name } },
      content: message.content,
      sender: message.sender,
      link: `/chat/${room.id}?message=${message.id}`,
      roomId: room.type === 'private' ? room.id : null,
      sourceKey: mentionSource(message.id),
    });
  }

  /** A call nobody answered: the seller learns who called and can write back in their chat. */
  async callEnded(call: CallEndedEvent): Promise<void> {
    if (call.endReason !== 'missed') return;
    const buyer = ChatUsersService.summary(call.buyer.id, await this.users.findMany([call.buyer.id]));
    await this.store({
      userId: call.seller.userId,
      type: 'missed_call',
      title: { key: 'missedCall', facts: { buyer: call.buyer.username, callType: call.callType } },
      content: { key: 'missedCallContent' },
      sender: buyer,
      link: call.roomId ? `/chat/${call.roomId}` : '/calls',
      roomId: null,
      sourceKey: `call:${call.id}`,
    }, call.id);
  }

  async applicationDecided(event: SellerApplicationDecidedEvent): Promise<void> {
    const approved = event.status === 'verified';
    await this.store({
      userId: event.userId,
      type: 'seller_application',
      title: { key: approved ? 'applicationApproved' : 'applicationRejected' },
      content: approved ? { key: 'applicationApprovedContent' } : { key: 'applicationRejectedContent', facts: { reason: event.reason } },
      sender: null,
      link: approved ? '/seller-profile' : '/seller-registration',
      roomId: null,
      sourceKey: `application:${event.sellerId}:${event.decidedAt}`,
    });
  }

  /** A VIP period granted or taken away by a moderator (an expiry was announced days before). */
  async vipChanged(change: VipChangeDto): Promise<void> {
    if (change.action === 'expire') return;
    const granted = change.action === 'grant';
    await this.store({
      userId: change.userId,
      type: 'vip',
      title: { key: granted ? 'vipGranted' : 'vipRevoked' },
      content: granted ? { key: 'vipGrantedContent', facts: { until: change.vipUntil as string } } : { key: 'vipRevokedContent' },
      sender: null,
      link: '/profile',
      roomId: null,
      sourceKey: `vip:${change.id}`,
    });
  }

  async vipExpiring(event: VipExpiringEvent): Promise<void> {
    await this.store({
      userId: event.userId,
      type: 'vip',
      title: { key: 'vipExpiring', facts: { until: event.vipUntil } },
      content: { key: 'vipExpiringContent' },
      sender: null,
      link: '/profile',
      roomId: null,
      sourceKey: `vip-expiring:${event.vipUntil}`,
    });
  }

  /**
   * Of the moderators' notices, a warning and the outcome of one's report become notifications;
   * a mute, a moderator's act on the account that the notices page shows, reaches the person's
   * devices too.
   */
  async moderationNotice(userId: number, notice: ModerationNoticeDto): Promise<void> {
    if (notice.kind === 'mute') {
      return this.push.notice(userId, {
        title: { key: 'muted', facts: { until: notice.endsAt as string } },
        ...(notice.reason ? { body: { key: 'muteReason', facts: { reason: notice.reason } } as const } : {}),
        url: '/notifications#moderation-notices',
        tag: `moderation-notice-${notice.id}`,
        timestamp: notice.createdAt,
      });
    }
    if (notice.kind !== 'warning' && notice.kind !== 'report_resolved') return;
    const warning = notice.kind === 'warning';
    await this.store({
      userId,
      type: warning ? 'warning' : 'report_outcome',
      title: warning ? { key: 'warning' } : { key: 'reportOutcome' },
      content: warning ? { key: 'warningContent', facts: { reason: notice.reason } } : { key: 'reportOutcomeContent', facts: { outcome: notice.outcome ?? 'action_taken' } },
      sender: null,
      link: warning ? '/notifications#moderation-notices' : '/notifications#my-reports',
      roomId: null,
      sourceKey: `moderation-notice:${notice.id}`,
    });
  }

  /** Stored once (by its source), then shown on every open socket and pushed to the person's devices; `callId` names the call it ends the ringing of. */
  private async store(input: NewNotification, callId?: number): Promise<void> {
    const notification = await this.notifications.insert(input);
    if (!notification) return;
    this.fanout.toUser(input.userId, { type: 'notification', notification, unread: await this.notifications.unread(input.userId) });
    // Push services answer in their own time: the send that caused this does not wait for them.
    void this.push.notification(input.userId, notification, callId);
  }

  private async read(userId: number, changed: number[], ids: number[] | null): Promise<UnreadNotificationsDto> {
    const unread = await this.notifications.unread(userId);
    if (changed.length > 0) this.fanout.toUser(userId, { type: 'notifications_read', ids, unread });
    return unread;
  }
}

/** A private message's other person, and whether they have the chat open (found by the send). */
export interface PrivateRecipient {
  id: number;
  inside: boolean;
}

const messageSource = (messageId: number) => `message:${messageId}`;
const mentionSource = (messageId: number) => `mention:${messageId}`;
/** Every notification one message can make: its private chat's, and the mentions in it. */
const sourcesOf = (messageId: number) => [messageSource(messageId), mentionSource(messageId)];

/** What a notification says of a message: its words, or what kind of media it carries (never a file's address). */
function contentOf(message: MessageDto): NotificationWording | string {
  if (message.type === 'image' || message.type === 'gif' || message.type === 'voice') return { key: message.type };
  return message.content;
}
