import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';
import type { AccountSanctionKind } from '@app/contracts';

/**
 * A suspension (with its end) or a ban of an account, kept after it ends or is lifted: the
 * account's history for moderators. In force while not lifted and not past its end, so a
 * suspension ends at its time with no job to end it.
 */
@Entity({ tableName: 'account_sanctions' })
export class AccountSanction {
  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  userId!: number;

  @Property({ type: 'string', length: 12 })
  kind!: AccountSanctionKind;

  @Property({ type: 'string', length: 500 })
  reason!: string;

  /** Null for a ban. */
  @Property({ type: 'datetime', nullable: true })
  endsAt: Date | null = null;

  @Property({ type: 'integer' })
  createdById!: number;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  liftedAt: Date | null = null;

  @Property({ type: 'integer', nullable: true })
  liftedById: number | null = null;

  @Property({ type: 'string', length: 500, nullable: true })
  liftReason: string | null = null;

  /** A ban: the account's address as addressKey spells it, which cannot sign up again while the ban holds. */
  @Property({ type: 'string', length: 254, nullable: true })
  address: string | null = null;
}
