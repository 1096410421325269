import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { PUSH_SUBSCRIPTIONS_MAX } from '@app/contracts';
import type { PushSettings } from '../users/chat-user.entity';
import { PushSubscription } from './push-subscription.entity';

export interface NewPushSubscription {
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  browser: string;
}

@Injectable()
export class PushSubscriptionsRepository {
  constructor(private readonly em: EntityManager) {}

  /**
   * Stores the subscription, or updates the one with its endpoint (a browser subscribes again,
   * or another person signed in on it: the device is theirs now). Past the cap, the person's
   * least recently used devices go.
   */
  async save(input: NewPushSubscription): Promise<PushSubscription> {
    const em = this.em.fork();
    return em.transactional(async (tx) => {
      await tx.upsert(PushSubscription, { ...input, createdAt: new Date(), lastUsedAt: new Date() }, { onConflictFields: ['endpoint'], onConflictExcludeFields: ['createdAt'] });
      const saved = await tx.findOneOrFail(PushSubscription, { endpoint: input.endpoint }, { refresh: true });
      const stale = await tx.find(PushSubscription, { userId: input.userId }, { orderBy: { lastUsedAt: 'desc', id: 'desc' }, offset: PUSH_SUBSCRIPTIONS_MAX });
      if (stale.length > 0) await tx.nativeDelete(PushSubscription, { id: { $in: stale.map((s) => s.id) } });
      return saved;
    });
  }

  ofUser(userId: number): Promise<PushSubscription[]> {
    return this.em.fork().find(PushSubscription, { userId }, { orderBy: { lastUsedAt: 'desc', id: 'desc' } });
  }

  findById(id: number): Promise<PushSubscription | null> {
    return this.em.fork().findOne(PushSubscription, { id });
  }

  async remove(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.em.fork().nativeDelete(PushSubscription, { id: { $in: ids } });
  }

  async used(ids: number[]): Promise<void> {
    if (ids.length > 0) await this.em.fork().nativeUpdate(PushSubscription, { id: { $in: ids } }, { lastUsedAt: new Date() });
  }

  /** The person's devices and the settings push is sent by, asked at once. */
  async targetsOf(userId: number): Promise<{ settings: PushSettings | null; subscriptions: PushSubscription[] }> {
    const em = this.em.fork();
    const [subscriptions, rows] = await Promise.all([
      em.find(PushSubscription, { userId }),
      em.getConnection().execute<Array<{ push_settings: PushSettings | null }>>('select push_settings from chat_users where id = ?', [userId]),
    ]);
    return { settings: rows[0]?.push_settings ?? null, subscriptions };
  }
}
