import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

/** One device's Web Push subscription: where its push service takes notifications, and the keys to encrypt them for it. */
@Entity({ tableName: 'push_subscriptions' })
export class PushSubscription {
  @PrimaryKey({ type: 'integer' })
  id!: number;

  @Property({ type: 'integer' })
  userId!: number;

  /** Unique: the same browser subscribing again (or for someone else who signed in on it) updates this row. */
  @Property({ type: 'string', length: 2048, unique: true })
  endpoint!: string;

  @Property({ type: 'string', length: 128 })
  p256dh!: string;

  @Property({ type: 'string', length: 64 })
  auth!: string;

  @Property({ type: 'string', length: 80 })
  browser!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime' })
  lastUsedAt: Date = new Date();
}
