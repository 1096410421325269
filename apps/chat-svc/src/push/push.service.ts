import { Injectable, Logger } from '@nestjs/common';
import {
  carriesMessageText,
  DEFAULT_USER_SETTINGS,
  fieldMessage,
  inDoNotDisturb,
  wordIn,
  type ActorDto,
  type Language,
  type NotificationDto,
  type NotificationWording,
  type PushKeyDto,
  type PushPayload,
  type PushSubscriptionDto,
  type SubscribePushRequestDto,
} from '@app/contracts';
import { fieldRefused, RpcErrors } from '@app/server';
import Bowser from 'bowser';
import { PresenceService } from '../presence/presence.service';
import type { PushSettings } from '../users/chat-user.entity';
import { PushSender, type PushDelivery } from './push-sender';
import type { PushSubscription } from './push-subscription.entity';
import { PushSubscriptionsRepository } from './push-subscriptions.repository';

/** A message waits this long at the push service for a device that is off; older news is for the notification list. */
export const PUSH_MESSAGE_TTL_SECONDS = 24 * 60 * 60;

/** A call may ring through do-not-disturb hours; nothing else does. */
type PushKind = 'call' | 'notification';

/**
 * Web Push to a person's devices: their subscriptions, and what is sent for a stored
 * notification or a ringing call by their settings (push on, sound, message text,
 * do-not-disturb hours). A push that fails never fails what caused it.
 */
@Injectable()
export class PushService {
  private readonly logger = new Logger(PushService.name);
  /** Each person's pushes leave in the order they were made, so a newer one replaces an older, never the reverse. */
  private readonly queues = new Map<number, Promise<void>>();

  constructor(
    private readonly subscriptions: PushSubscriptionsRepository,
    private readonly sender: PushSender,
    private readonly presence: PresenceService,
  ) {}

  key(): PushKeyDto {
    if (!this.sender.publicKey) throw RpcErrors.unavailable(fieldMessage('push_not_set_up'));
    return { publicKey: this.sender.publicKey };
  }

  async subscribe({ actor, endpoint, keys, userAgent }: SubscribePushRequestDto): Promise<PushSubscriptionDto> {
    if (!this.sender.allows(endpoint)) throw fieldRefused('endpoint', fieldMessage('push_endpoint_refused'));
    const saved = await this.subscriptions.save({ userId: actor.id, endpoint, p256dh: keys.p256dh, auth: keys.auth, browser: browserName(userAgent) });
    return toDto(saved);
  }

  async list(actor: ActorDto): Promise<PushSubscriptionDto[]> {
    return (await this.subscriptions.ofUser(actor.id)).map(toDto);
  }

  async remove(actor: ActorDto, id: number): Promise<{ ok: true }> {
    const subscription = await this.subscriptions.findById(id);
    if (!subscription) throw RpcErrors.notFound(fieldMessage('push_device_not_found'));
    if (subscription.userId !== actor.id) throw RpcErrors.forbidden(fieldMessage('push_device_not_yours'));
    await this.subscriptions.remove([id]);
    return { ok: true };
  }

  /**
   * A stored notification, on the person's devices. One about a conversation only when they
   * have the app open nowhere (an open app shows it itself); one per place it leads replaces
   * the one before (tag), and a missed call replaces its ring.
   */
  notification(userId: number, notification: NotificationDto, callId?: number): Promise<void> {
    // About a conversation: pushed only to a person who has the app open nowhere.
    const conversation = carriesMessageText(notification.type);
    return this.deliver(userId, 'notification', conversation, (settings, language) => ({
      payload: {
        // Worded in the person's language as stored (NotificationsRepository).
        title: notification.title,
        body: conversation && !settings.messagePreview ? wordIn(language, { key: 'hiddenPreview' }) : notification.content,
        tag: callId ? callTag(callId) : tagOf(notification),
        url: notification.link,
        silent: !settings.messageSound,
        timestamp: notification.timestamp,
        notificationId: notification.id,
      },
      delivery: { ttlSeconds: PUSH_MESSAGE_TTL_SECONDS, urgency: 'normal', topic: callId ? callTag(callId) : tagOf(notification) },
    }));
  }

  /** A notice that is no stored notification (a moderator's mute), on the person's devices; a body worded in their language. */
  notice(userId: number, { title, body, ...notice }: Pick<PushPayload, 'url' | 'tag' | 'timestamp'> & { title: NotificationWording; body?: NotificationWording }): Promise<void> {
    return this.deliver(userId, 'notification', false, (settings, language) => ({
      payload: { ...notice, title: wordIn(language, title), ...(body ? { body: wordIn(language, body) } : {}), silent: !settings.messageSound },
      delivery: { ttlSeconds: PUSH_MESSAGE_TTL_SECONDS, urgency: 'normal', topic: notice.tag },
    }));
  }

  /** A call ringing for the seller: urgent, and kept by the push service only while it rings. */
  incomingCall(userId: number, call: { sessionId: number; buyerName: string; callType: 'audio' | 'video'; ringExpiresAt: string; roomId: number | null }): Promise<void> {
    const ttlSeconds = Math.floor((Date.parse(call.ringExpiresAt) - Date.now()) / 1000);
    if (ttlSeconds <= 0) return Promise.resolve();
    return this.deliver(userId, 'call', false, (settings, language) => ({
      payload: {
        title: wordIn(language, { key: 'incomingCall', facts: { buyer: call.buyerName, callType: call.callType } }),
        body: wordIn(language, { key: 'incomingCallBody' }),
        tag: callTag(call.sessionId),
        url: call.roomId ? `/chat/${call.roomId}` : '/calls',
        silent: !settings.messageSound,
        timestamp: new Date().toISOString(),
        call: {
          sessionId: call.sessionId,
          callType: call.callType,
          ringExpiresAt: call.ringExpiresAt,
          actions: { accept: wordIn(language, { key: 'acceptCall' }), decline: wordIn(language, { key: 'declineCall' }) },
        },
      },
      delivery: { ttlSeconds, urgency: 'high', topic: callTag(call.sessionId) },
    }));
  }

  /** Queued behind the person's earlier pushes; `onlyWhenAway`: skipped while they have the app open anywhere. */
  private deliver(userId: number, kind: PushKind, onlyWhenAway: boolean, build: Build): Promise<void> {
    const next = (this.queues.get(userId) ?? Promise.resolve()).then(() => this.send(userId, kind, onlyWhenAway, build));
    this.queues.set(userId, next);
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
    return next;
  }

  private async send(userId: number, kind: PushKind, onlyWhenAway: boolean, build: Build): Promise<void> {
    try {
      if (onlyWhenAway && (await this.presence.connectedAnywhere(userId))) return;
      const { settings: stored, language, subscriptions } = await this.subscriptions.targetsOf(userId);
      if (subscriptions.length === 0) return;
      const settings = resolved(stored);
      if (!settings.push) return;
      if (inDoNotDisturb(settings.doNotDisturb) && !(kind === 'call' && settings.doNotDisturb.allowCalls)) return;
      const { payload, delivery } = build(settings, language);
      const body = JSON.stringify(payload);
      const outcomes = await Promise.all(subscriptions.map((s) => this.sender.send(s, body, delivery)));
      await Promise.all([
        this.subscriptions.remove(subscriptions.filter((_, i) => outcomes[i] === 'gone').map((s) => s.id)),
        this.subscriptions.used(subscriptions.filter((_, i) => outcomes[i] === 'sent').map((s) => s.id)),
      ]);
    } catch (error) {
      this.logger.warn(`Push to user ${userId} failed: ${(error as Error).message}`);
    }
  }
}

type ResolvedPushSettings = Required<PushSettings>;
type Build = (settings: ResolvedPushSettings, language: Language) => { payload: PushPayload; delivery: PushDelivery };

/** Settings never received (a person who has not changed any since push came) are the defaults. */
function resolved(stored: PushSettings | null): ResolvedPushSettings {
  const defaults = DEFAULT_USER_SETTINGS;
  return {
    push: stored?.push ?? defaults.notifications.push,
    messageSound: stored?.messageSound ?? defaults.notifications.messageSound,
    messagePreview: stored?.messagePreview ?? defaults.chat.messagePreview,
    doNotDisturb: { ...defaults.notifications.doNotDisturb, ...stored?.doNotDisturb },
  };
}

const callTag = (sessionId: number) => `call-${sessionId}`;

/** Notifications leading to the same conversation replace each other; the others, those of their kind. */
function tagOf(notification: NotificationDto): string {
  const room = /^\/chat\/(\d+)/.exec(notification.link)?.[1];
  return room ? `chat-${room}` : notification.type.replace(/_/g, '-');
}

/** "Chrome on Android", from the User-Agent the browser subscribed with. */
function browserName(userAgent: string | undefined): string {
  if (!userAgent) return 'Unknown browser';
  const { browser, os } = Bowser.parse(userAgent);
  const name = [browser.name, os.name].filter(Boolean).join(' on ');
  return (name || 'Unknown browser').slice(0, 80);
}

function toDto(subscription: PushSubscription): PushSubscriptionDto {
  return {
    id: subscription.id,
    browser: subscription.browser,
    endpoint: subscription.endpoint,
    createdAt: subscription.createdAt.toISOString(),
    lastUsedAt: subscription.lastUsedAt.toISOString(),
  };
}
