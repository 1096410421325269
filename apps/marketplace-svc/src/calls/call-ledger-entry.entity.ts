import { Entity, Index, OptionalProps, PrimaryKey, Property, Unique } from '@mikro-orm/core';

export const LEDGER_KINDS = ['buyer_charge', 'seller_earning', 'platform_commission'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/**
 * The money of a billed call as three entries that sum to zero: the buyer's charge (negative),
 * the seller's earning and the platform's commission. One set per call: the unique
 * (session, kind) refuses a second. Payment capture happens outside the product.
 */
@Entity({ tableName: 'call_ledger_entries' })
@Unique({ properties: ['sessionId', 'kind'] })
export class CallLedgerEntry {
  [OptionalProps]?: 'currency' | 'userId';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  @Index()
  @Property({ type: 'integer' })
  sessionId!: number;

  @Property({ type: 'string', length: 24 })
  kind!: LedgerKind;

  /** The account charged or paid; null for the platform. */
  @Property({ type: 'integer', nullable: true })
  userId: number | null = null;

  /** Signed US cents. */
  @Property({ type: 'integer' })
  amountCents!: number;

  @Property({ type: 'string', length: 3 })
  currency = 'USD';

  @Property({ type: 'datetime' })
  createdAt!: Date;
}
