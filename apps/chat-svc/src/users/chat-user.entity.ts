import { Entity, PrimaryKey, Property } from '@mikro-orm/core';
import { DEFAULT_LANGUAGE, type EnforcedNotificationSettings, type Language, type UserRole } from '@app/contracts';

/** Read model of auth-svc's users: what a message or an online list shows of a person. */
@Entity({ tableName: 'chat_users' })
export class ChatUser {
  @PrimaryKey({ type: 'integer', autoincrement: false })
  id!: number;

  @Property({ type: 'string', length: 64 })
  username!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  avatar: string | null = null;

  @Property({ type: 'string', length: 16 })
  role!: UserRole;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();

  /** The person's privacy settings, kept from auth-svc's events. */
  @Property({ type: 'boolean' })
  showOnlineStatus = true;

  @Property({ type: 'boolean' })
  showLastSeen = true;

  @Property({ type: 'boolean' })
  allowDirectMessages = true;

  /** The person's `mentions` notification setting, kept from auth-svc's events. */
  @Property({ type: 'boolean' })
  notifyMentions = true;

  /** What push is sent by (on or off, sound, message text, do-not-disturb hours), kept from auth-svc's events; null: the defaults. */
  @Property({ type: 'json', nullable: true })
  pushSettings: PushSettings | null = null;

  /** The language the person reads the product in, kept from auth-svc's events: notifications and pushes are worded in it. */
  @Property({ type: 'string', length: 8 })
  language: Language = DEFAULT_LANGUAGE;

  /** Last activity in chat (a join, a send, a leave), to the minute. */
  @Property({ type: 'datetime', nullable: true })
  lastSeenAt: Date | null = null;
}

export type PushSettings = Omit<EnforcedNotificationSettings, 'mentions'>;
