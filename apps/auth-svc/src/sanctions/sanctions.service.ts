import { Injectable } from '@nestjs/common';
import {
  canModerate,
  ModerationErrorCode,
  fieldMessage,
  ModerationMessages,
  type AccountSanctionDto,
  type ActorDto,
  type ApplySanctionRequestDto,
  type LiftAccountSanctionRequestDto,
  type ModerationAccountDetailDto,
  type ModerationAccountDto,
} from '@app/contracts';
import { rpcError, RpcErrors } from '@app/server';
import { assertModerator } from '../common/moderator-acts';
import { SessionStore } from '../sessions/session.store';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountSanction } from './account-sanction.entity';
import { addressKey } from './address-key';
import { SanctionsRepository } from './sanctions.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
const SEARCH_LIMIT = 20;

/**
 * Suspensions and bans. Applying one ends every session of the account and tells the gateways,
 * which close its sockets; sign-in and session look-ups refuse the account while it is in force.
 * Each change locks the account's row, so two moderators acting at once are taken one after
 * the other and the second sees what the first did.
 */
@Injectable()
export class SanctionsService {
  constructor(
    private readonly store: SanctionsRepository,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
  ) {}

  /** The sanction in force, a ban before a suspension; null when the account is free. */
  async inForce(userId: number): Promise<AccountSanction | null> {
    return strongest(await this.store.current(userId, new Date()));
  }

  /**
   * The accounts of sessions, each with whether a sanction is in force on it (as inForce
   * decides), in one query: asked for every socket and page load a gateway has not resolved in
   * a few seconds, many at once when a gateway restarts.
   */
  async accountsForSessions(userIds: number[]): Promise<Map<number, { user: User; sanctioned: boolean }>> {
    const found = new Map<number, { user: User; sanctioned: boolean }>();
    if (userIds.length === 0) return found;
    for (const account of await this.store.accountsWithSanctionInForce(userIds, new Date())) found.set(account.user.id, account);
    return found;
  }

  /** The banned account whose address this is (in any spelling of it), or null. */
  async bannedHolderOf(email: string): Promise<Pick<User, 'id' | 'username' | 'language'> | null> {
    const holder = await this.store.bannedHolderOf(addressKey(email));
    return holder ? { id: holder.id, username: holder.username, language: holder.language } : null;
  }

  /** Refuses sign-in to a suspended or banned account, saying until when and why. */
  async assertMaySignIn(userId: number): Promise<void> {
    const sanction = await this.inForce(userId);
    if (!sanction) return;
    if (sanction.kind === 'ban') {
      throw rpcError(403, ModerationErrorCode.AccountBanned, fieldMessage('account_banned'), { details: { reason: sanction.reason } });
    }
    const until = (sanction.endsAt as Date).toISOString();
    throw rpcError(403, ModerationErrorCode.AccountSuspended, fieldMessage('account_suspended', { until }), {
      details: { suspendedUntil: until, reason: sanction.reason },
    });
  }

  async apply(dto: ApplySanctionRequestDto): Promise<AccountSanctionDto> {
    await this.requireModerator(dto.actor);
    const sanction = await this.store.onLockedAccount(dto.userId, (target, inForce) => {
      if (canModerate(target.role)) throw RpcErrors.forbidden(fieldMessage('moderation_not_on_moderators'));
      const current = strongest(inForce);
      if (current?.kind === 'ban') throw RpcErrors.conflict(fieldMessage('moderation_already_banned'));
      if (current && dto.kind === 'suspension') throw RpcErrors.conflict(fieldMessage('moderation_already_suspended_until', { until: (current.endsAt as Date).toISOString() }));
      const now = new Date();
      if (current) lift(current, dto.actor.id, ModerationMessages.BanReplacesSuspension, now);
      return Object.assign(new AccountSanction(), {
        userId: target.id,
        kind: dto.kind,
        reason: dto.reason.trim(),
        endsAt: dto.kind === 'suspension' ? new Date(now.getTime() + (dto.days as number) * DAY_MS) : null,
        address: dto.kind === 'ban' && target.email ? addressKey(target.email) : null,
        createdById: dto.actor.id,
        createdAt: now,
      });
    });
    if (!sanction) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    // Sessions opened while the sanction was being written are refused at their next look-up.
    await this.sessions.destroyAll(dto.userId);
    await this.users.invalidateSessions({ userId: dto.userId });
    return toSanctionDto(sanction);
  }

  async lift(dto: LiftAccountSanctionRequestDto): Promise<AccountSanctionDto> {
    await this.requireModerator(dto.actor);
    const lifted = await this.store.onLockedAccount(dto.userId, (_target, inForce) => {
      const current = strongest(inForce);
      if (current?.kind !== dto.kind) throw RpcErrors.conflict(fieldMessage(dto.kind === 'ban' ? 'moderation_not_banned' : 'moderation_not_suspended'));
      lift(current, dto.actor.id, dto.reason.trim(), new Date());
      return current;
    });
    if (!lifted) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return toSanctionDto(lifted);
  }

  /** Accounts whose username or e-mail contains the text; an exact match comes first. */
  async search(actor: ActorDto, text: string): Promise<ModerationAccountDto[]> {
    await this.requireModerator(actor);
    const q = text.trim().toLowerCase();
    // An erased account is nobody to act on: only its tombstone name would match.
    const [exact, matches] = await Promise.all([this.store.exactMatches(q), this.store.partialMatches(q, SEARCH_LIMIT)]);
    const users = [...new Map([...exact, ...matches].map((u) => [u.id, u])).values()].slice(0, SEARCH_LIMIT);
    const sanctions = await this.inForceFor(users.map((u) => u.id));
    return users.map((u) => toAccountDto(u, sanctions.get(u.id) ?? null));
  }

  async account(actor: ActorDto, userId: number): Promise<ModerationAccountDetailDto> {
    await this.requireModerator(actor);
    const user = await this.store.findUser(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const history = await this.store.history(userId);
    const now = Date.now();
    const current = history.filter((s) => isActive(s, now));
    const inForce = current.find((s) => s.kind === 'ban') ?? current[0] ?? null;
    return { ...toAccountDto(user, inForce), sanctions: history.map((s) => toSanctionDto(s, now)) };
  }

  /** The acting moderator, as auth-svc's own records say (a forged actor role counts for nothing). */
  private async requireModerator(actor: ActorDto): Promise<void> {
    assertModerator(await this.store.roleOf(actor.id));
  }

  /** The sanction in force on each of these accounts (a ban before a suspension), by account. */
  private async inForceFor(userIds: number[]): Promise<Map<number, AccountSanctionDto>> {
    const found = new Map<number, AccountSanctionDto>();
    for (const row of await this.store.currentOf(userIds, new Date())) {
      const held = found.get(row.userId);
      if (!held || (held.kind !== 'ban' && row.kind === 'ban')) found.set(row.userId, toSanctionDto(row));
    }
    return found;
  }
}

/** Of the sanctions in force (newest first), the one that counts: a ban before a suspension. */
function strongest(inForce: AccountSanction[]): AccountSanction | null {
  return inForce.find((s) => s.kind === 'ban') ?? inForce[0] ?? null;
}

function lift(sanction: AccountSanction, byId: number, reason: string, at: Date) {
  sanction.liftedAt = at;
  sanction.liftedById = byId;
  sanction.liftReason = reason;
}

function isActive(sanction: AccountSanction, now: number): boolean {
  return !sanction.liftedAt && (!sanction.endsAt || sanction.endsAt.getTime() > now);
}

export function toSanctionDto(sanction: AccountSanction, now = Date.now()): AccountSanctionDto {
  return {
    id: sanction.id,
    userId: sanction.userId,
    kind: sanction.kind,
    reason: sanction.reason,
    endsAt: sanction.endsAt?.toISOString() ?? null,
    createdAt: sanction.createdAt.toISOString(),
    createdById: sanction.createdById,
    liftedAt: sanction.liftedAt?.toISOString() ?? null,
    liftedById: sanction.liftedById,
    liftReason: sanction.liftReason,
    active: isActive(sanction, now),
  };
}

function toAccountDto(user: User, sanction: AccountSanctionDto | AccountSanction | null): ModerationAccountDto {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    role: user.role,
    avatar: user.avatar,
    createdAt: user.createdAt.toISOString(),
    lastSeen: user.lastSeen?.toISOString() ?? null,
    sanction: sanction instanceof AccountSanction ? toSanctionDto(sanction) : sanction,
  };
}
