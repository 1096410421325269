import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode, UniqueConstraintViolationException, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Seller } from '../sellers/seller.entity';
import { ActiveCall } from './active-call.entity';
import { CallLedgerEntry } from './call-ledger-entry.entity';
import { CallSession } from './call-session.entity';

/** One month of a seller's billed calls (UTC), summed from the ledger: counts, seconds, cents. */
export type EarningsRow = Record<'month' | 'calls' | 'seconds' | 'gross' | 'commission' | 'earning', string>;

/** The moments before which an open call ran out of time, by what it waits for. */
export interface CallCutoffs {
  /** Rung before this, unanswered. */
  ringSince: Date;
  /** Answered before this, its media never connected. */
  connectSince: Date;
  /** A side's last heartbeat before this. */
  silentSince: Date;
}

/**
 * Reads and writes within one transaction on calls: what it loads is kept and what changed is
 * written when the transaction ends (or at `flush`).
 */
export class CallTransaction {
  /** Passed along to what must write in the same transaction (the seller's totals); not for queries here. */
  constructor(readonly em: EntityManager) {}

  /** The seller profiles of these people, locked in id order: calls to or from either of them queue here. */
  async lockProfiles(userIds: number[]): Promise<Seller[]> {
    return this.em.find(Seller, { userId: { $in: userIds } }, { orderBy: { id: 'asc' }, lockMode: LockMode.PESSIMISTIC_WRITE });
  }

  /** The open-call lines these people hold. */
  async openLines(userIds: number[]): Promise<ActiveCall[]> {
    return this.em.find(ActiveCall, { userId: { $in: userIds } });
  }

  /** Writes a new call now, for its id. */
  async createSession(data: RequiredEntityData<CallSession>): Promise<CallSession> {
    const session = this.em.create(CallSession, data);
    await this.em.flush();
    return session;
  }

  /** Writes the person's open-call line; false when they hold one already (the primary key refused it). */
  async occupy(userId: number, sessionId: number): Promise<boolean> {
    try {
      await this.em.insert(ActiveCall, { userId, sessionId });
      return true;
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return false;
      throw error;
    }
  }

  async seller(id: number): Promise<Seller> {
    return this.em.findOneOrFail(Seller, { id });
  }

  /** Frees both people of the call. */
  async freeLines(sessionId: number): Promise<void> {
    await this.em.nativeDelete(ActiveCall, { sessionId });
  }

  /** Adds a ledger entry of the call, written with the rest. */
  addLedgerEntry(entry: RequiredEntityData<CallLedgerEntry>): void {
    this.em.create(CallLedgerEntry, entry);
  }

  async flush(): Promise<void> {
    await this.em.flush();
  }
}

/**
 * Calls as stored: sessions, the open-call lines that hold "one call at a time", the ledger.
 * Every change of a call runs in one transaction on its locked row.
 */
@Injectable()
export class CallsRepository {
  constructor(private readonly em: EntityManager) {}

  async findSeller(id: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { id });
  }

  async sellerOfUser(userId: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { userId });
  }

  async findSession(id: number): Promise<CallSession | null> {
    return this.em.fork().findOne(CallSession, { id });
  }

  /** The call the person's open-call line points to. */
  async currentOf(userId: number): Promise<CallSession | null> {
    const em = this.em.fork();
    const line = await em.findOne(ActiveCall, { userId });
    return line ? em.findOne(CallSession, { id: line.sessionId }) : null;
  }

  /** The person's calls on either side, newest first, before the call `before` when given. */
  async listOf(userId: number, limit: number, before?: number): Promise<CallSession[]> {
    return this.em.fork().find(
      CallSession,
      { $or: [{ buyerId: userId }, { sellerUserId: userId }], ...(before !== undefined ? { id: { $lt: before } } : {}) },
      { orderBy: { id: 'desc' }, limit },
    );
  }

  /** Notes the call's chat room while it still rings; false when it ended meanwhile. */
  async setRoomWhileRinging(sessionId: number, roomId: number | null): Promise<boolean> {
    return (await this.em.fork().nativeUpdate(CallSession, { id: sessionId, state: 'ringing' }, { roomId })) > 0;
  }

  /** A seller's billed calls by the month they ended (UTC), newest first, from the ledger. */
  async monthlyEarnings(sellerId: number): Promise<EarningsRow[]> {
    return this.em.fork().execute<EarningsRow[]>(
      `select to_char(s."ended_at" at time zone 'UTC', 'YYYY-MM') as "month",
              count(distinct s."id") as "calls",
              coalesce(sum(s."billed_seconds") filter (where e."kind" = 'seller_earning'), 0) as "seconds",
              coalesce(-sum(e."amount_cents") filter (where e."kind" = 'buyer_charge'), 0) as "gross",
              coalesce(sum(e."amount_cents") filter (where e."kind" = 'platform_commission'), 0) as "commission",
              coalesce(sum(e."amount_cents") filter (where e."kind" = 'seller_earning'), 0) as "earning"
         from "call_ledger_entries" e
         join "call_sessions" s on s."id" = e."session_id"
        where s."seller_id" = ?
        group by 1
        order by 1 desc`,
      [sellerId],
    );
  }

  /** The ids of up to `limit` open calls that ran out of time by these cutoffs, oldest first. */
  async dueIds({ ringSince, connectSince, silentSince }: CallCutoffs, limit: number): Promise<number[]> {
    const rows = await this.em.fork().execute<Array<{ id: number }>>(
      `select "id" from "call_sessions"
        where "state" <> 'ended' and (
              ("state" = 'ringing' and ("created_at" <= ? or "buyer_heartbeat_at" <= ?))
           or ("state" = 'accepted' and ("accepted_at" <= ? or "buyer_heartbeat_at" <= ? or "seller_heartbeat_at" <= ?))
           or ("state" = 'connected' and ("buyer_heartbeat_at" <= ? or "seller_heartbeat_at" <= ?)))
        order by "id" limit ${Math.trunc(limit)}`,
      [ringSince, silentSince, connectSince, silentSince, silentSince, silentSince, silentSince],
    );
    return rows.map((row) => row.id);
  }

  /** Runs `work` in one transaction; what it throws writes nothing. */
  async inTransaction<T>(work: (tx: CallTransaction) => Promise<T>): Promise<T> {
    return this.em.fork().transactional((em) => work(new CallTransaction(em)));
  }

  /**
   * Runs `work` on the call's locked row in one transaction, writing what it changed. Null when
   * there is no such call, or (`skipLocked`) another transaction holds it.
   */
  async change<T>(sessionId: number, { skipLocked = false } = {}, work: (tx: CallTransaction, session: CallSession) => Promise<T>): Promise<{ value: T; session: CallSession } | null> {
    return this.em.fork().transactional(async (em) => {
      const session = await em.findOne(CallSession, { id: sessionId }, { lockMode: skipLocked ? LockMode.PESSIMISTIC_PARTIAL_WRITE : LockMode.PESSIMISTIC_WRITE });
      if (!session) return null;
      const value = await work(new CallTransaction(em), session);
      await em.flush();
      return { value, session };
    });
  }
}
