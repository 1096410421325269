import { Injectable, Logger } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  canModerate,
  fieldMessage,
  VIP_EXPIRY_NOTICE_DAYS,
  VIP_GRANT_DEFAULT_DAYS,
  VipEvents,
  type ActorDto,
  type GrantVipRequestDto,
  type RevokeVipRequestDto,
  type VipChangeDto,
  type VipExpiringEvent,
} from '@app/contracts';
import { RpcClient, RpcErrors } from '@app/server';
import { lockAccount, requireModerator } from '../common/moderator-acts';
import { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import { VipChange } from './vip-change.entity';
import { VipClock } from './vip-clock';

const DAY_MS = 24 * 60 * 60 * 1000;
const HISTORY_LIMIT = 100;
/** Accounts one sweep ends or reminds at most; the next sweep takes the rest. */
const SWEEP_BATCH = 200;

/**
 * VIP periods moderators grant (bought outside the product, as the VIP dialog says) and revoke.
 * The role is `vip` while a period runs and goes back to `user` at its end; every change is a
 * line of the audit list. Changes lock the account's row, so two moderators acting at once are
 * taken one after the other; sweeps on several replicas skip the rows another is handling.
 */
@Injectable()
export class VipService {
  private readonly logger = new Logger(VipService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly users: UsersService,
    private readonly rpc: RpcClient,
    private readonly clock: VipClock,
  ) {}

  async grant(dto: GrantVipRequestDto): Promise<VipChangeDto> {
    const em = this.em.fork();
    await requireModerator(dto.actor, em);
    const now = new Date(this.clock.now());
    const { user, change } = await em.transactional(async (tx) => {
      const user = await lockAccount(dto.userId, tx);
      if (user.role === 'guest') throw RpcErrors.unprocessable(fieldMessage('vip_guests_cannot'));
      if (user.role === 'seller' || canModerate(user.role)) throw RpcErrors.unprocessable(fieldMessage('vip_already_included'));
      if (user.vipUntil && user.vipUntil > now) throw RpcErrors.conflict(fieldMessage('vip_already_vip', { until: user.vipUntil.toISOString() }));
      user.role = 'vip';
      user.vipUntil = new Date(now.getTime() + (dto.days ?? VIP_GRANT_DEFAULT_DAYS) * DAY_MS);
      user.vipRemindedAt = null;
      const change = record(tx, { userId: user.id, action: 'grant', vipUntil: user.vipUntil, reason: dto.reason.trim(), actorId: dto.actor.id, createdAt: now });
      return { user, change };
    });
    return this.announce(user, change, dto.actor);
  }

  /** Ends a VIP period early, or takes away a VIP that was set without one. */
  async revoke(dto: RevokeVipRequestDto): Promise<VipChangeDto> {
    const em = this.em.fork();
    await requireModerator(dto.actor, em);
    const now = new Date(this.clock.now());
    const { user, change } = await em.transactional(async (tx) => {
      const user = await lockAccount(dto.userId, tx);
      if (user.role !== 'vip') throw RpcErrors.conflict(fieldMessage('vip_not_vip'));
      user.role = 'user';
      user.vipUntil = null;
      const change = record(tx, { userId: user.id, action: 'revoke', vipUntil: null, reason: dto.reason.trim(), actorId: dto.actor.id, createdAt: now });
      return { user, change };
    });
    return this.announce(user, change, dto.actor);
  }

  /** The audit list, newest first: one account's, or everyone's. */
  async history(actor: ActorDto, userId?: number): Promise<VipChangeDto[]> {
    const em = this.em.fork();
    await requireModerator(actor, em);
    if (userId !== undefined && !(await em.findOne(User, { id: userId }))) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const changes = await em.find(VipChange, userId === undefined ? {} : { userId }, { orderBy: { id: 'desc' }, limit: HISTORY_LIMIT });
    const names = new Map((await em.find(User, { id: { $in: [...new Set(changes.flatMap((c) => [c.userId, c.actorId ?? c.userId]))] } })).map((u) => [u.id, u.username]));
    return changes.map((c) => toChangeDto(c, names.get(c.userId) ?? '', c.actorId === null ? null : (names.get(c.actorId) ?? null)));
  }

  /**
   * Ends the periods past their date (the role goes back to `user`, or to what a seller falls
   * back to) and tells holders whose period ends within VIP_EXPIRY_NOTICE_DAYS, once each.
   */
  async sweep(): Promise<{ ended: number; reminded: number }> {
    const now = new Date(this.clock.now());
    const ended = await this.em.fork().transactional(async (tx) => {
      const due = await tx.find(User, { vipUntil: { $lte: now } }, { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: SWEEP_BATCH });
      for (const user of due) {
        if (user.role === 'vip') user.role = 'user';
        if (user.roleBeforeSeller === 'vip') user.roleBeforeSeller = 'user';
        record(tx, { userId: user.id, action: 'expire', vipUntil: null, reason: null, actorId: null, createdAt: now });
        user.vipUntil = null;
      }
      return due;
    });
    for (const user of ended) await this.users.publishChanged(user);

    const noticeFrom = new Date(now.getTime() + VIP_EXPIRY_NOTICE_DAYS * DAY_MS);
    const reminded = await this.em.fork().transactional(async (tx) => {
      const soon = await tx.find(
        User,
        { vipUntil: { $gt: now, $lte: noticeFrom }, vipRemindedAt: null },
        { lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE, limit: SWEEP_BATCH },
      );
      for (const user of soon) user.vipRemindedAt = now;
      return soon;
    });
    for (const user of reminded) {
      await this.emit(VipEvents.Expiring, { userId: user.id, vipUntil: (user.vipUntil as Date).toISOString() } satisfies VipExpiringEvent);
    }
    return { ended: ended.length, reminded: reminded.length };
  }

  private async announce(user: User, change: VipChange, actor: ActorDto): Promise<VipChangeDto> {
    await this.users.publishChanged(user);
    const dto = toChangeDto(change, user.username, actor.username);
    await this.emit(VipEvents.Changed, dto);
    return dto;
  }

  private async emit(subject: string, payload: unknown): Promise<void> {
    try {
      await this.rpc.emit(subject, payload);
    } catch (error) {
      // The change is committed; only the notification about it is lost.
      this.logger.error(`Publishing ${subject} failed: ${(error as Error).message}`);
    }
  }
}

function record(tx: EntityManager, fields: Omit<VipChange, 'id'>): VipChange {
  const change = Object.assign(new VipChange(), fields);
  tx.persist(change);
  return change;
}

function toChangeDto(change: VipChange, username: string, actorUsername: string | null): VipChangeDto {
  return {
    id: change.id,
    userId: change.userId,
    username,
    action: change.action,
    vipUntil: change.vipUntil?.toISOString() ?? null,
    reason: change.reason,
    actorId: change.actorId,
    actorUsername,
    createdAt: change.createdAt.toISOString(),
  };
}
