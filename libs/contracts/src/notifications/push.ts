import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { ActorDto } from '../common/actor.dto';
import { IsId } from '../common/validation';
import type { CallType } from '../calls/calls.constants';
import { said } from '../common/field-messages';
import { PUSH_ENDPOINT_MAX } from './push.constants';

export * from './push.constants';

/** Request/reply patterns of Web Push, answered by chat-svc (queue group "chat-svc"). */
export const PushPatterns = {
  /** {} -> PushKeyDto: the VAPID public key browsers subscribe with */
  Key: 'chat.push.key',
  /** SubscribePushRequestDto -> PushSubscriptionDto; the same endpoint again updates it (and moves it to this person) */
  Subscribe: 'chat.push.subscribe',
  /** ActorRequestDto -> PushSubscriptionDto[], most recently used first */
  List: 'chat.push.list',
  /** PushSubscriptionIdRequestDto -> { ok: true }; 404 unknown, 403 someone else's */
  Remove: 'chat.push.remove',
} as const;

/** The keys of a browser's PushSubscription (base64url, as `toJSON()` gives them). */
export class PushSubscriptionKeysDto {
  @IsString()
  @Matches(/^[A-Za-z0-9_-]{86,88}={0,2}$/, said('push_key_p256dh'))
  p256dh: string;

  @IsString()
  @Matches(/^[A-Za-z0-9_-]{21,24}={0,2}$/, said('push_key_auth'))
  auth: string;
}

/** POST /api/push/subscriptions: a browser's PushSubscription as `subscription.toJSON()` gives it. */
export class SubscribePushDto {
  @IsString(said('push_endpoint_text'))
  @MaxLength(PUSH_ENDPOINT_MAX, said('push_endpoint_too_long', { max: PUSH_ENDPOINT_MAX }))
  @Matches(/^https?:\/\/\S+$/, said('push_endpoint_refused'))
  endpoint: string;

  @ValidateNested() @Type(() => PushSubscriptionKeysDto) keys: PushSubscriptionKeysDto;

  /** Browsers send null or a time in ms; kept only as the browser's own word. */
  @IsOptional() @IsInt(said('push_expiration_time')) expirationTime?: number | null;
}

export class SubscribePushRequestDto extends SubscribePushDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  /** The browser's User-Agent, from which the device's name is made. */
  @IsOptional() @IsString() @MaxLength(512) userAgent?: string;
}

export class PushSubscriptionIdRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() subscriptionId: number;
}

export interface PushKeyDto {
  /** The VAPID public key, base64url: `applicationServerKey` of `pushManager.subscribe`. */
  publicKey: string;
}

/** A device that receives push notifications, as Settings lists it. */
export interface PushSubscriptionDto {
  id: number;
  /** "Chrome on Android", "Firefox on Windows": from the User-Agent at subscription. */
  browser: string;
  /** The push service's address, for the page to know which row is its own device. */
  endpoint: string;
  createdAt: string;
  /** When a notification was last delivered to it (or when it subscribed). */
  lastUsedAt: string;
}

/** What a notification offers to do without opening the app first. */
export const PUSH_CALL_ACTIONS = ['accept', 'decline'] as const;
export type PushCallAction = (typeof PUSH_CALL_ACTIONS)[number];

/**
 * The payload the service worker receives (encrypted on the way, RFC 8291) and shows.
 * `tag` makes a newer notification replace the older of the same conversation.
 */
export interface PushPayload {
  title: string;
  /** Absent when the person's settings keep message text off their lock screen. */
  body?: string;
  tag: string;
  /** Where a tap leads in the app. */
  url: string;
  /** Played without sound when the person turned message sounds off. */
  silent: boolean;
  timestamp: string;
  /** The stored notification this shows, when there is one. */
  notificationId?: number;
  /** An incoming call: the notification offers Accept and Decline, worded in the person's language (`actions`). */
  call?: { sessionId: number; callType: CallType; ringExpiresAt: string; actions?: Record<PushCallAction, string> };
}
