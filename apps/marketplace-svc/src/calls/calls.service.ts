import { Injectable, Logger } from '@nestjs/common';
import {
  BlockPatterns,
  CallErrorCode,
  ChatPatterns,
  canStartCalls,
  centsToAmount,
  fieldMessage,
  priceToCents,
  type ActorDto,
  type CallActionRequestDto,
  type CallHeartbeatAnswerDto,
  type CallHeartbeatRequestDto,
  type CallPeerDto,
  type CallSessionDto,
  type EarningsTotalsDto,
  type EndCallRequestDto,
  type ListCallsRequestDto,
  type SellerEarningsDto,
  type StartCallRequestDto,
  type UserRole,
} from '@app/contracts';
import { RpcCallError, RpcClient, RpcErrors, rpcError } from '@app/server';
import { LocaleService } from '../locale/locale.service';
import type { Seller } from '../sellers/seller.entity';
import { SellersService } from '../sellers/sellers.service';
import { CallClock } from './call-clock';
import type { CallLedgerEntry } from './call-ledger-entry.entity';
import { CallNotifier } from './call-notifier.service';
import { applyHeartbeat, bill, CALL_TIMEOUTS, expiry, hangUpAt, hangUpReason, type CallEnding, type CallSide } from './call-rules';
import type { CallSession } from './call-session.entity';
import { toCallSessionDto, toIncomingCallFrame } from './call-session.mapper';
import { CallsRepository, type CallTransaction } from './calls.repository';

const LIST_DEFAULT = 50;
const CHAT_TIMEOUT_MS = 2000;
const SWEEP_BATCH = 100;

export const CallErrors = {
  signInRequired: () => rpcError(403, CallErrorCode.SignInRequired, fieldMessage('call_sign_in_required')),
  vipRequired: () => rpcError(403, CallErrorCode.VipRequired, fieldMessage('call_vip_required')),
  roleCannotCall: () => RpcErrors.forbidden(fieldMessage('call_role_cannot_call')),
  sellerNotFound: () => RpcErrors.notFound(fieldMessage('call_seller_not_found')),
  selfCall: () => RpcErrors.badRequest(fieldMessage('call_self')),
  notVerified: () => rpcError(422, CallErrorCode.SellerNotVerified, fieldMessage('call_seller_not_verified')),
  notAccepting: () => rpcError(422, CallErrorCode.SellerNotAcceptingCalls, fieldMessage('call_seller_not_accepting')),
  unavailable: () => rpcError(422, CallErrorCode.SellerUnavailable, fieldMessage('call_seller_unavailable')),
  busy: () => rpcError(409, CallErrorCode.SellerBusy, fieldMessage('call_seller_busy')),
  inProgress: () => rpcError(409, CallErrorCode.CallInProgress, fieldMessage('call_in_progress')),
  notFound: () => RpcErrors.notFound(fieldMessage('call_not_found')),
  notParticipant: () => RpcErrors.forbidden(fieldMessage('call_not_participant')),
  onlySellerAnswers: () => RpcErrors.forbidden(fieldMessage('call_only_seller_answers')),
  alreadyAnswered: () => rpcError(409, CallErrorCode.CallAlreadyAnswered, fieldMessage('call_already_answered')),
  notAnswered: () => rpcError(409, CallErrorCode.CallNotAnswered, fieldMessage('call_not_answered')),
  ended: () => rpcError(409, CallErrorCode.CallEnded, fieldMessage('call_ended')),
  earningsSellersOnly: () => RpcErrors.forbidden(fieldMessage('call_earnings_sellers_only')),
  noSellerProfile: () => RpcErrors.notFound(fieldMessage('seller_profile_not_found')),
};

/** What a committed change must tell the participants and everyone else. */
interface Effects {
  accepted?: boolean;
  connected?: boolean;
  /** Seller profiles whose Busy status changed. */
  statusChanged?: Seller[];
  ended?: boolean;
}

interface Step {
  tx: CallTransaction;
  session: CallSession;
  now: Date;
  effects: Effects;
}

/**
 * Calls from the first ring to the bill. Every change of a call runs in one transaction on its
 * locked row, so two replicas, two tabs or both participants acting at once see one order of
 * events; "one call at a time" is held by the active_calls primary key. Participants hear of
 * each change after it is committed.
 */
@Injectable()
export class CallsService {
  private readonly logger = new Logger(CallsService.name);
  readonly timeouts = CALL_TIMEOUTS;

  constructor(
    private readonly calls: CallsRepository,
    private readonly rpc: RpcClient,
    private readonly clock: CallClock,
    private readonly notifier: CallNotifier,
    private readonly locale: LocaleService,
    private readonly sellers: SellersService,
  ) {}

  /** A vip (or a seller) calls a seller: the call rings, both are busy until it ends. */
  async start(dto: StartCallRequestDto): Promise<CallSessionDto> {
    const { actor } = dto;
    refuseRole(actor.role);
    const target = await this.calls.findSeller(dto.sellerId);
    if (!target) throw CallErrors.sellerNotFound();
    if (target.userId === actor.id) throw CallErrors.selfCall();
    await this.assertNotBlocked(actor, target);
    const locale = await this.locale.resolve(dto.ip);

    const { session, seller, nowBusy } = await this.calls.inTransaction(async (tx) => {
      // Both people's seller profiles: calls to or from either of them queue here.
      const profiles = await tx.lockProfiles([actor.id, target.userId]);
      const seller = profiles.find((profile) => profile.id === target.id);
      if (!seller) throw CallErrors.sellerNotFound();
      if (!seller.isVerified) throw CallErrors.notVerified();
      if (!seller.acceptsCalls) throw CallErrors.notAccepting();
      if (seller.availability === 'offline') throw CallErrors.unavailable();
      const open = await tx.openLines([actor.id, seller.userId]);
      if (open.some((line) => line.userId === actor.id)) throw CallErrors.inProgress();
      if (open.length > 0 || seller.isBusy || seller.availability !== 'available') throw CallErrors.busy();

      const now = this.clock.now();
      const session = await tx.createSession({
        buyerId: actor.id,
        buyerName: actor.username,
        buyerAvatar: actor.avatar ?? null,
        sellerId: seller.id,
        sellerUserId: seller.userId,
        sellerName: seller.displayName,
        sellerAvatar: seller.avatar ?? seller.userAvatar,
        callType: dto.callType,
        displayCurrency: locale.currency,
        displayRate: locale.rate,
        createdAt: now,
        buyerHeartbeatAt: now,
      });
      // The buyer first: a buyer racing themselves hears "you already have a call".
      if (!(await tx.occupy(actor.id, session.id))) throw CallErrors.inProgress();
      if (!(await tx.occupy(seller.userId, session.id))) throw CallErrors.busy();
      const nowBusy = profiles.filter((profile) => !profile.isBusy);
      for (const profile of profiles) profile.isBusy = true;
      await tx.flush();
      return { session, seller, nowBusy };
    });

    for (const profile of nowBusy) await this.notifier.sellerStatus(profile);
    session.roomId = await this.marketplaceChat(actor, seller);
    // Ended already (the buyer cancelled at once): nobody needs to hear it ring.
    if (await this.calls.setRoomWhileRinging(session.id, session.roomId)) {
      const price = seller.pricing[session.callType].price;
      this.notifier.toUsers([seller.userId], toIncomingCallFrame(session, price, this.timeouts));
    }
    return this.dto(session);
  }

  /** The called seller answers; the per-minute price is fixed now. */
  async accept({ actor, sessionId }: CallActionRequestDto): Promise<CallSessionDto> {
    const { value, session } = await this.transition(sessionId, async (step) => {
      const side = sideOf(step.session, actor.id);
      if (side !== 'seller') throw CallErrors.onlySellerAnswers();
      if (step.session.state === 'ended' || (await this.expireIfDue(step))) return 'ended' as const;
      if (step.session.state !== 'ringing') throw CallErrors.alreadyAnswered();
      const seller = await step.tx.seller(step.session.sellerId);
      const session = step.session;
      session.pricePerMinuteCents = priceToCents(seller.pricing[session.callType].price);
      session.state = 'accepted';
      session.acceptedAt = step.now;
      session.sellerHeartbeatAt = step.now;
      session.sellerMedia = 'connecting';
      step.effects.accepted = true;
      return 'accepted' as const;
    });
    if (value === 'ended') throw CallErrors.ended();
    return this.dto(session);
  }

  /**
   * Either side hangs up (declines, cancels, ends). Reported twice, or by both at once, the
   * call ends once and the second report answers the ended call.
   */
  async end({ actor, sessionId, reason, requestedAt }: EndCallRequestDto): Promise<CallSessionDto> {
    const { session } = await this.transition(sessionId, async (step) => {
      const side = sideOf(step.session, actor.id);
      if (step.session.state === 'ended' || (await this.expireIfDue(step))) return;
      await this.finish(step, { reason: hangUpReason(step.session.state, side, reason), at: hangUpAt(step.now, requestedAt) });
    });
    return this.dto(session);
  }

  /** A side is alive, and its media state; both connected starts the meter. */
  async heartbeat({ actor, sessionId, media }: CallHeartbeatRequestDto): Promise<CallHeartbeatAnswerDto> {
    const { session } = await this.transition(sessionId, async (step) => {
      const side = sideOf(step.session, actor.id);
      if (step.session.state === 'ended' || (await this.expireIfDue(step))) return;
      if (applyHeartbeat(step.session, side, media, step.now)) step.effects.connected = true;
    });
    return { session: this.dto(session), peerUserId: peerOf(session, actor.id) };
  }

  /** The other participant of an answered call, for relaying signalling between the two. */
  async peer({ actor, sessionId }: CallActionRequestDto): Promise<CallPeerDto> {
    const session = await this.calls.findSession(sessionId);
    if (!session) throw CallErrors.notFound();
    sideOf(session, actor.id);
    if (session.state === 'ringing') throw CallErrors.notAnswered();
    if (session.state === 'ended') throw CallErrors.ended();
    return { sessionId, state: session.state, peerUserId: peerOf(session, actor.id) };
  }

  async get({ actor, sessionId }: CallActionRequestDto): Promise<CallSessionDto> {
    const session = await this.calls.findSession(sessionId);
    if (!session) throw CallErrors.notFound();
    sideOf(session, actor.id);
    return this.dto(session);
  }

  /** The user's open call, for a page that reloads or a socket that reconnects. */
  async current(actor: ActorDto): Promise<CallSessionDto | null> {
    const session = await this.calls.currentOf(actor.id);
    return session ? this.dto(session) : null;
  }

  /** The user's calls on either side, newest first. */
  async list({ actor, limit = LIST_DEFAULT, before }: ListCallsRequestDto): Promise<CallSessionDto[]> {
    const sessions = await this.calls.listOf(actor.id, limit, before);
    return sessions.map((session) => this.dto(session));
  }

  /** A seller's billed calls by the month they ended (UTC), from the ledger. */
  async earnings(actor: ActorDto): Promise<SellerEarningsDto> {
    if (actor.role !== 'seller') throw CallErrors.earningsSellersOnly();
    const seller = await this.calls.sellerOfUser(actor.id);
    if (!seller) throw CallErrors.noSellerProfile();
    const rows = await this.calls.monthlyEarnings(seller.id);
    const sum = { calls: 0, seconds: 0, gross: 0, commission: 0, earning: 0 };
    const months = rows.map((row) => {
      const cents = { calls: Number(row.calls), seconds: Number(row.seconds), gross: Number(row.gross), commission: Number(row.commission), earning: Number(row.earning) };
      for (const key of Object.keys(sum) as Array<keyof typeof sum>) sum[key] += cents[key];
      return { month: row.month, ...inDollars(cents) };
    });
    const total = inDollars(sum);
    return { currency: 'USD', months, total };
  }

  /**
   * Ends the calls that ran out of time (unanswered, a side silent, media never came). Any
   * replica may sweep at any moment: a call another replica holds is skipped, and every call
   * is re-checked under its lock. Answers how many it ended.
   */
  async sweep(): Promise<number> {
    const now = this.clock.now().getTime();
    const { ringMs, heartbeatMs, connectMs } = this.timeouts;
    const due = await this.calls.dueIds(
      { ringSince: new Date(now - ringMs), connectSince: new Date(now - connectMs), silentSince: new Date(now - heartbeatMs) },
      SWEEP_BATCH,
    );
    let ended = 0;
    for (const id of due) {
      const result = await this.transition(id, async (step) => (step.session.state !== 'ended' ? this.expireIfDue(step) : false), {
        skipLocked: true,
      });
      if (result?.value) ended++;
    }
    return ended;
  }

  /** Runs one change of a call on its locked row, then tells whoever needs to know. */
  private async transition<T>(sessionId: number, work: (step: Step) => Promise<T>): Promise<{ value: T; session: CallSession }>;
  private async transition<T>(
    sessionId: number,
    work: (step: Step) => Promise<T>,
    options: { skipLocked: true },
  ): Promise<{ value: T; session: CallSession } | null>;
  private async transition<T>(sessionId: number, work: (step: Step) => Promise<T>, options: { skipLocked?: boolean } = {}) {
    const effects: Effects = {};
    const result = await this.calls.change(sessionId, options, (tx, session) => work({ tx, session, now: this.clock.now(), effects }));
    if (!result) {
      if (options.skipLocked) return null;
      throw CallErrors.notFound();
    }
    await this.publish(result.session, effects);
    return result;
  }

  /** Ends the call if it ran out of time by now; answers whether it did. */
  private async expireIfDue(step: Step): Promise<boolean> {
    const ending = expiry(step.session, step.now, this.timeouts);
    if (!ending) return false;
    await this.finish(step, ending);
    return true;
  }

  /**
   * The one way a call ends: bill what was connected, write the ledger set, free both people,
   * count the session for the seller. Runs under the call's lock, on a call not yet ended.
   */
  private async finish({ tx, session, now, effects }: Step, ending: CallEnding): Promise<void> {
    // Lock order as in start(): seller rows before the active_calls rows they guard.
    const profiles = await tx.lockProfiles([session.buyerId, session.sellerUserId]);
    const charge = bill(session, ending.at);
    session.state = 'ended';
    session.endReason = ending.reason;
    session.endedAt = ending.at;
    session.billedSeconds = charge.seconds;
    session.amountCents = charge.amountCents;
    session.commissionCents = charge.commissionCents;
    session.earningCents = charge.earningCents;
    await tx.freeLines(session.id);
    effects.statusChanged = profiles.filter((profile) => profile.isBusy);
    for (const profile of profiles) profile.isBusy = false;
    if (charge.amountCents > 0) {
      const entry = (kind: CallLedgerEntry['kind'], userId: number | null, amountCents: number) =>
        tx.addLedgerEntry({ sessionId: session.id, kind, userId, amountCents, createdAt: now });
      entry('buyer_charge', session.buyerId, -charge.amountCents);
      entry('seller_earning', session.sellerUserId, charge.earningCents);
      entry('platform_commission', null, charge.commissionCents);
    }
    const seller = profiles.find((profile) => profile.id === session.sellerId);
    if (session.connectedAt && seller) await this.sellers.recordCall(tx.em, seller, session.callType, charge.seconds);
    effects.ended = true;
  }

  private async publish(session: CallSession, effects: Effects) {
    const both = [session.buyerId, session.sellerUserId];
    if (effects.accepted) this.notifier.toUsers(both, { type: 'call_accepted', session: this.dto(session) });
    if (effects.connected) this.notifier.toUsers(both, { type: 'call_connected', session: this.dto(session) });
    if (effects.ended) {
      const dto = this.dto(session);
      this.notifier.toUsers(both, { type: 'call_ended', reason: dto.endReason, session: dto });
      await this.notifier.callEnded(dto);
    }
    for (const profile of effects.statusChanged ?? []) await this.notifier.sellerStatus(profile);
  }

  /**
   * Blocked either way, nothing rings: the blocker is told why, the blocked person hears a
   * refusal that names no block. Unknown (chat-svc silent) refuses too: a block must hold.
   */
  private async assertNotBlocked(actor: ActorDto, seller: Seller): Promise<void> {
    const blocks = await this.rpc.request(BlockPatterns.Between, { userA: actor.id, userB: seller.userId }, CHAT_TIMEOUT_MS).catch((error: unknown) => {
      this.logger.warn(`Cannot check blocks for a call to seller ${seller.id}: ${error instanceof RpcCallError ? error.body.message : String(error)}`);
      throw RpcErrors.unavailable();
    });
    if (blocks.aBlockedB) throw RpcErrors.forbidden(fieldMessage('call_you_blocked', { name: seller.displayName }));
    if (blocks.bBlockedA) throw RpcErrors.forbidden(fieldMessage('call_cannot_call'));
  }

  /** The marketplace chat of the two, found or started in chat-svc; the call goes on without one. */
  private async marketplaceChat(actor: ActorDto, seller: Seller): Promise<number | null> {
    try {
      const room = await this.rpc.request(
        ChatPatterns.StartPrivateChat,
        { actor, otherUserId: seller.userId, sellerId: seller.id, sellerName: seller.displayName.slice(0, 100) },
        CHAT_TIMEOUT_MS,
      );
      return room.id;
    } catch (error) {
      const detail = error instanceof RpcCallError ? error.body.message : String(error);
      this.logger.warn(`No marketplace chat for a call to seller ${seller.id}: ${detail}`);
      return null;
    }
  }

  private dto(session: CallSession): CallSessionDto {
    return toCallSessionDto(session, this.timeouts);
  }
}

function refuseRole(role: UserRole) {
  if (canStartCalls(role)) return;
  if (role === 'guest') throw CallErrors.signInRequired();
  if (role === 'user') throw CallErrors.vipRequired();
  throw CallErrors.roleCannotCall();
}

function sideOf(session: CallSession, userId: number): CallSide {
  if (session.buyerId === userId) return 'buyer';
  if (session.sellerUserId === userId) return 'seller';
  throw CallErrors.notParticipant();
}

function peerOf(session: CallSession, userId: number): number {
  return session.buyerId === userId ? session.sellerUserId : session.buyerId;
}

/** Sums kept in cents, shown in dollars. */
function inDollars(cents: EarningsTotalsDto): EarningsTotalsDto {
  return {
    calls: cents.calls,
    seconds: cents.seconds,
    gross: centsToAmount(cents.gross),
    commission: centsToAmount(cents.commission),
    earning: centsToAmount(cents.earning),
  };
}
