import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_LANGUAGE, PUSH_SUBSCRIPTIONS_MAX, type Language } from '@app/contracts';
import type { PushSettings } from '../users/chat-user.entity';
import type { PushTarget } from './push-sender';
import { PushSubscription } from './push-subscription.entity';

/** A device to push to, with its row's id (to drop it or mark it used). */
export type StoredPushTarget = PushTarget & { id: number };

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

  /**
   * The person's devices with the settings push is sent by, in one round trip; no row at all for
   * someone with no device, which is most people a notification is stored for.
   */
  async targetsOf(userId: number): Promise<{ settings: PushSettings | null; language: Language; subscriptions: StoredPushTarget[] }> {
    const rows = await this.em.getConnection().execute<Array<StoredPushTarget & { push_settings: PushSettings | null; language: Language | null }>>(
      `select s.id, s.endpoint, s.p256dh, s.auth, u.push_settings, u.language
       from push_subscriptions s left join chat_users u on u.id = s.user_id where s.user_id = ?`,
      [userId],
    );
    return {
      settings: rows[0]?.push_settings ?? null,
      language: rows[0]?.language ?? DEFAULT_LANGUAGE,
      subscriptions: rows.map(({ id, endpoint, p256dh, auth }) => ({ id, endpoint, p256dh, auth })),
    };
  }

}
