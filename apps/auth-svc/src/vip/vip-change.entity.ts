import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { VipChangeAction } from '@app/contracts';

/** One line of the VIP audit list: a grant (with its end), a revoke, or a period that ended by itself. */
@Entity({ tableName: 'vip_changes' })
export class VipChange {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 8 })
  action!: VipChangeAction;

  @Property({ type: 'datetime', nullable: true })
  vipUntil: Date | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  reason: string | null = null;

  /** The moderator; null for an expiry. */
  @Property({ type: 'integer', nullable: true })
  actorId: number | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
