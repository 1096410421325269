import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  canModerate,
  fieldMessage,
  ModerationErrorCode,
  ModerationMessages,
  type AccountSanctionDto,
  type ActorDto,
  type ApplySanctionRequestDto,
  type LiftAccountSanctionRequestDto,
  type ModerationAccountDetailDto,
  type ModerationAccountDto,
} from '@app/contracts';
import { rpcError, RpcErrors } from '@app/server';
import { lockAccount, requireModerator } from '../common/moderator-acts';
import { SessionStore } from '../sessions/session.store';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { AccountSanction } from './account-sanction.entity';
import { addressKey } from './address-key';

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
    private readonly em: EntityManager,
    private readonly sessions: SessionStore,
    private readonly users: UsersService,
  ) {}

  /** The sanction in force, a ban before a suspension; null when the account is free. */
  async inForce(userId: number, em: EntityManager = this.em.fork()): Promise<AccountSanction | null> {
    const now = new Date();
    const current = await em.find(
      AccountSanction,
      { userId, liftedAt: null, $or: [{ endsAt: null }, { endsAt: { $gt: now } }] },
      { orderBy: { id: 'desc' } },
    );
    return current.find((s) => s.kind === 'ban') ?? current[0] ?? null;
  }

  /**
   * The accounts of sessions, each with whether a sanction is in force on it (as inForce
   * decides), in one query: asked for every socket and page load a gateway has not resolved in
   * a few seconds, many at once when a gateway restarts.
   */
  async accountsForSessions(userIds: number[]): Promise<Map<number, { user: User; sanctioned: boolean }>> {
    const found = new Map<number, { user: User; sanctioned: boolean }>();
    if (userIds.length === 0) return found;
    const em = this.em.fork();
    const { rows } = await em.getConnection().getKnex().raw<{ rows: Array<Record<string, unknown>> }>(
      `select u.*, exists (
         select 1 from account_sanctions s where s.user_id = u.id and s.lifted_at is null and (s.ends_at is null or s.ends_at > ?)
       ) as session_sanctioned
       from users u where u.id = any(?)`,
      [new Date(), [...new Set(userIds)]],
    );
    for (const { session_sanctioned: sanctioned, ...columns } of rows) {
      const user = em.map(User, columns);
      found.set(user.id, { user, sanctioned: sanctioned === true });
    }
    return found;
  }

  /** The banned account whose address this is (in any spelling of it), or null. */
  async bannedHolderOf(email: string): Promise<Pick<User, 'id' | 'username' | 'language'> | null> {
    const em = this.em.fork();
    const ban = await em.findOne(AccountSanction, { kind: 'ban', liftedAt: null, address: addressKey(email) }, { orderBy: { id: 'desc' } });
    if (!ban) return null;
    const holder = await em.findOne(User, { id: ban.userId });
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
    const em = this.em.fork();
    await requireModerator(dto.actor, em);
    const sanction = await em.transactional(async (tx) => {
      const target = await lockAccount(dto.userId, tx);
      if (canModerate(target.role)) throw RpcErrors.forbidden(fieldMessage('moderation_not_on_moderators'));
      const current = await this.inForce(target.id, tx);
      if (current?.kind === 'ban') throw RpcErrors.conflict(fieldMessage('moderation_already_banned'));
      if (current && dto.kind === 'suspension') throw RpcErrors.conflict(fieldMessage('moderation_already_suspended_until', { until: (current.endsAt as Date).toISOString() }));
      const now = new Date();
      if (current) lift(current, dto.actor.id, ModerationMessages.BanReplacesSuspension, now);
      const created = Object.assign(new AccountSanction(), {
        userId: target.id,
        kind: dto.kind,
        reason: dto.reason.trim(),
        endsAt: dto.kind === 'suspension' ? new Date(now.getTime() + (dto.days as number) * DAY_MS) : null,
        address: dto.kind === 'ban' && target.email ? addressKey(target.email) : null,
        createdById: dto.actor.id,
        createdAt: now,
      });
      tx.persist(created);
      return created;
    });
    // Sessions opened while the sanction was being written are refused at their next look-up.
    await this.sessions.destroyAll(dto.userId);
    await this.users.invalidateSessions({ userId: dto.userId });
    return toSanctionDto(sanction);
  }

  async lift(dto: LiftAccountSanctionRequestDto): Promise<AccountSanctionDto> {
    const em = this.em.fork();
    await requireModerator(dto.actor, em);
    const lifted = await em.transactional(async (tx) => {
      const target = await lockAccount(dto.userId, tx);
      const current = await this.inForce(target.id, tx);
      if (current?.kind !== dto.kind) throw RpcErrors.conflict(fieldMessage(dto.kind === 'ban' ? 'moderation_not_banned' : 'moderation_not_suspended'));
      lift(current, dto.actor.id, dto.reason.trim(), new Date());
      return current;
    });
    return toSanctionDto(lifted);
  }

  /** Accounts whose username or e-mail contains the text; an exact match comes first. */
  async search(actor: ActorDto, text: string): Promise<ModerationAccountDto[]> {
    const em = this.em.fork();
    await requireModerator(actor, em);
    const q = text.trim().toLowerCase();
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    // An erased account is nobody to act on: only its tombstone name would match.
    const [exact, matches] = await Promise.all([
      em.find(User, { $or: [{ username: q }, { email: q }], erasedAt: null }),
      em.find(User, { $or: [{ username: { $ilike: like } }, { email: { $ilike: like } }], erasedAt: null }, { orderBy: { username: 'asc' }, limit: SEARCH_LIMIT }),
    ]);
    const users = [...new Map([...exact, ...matches].map((u) => [u.id, u])).values()].slice(0, SEARCH_LIMIT);
    const sanctions = await this.inForceFor(users.map((u) => u.id), em);
    return users.map((u) => toAccountDto(u, sanctions.get(u.id) ?? null));
  }

  async account(actor: ActorDto, userId: number): Promise<ModerationAccountDetailDto> {
    const em = this.em.fork();
    await requireModerator(actor, em);
    const user = await em.findOne(User, { id: userId });
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const history = await em.find(AccountSanction, { userId }, { orderBy: { id: 'desc' } });
    const now = Date.now();
    const current = history.filter((s) => isActive(s, now));
    const inForce = current.find((s) => s.kind === 'ban') ?? current[0] ?? null;
    return { ...toAccountDto(user, inForce), sanctions: history.map((s) => toSanctionDto(s, now)) };
  }

  /** The actor's role as this service stores it, not as the request says. */
  private async inForceFor(userIds: number[], em: EntityManager): Promise<Map<number, AccountSanctionDto>> {
    const found = new Map<number, AccountSanctionDto>();
    if (userIds.length === 0) return found;
    const rows = await em.find(
      AccountSanction,
      { userId: { $in: userIds }, liftedAt: null, $or: [{ endsAt: null }, { endsAt: { $gt: new Date() } }] },
      { orderBy: { id: 'desc' } },
    );
    for (const row of rows) {
      const held = found.get(row.userId);
      if (!held || (held.kind !== 'ban' && row.kind === 'ban')) found.set(row.userId, toSanctionDto(row));
    }
    return found;
  }
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
