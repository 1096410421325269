import { Injectable, Logger } from '@nestjs/common';
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
import { assertModerator } from '../common/moderator-acts';
import type { User } from '../users/user.entity';
import { UsersService } from '../users/users.service';
import type { VipChange } from './vip-change.entity';
import { VipClock } from './vip-clock';
import { VipRepository } from './vip.repository';

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
    private readonly vip: VipRepository,
    private readonly users: UsersService,
    private readonly rpc: RpcClient,
    private readonly clock: VipClock,
  ) {}

  async grant(dto: GrantVipRequestDto): Promise<VipChangeDto> {
    await this.requireModerator(dto.actor);
    const now = new Date(this.clock.now());
    const changed = await this.vip.change(dto.userId, (user) => {
      if (user.role === 'guest') throw RpcErrors.unprocessable(fieldMessage('vip_guests_cannot'));
      if (user.role === 'seller' || canModerate(user.role)) throw RpcErrors.unprocessable(fieldMessage('vip_already_included'));
      if (user.vipUntil && user.vipUntil > now) throw RpcErrors.conflict(fieldMessage('vip_already_vip', { until: user.vipUntil.toISOString() }));
      user.role = 'vip';
      user.vipUntil = new Date(now.getTime() + (dto.days ?? VIP_GRANT_DEFAULT_DAYS) * DAY_MS);
      user.vipRemindedAt = null;
      return { action: 'grant', vipUntil: user.vipUntil, reason: dto.reason.trim(), actorId: dto.actor.id, createdAt: now };
    });
    if (!changed) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return this.announce(changed.user, changed.change, dto.actor);
  }

  /** Ends a VIP period early, or takes away a VIP that was set without one. */
  async revoke(dto: RevokeVipRequestDto): Promise<VipChangeDto> {
    await this.requireModerator(dto.actor);
    const now = new Date(this.clock.now());
    const changed = await this.vip.change(dto.userId, (user) => {
      if (user.role !== 'vip') throw RpcErrors.conflict(fieldMessage('vip_not_vip'));
      user.role = 'user';
      user.vipUntil = null;
      return { action: 'revoke', vipUntil: null, reason: dto.reason.trim(), actorId: dto.actor.id, createdAt: now };
    });
    if (!changed) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return this.announce(changed.user, changed.change, dto.actor);
  }

  /** The audit list, newest first: one account's, or everyone's. */
  async history(actor: ActorDto, userId?: number): Promise<VipChangeDto[]> {
    await this.requireModerator(actor);
    if (userId !== undefined && !(await this.vip.exists(userId))) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    const changes = await this.vip.changes(userId, HISTORY_LIMIT);
    const names = await this.vip.usernames(changes.flatMap((c) => [c.userId, c.actorId ?? c.userId]));
    return changes.map((c) => toChangeDto(c, names.get(c.userId) ?? '', c.actorId === null ? null : (names.get(c.actorId) ?? null)));
  }

  /**
   * Ends the periods past their date (the role goes back to `user`, or to what a seller falls
   * back to) and tells holders whose period ends within VIP_EXPIRY_NOTICE_DAYS, once each.
   */
  async sweep(): Promise<{ ended: number; reminded: number }> {
    const now = new Date(this.clock.now());
    const ended = await this.vip.endDue(now, SWEEP_BATCH, (user) => {
      if (user.role === 'vip') user.role = 'user';
      if (user.roleBeforeSeller === 'vip') user.roleBeforeSeller = 'user';
      user.vipUntil = null;
      return { action: 'expire', vipUntil: null, reason: null, actorId: null, createdAt: now };
    });
    for (const user of ended) await this.users.publishChanged(user);

    const reminded = await this.vip.remindDue(now, new Date(now.getTime() + VIP_EXPIRY_NOTICE_DAYS * DAY_MS), SWEEP_BATCH);
    for (const user of reminded) {
      await this.emit(VipEvents.Expiring, { userId: user.id, vipUntil: (user.vipUntil as Date).toISOString() } satisfies VipExpiringEvent);
    }
    return { ended: ended.length, reminded: reminded.length };
  }

  /** The acting moderator, as auth-svc's own records say (a forged actor role counts for nothing). */
  private async requireModerator(actor: ActorDto): Promise<void> {
    assertModerator(await this.vip.roleOf(actor.id));
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
