import { Injectable, Logger } from '@nestjs/common';
import {
  BLOCK_LIST_MAX,
  BlockEvents,
  canModerate,
  fieldMessage,
  type ActorDto,
  type BlockBetweenAnswerDto,
  type BlockedUserDto,
  type BlockListChangedEvent,
  type UserSummary,
} from '@app/contracts';
import { fieldRefused, RpcClient, RpcErrors } from '@app/server';
import { ChatUsersService } from '../users/users.service';
import { BlocksRepository } from './blocks.repository';

/**
 * Blocks: a person's list of people they no longer want contact with. Blocking is mutual for
 * contact (no new private chat either way, an existing one becomes read-only, no calls), and
 * one-sided for reading (the blocker stops seeing the blocked person's public messages).
 */
@Injectable()
export class BlocksService {
  private readonly logger = new Logger(BlocksService.name);

  constructor(
    private readonly blocks: BlocksRepository,
    private readonly users: ChatUsersService,
    private readonly rpc: RpcClient,
  ) {}

  async block(actor: ActorDto, userId: number): Promise<BlockedUserDto> {
    if (userId === actor.id) throw fieldRefused('userId', fieldMessage('block_self'));
    await this.users.remember(actor);
    const other = (await this.users.findMany([userId], { strict: true })).get(userId);
    if (!other) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    if (canModerate(other.role)) throw RpcErrors.forbidden(fieldMessage('block_moderator'));
    const result = await this.blocks.insert(actor.id, userId);
    if (result.state === 'full') throw RpcErrors.conflict(fieldMessage('block_list_full', { max: BLOCK_LIST_MAX }));
    if (result.state === 'blocked') await this.announce(actor.id);
    return { user: other, blockedAt: new Date(result.createdAt).toISOString() };
  }

  async unblock(actor: ActorDto, userId: number): Promise<void> {
    if (!(await this.blocks.delete(actor.id, userId))) throw RpcErrors.notFound(fieldMessage('block_not_blocked'));
    await this.announce(actor.id);
  }

  /** Someone who became a moderator: the blocks made before no longer keep them out. */
  async roleChanged(user: UserSummary): Promise<void> {
    if (!canModerate(user.role)) return;
    for (const blockerId of await this.blocks.deleteOfBlocked(user.id)) await this.announce(blockerId);
  }

  async list(actor: ActorDto): Promise<BlockedUserDto[]> {
    const rows = await this.blocks.listOf(actor.id);
    const users = await this.users.findMany(rows.map((r) => r.blockedId));
    return rows.map((r) => ({ user: ChatUsersService.summary(r.blockedId, users), blockedAt: new Date(r.createdAt).toISOString() }));
  }

  between(userA: number, userB: number): Promise<BlockBetweenAnswerDto> {
    return this.blocks.between(userA, userB);
  }

  /** The people whose messages each of these viewers does not see. */
  hiddenSendersOf(viewerIds: number[]): Promise<Map<number, number[]>> {
    return this.blocks.blockedIdsOfMany(viewerIds);
  }

  /** Gateways filter the live stream by it; only the blocker's own list travels, never to the blocked. */
  private async announce(userId: number): Promise<void> {
    const event: BlockListChangedEvent = { userId, blockedUserIds: await this.blocks.blockedIds(userId) };
    try {
      await this.rpc.emit(BlockEvents.Changed, event);
    } catch (error) {
      this.logger.error(`Publishing ${BlockEvents.Changed} failed: ${(error as Error).message}`);
    }
  }
}
