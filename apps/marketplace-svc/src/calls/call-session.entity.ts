import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import type { CallEndReason, CallMediaState, CallState, CallType, Currency } from '@app/contracts';
import type { CallRecord } from './call-rules';

/**
 * One call between a buyer and a seller, from the first ring to its bill. Times come from the
 * service's clock; money is in whole US cents.
 */
@Entity({ tableName: 'call_sessions' })
export class CallSession implements CallRecord {
  [OptionalProps]?:
    | 'buyerAvatar'
    | 'sellerAvatar'
    | 'state'
    | 'endReason'
    | 'roomId'
    | 'pricePerMinuteCents'
    | 'displayCurrency'
    | 'displayRate'
    | 'acceptedAt'
    | 'connectedAt'
    | 'endedAt'
    | 'sellerHeartbeatAt'
    | 'buyerMedia'
    | 'sellerMedia'
    | 'interruptedSince'
    | 'interruptedMs'
    | 'billedSeconds'
    | 'amountCents'
    | 'commissionCents'
    | 'earningCents';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The caller's account (a vip, or a seller calling another seller). */
  @Index()
  @Property({ type: 'integer' })
  buyerId!: number;

  @Property({ type: 'string', length: 50 })
  buyerName!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  buyerAvatar: string | null = null;

  /** The called seller's profile. */
  @Index()
  @Property({ type: 'integer' })
  sellerId!: number;

  @Index()
  @Property({ type: 'integer' })
  sellerUserId!: number;

  @Property({ type: 'string', length: 50 })
  sellerName!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  sellerAvatar: string | null = null;

  @Property({ type: 'string', length: 8 })
  callType!: CallType;

  @Property({ type: 'string', length: 16 })
  state: CallState = 'ringing';

  @Property({ type: 'string', length: 16, nullable: true })
  endReason: CallEndReason | null = null;

  @Property({ type: 'integer', nullable: true })
  roomId: number | null = null;

  /** Fixed when the seller accepts. */
  @Property({ type: 'integer', nullable: true })
  pricePerMinuteCents: number | null = null;

  @Property({ type: 'string', length: 3 })
  displayCurrency: Currency = 'USD';

  @Property({ type: 'double' })
  displayRate = 1;

  @Property({ type: 'datetime' })
  createdAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  acceptedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  connectedAt: Date | null = null;

  @Property({ type: 'datetime', nullable: true })
  endedAt: Date | null = null;

  @Property({ type: 'datetime' })
  buyerHeartbeatAt!: Date;

  @Property({ type: 'datetime', nullable: true })
  sellerHeartbeatAt: Date | null = null;

  @Property({ type: 'string', length: 16 })
  buyerMedia: CallMediaState = 'connecting';

  @Property({ type: 'string', length: 16 })
  sellerMedia: CallMediaState = 'connecting';

  /** Set while either side reports its media down after the call connected. */
  @Property({ type: 'datetime', nullable: true })
  interruptedSince: Date | null = null;

  /** Connected time lost to interruptions that are over. */
  @Property({ type: 'integer' })
  interruptedMs = 0;

  @Property({ type: 'integer' })
  billedSeconds = 0;

  @Property({ type: 'integer' })
  amountCents = 0;

  @Property({ type: 'integer' })
  commissionCents = 0;

  @Property({ type: 'integer' })
  earningCents = 0;
}
