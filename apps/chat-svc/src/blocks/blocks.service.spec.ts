import { Test } from '@nestjs/testing';
import { BlockEvents, ChatMessages, ErrorCode, SafetyMessages, type ActorDto, type UserSummary } from '@app/contracts';
import { RpcClient, RpcErrors } from '@app/server';
import { ChatUsersService } from '../users/users.service';
import { BlocksRepository, type BlockInsert } from './blocks.repository';
import { BlocksService } from './blocks.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Whom one may block and what the gateways are told, over typed fakes of the blocks' repository,
// the users read model and NATS. The list's limit under concurrent blocks is the repository's
// transaction (tests/api/safety.int-spec.ts); here, how its answers are refused.

const CREATED = new Date('2026-11-29T00:00:00Z');
const actor: ActorDto = { id: 11, username: 'mira', avatar: null, role: 'user' };
const omar: UserSummary = { id: 12, username: 'omar', avatar: null, role: 'user' };
const moderator: UserSummary = { id: 13, username: 'sam', avatar: null, role: 'moderator' };

async function build({ insert = { state: 'blocked', createdAt: CREATED } as BlockInsert, people = [omar, moderator] } = {}) {
  const blocks = {
    insert: fn(async () => insert),
    delete: fn(async () => true),
    deleteOfBlocked: fn(async () => [] as number[]),
    listOf: fn(async () => [] as Array<{ blockedId: number; createdAt: Date }>),
    blockedIds: fn(async () => [12]),
  } satisfies Fake<BlocksRepository>;
  const users = {
    remember: fn(async () => undefined),
    findMany: fn(async (...[ids, options]: [number[], { strict?: boolean }?]) => {
      if (options?.strict && ids.includes(404)) throw RpcErrors.unavailable();
      return new Map(people.filter((p) => ids.includes(p.id)).map((p) => [p.id, p]));
    }),
  } satisfies Fake<ChatUsersService>;
  const rpc = { emit: fn(async () => undefined) } satisfies Pick<Fake<RpcClient>, 'emit'>;
  const module = await Test.createTestingModule({
    providers: [BlocksService, { provide: BlocksRepository, useValue: blocks }, { provide: ChatUsersService, useValue: users }, { provide: RpcClient, useValue: rpc }],
  }).compile();
  return { service: module.get(BlocksService), blocks, users, rpc };
}

describe('BlocksService', () => {
  describe('blocking', () => {
    it("blocks someone and tells the gateways the blocker's whole list", async () => {
      const { service, blocks, users, rpc } = await build();
      expect(await service.block(actor, 12)).toEqual({ user: omar, blockedAt: CREATED.toISOString() });
      expect(users.remember).toHaveBeenCalledWith(actor);
      expect(users.findMany).toHaveBeenCalledWith([12], { strict: true });
      expect(blocks.insert).toHaveBeenCalledWith(11, 12);
      expect(rpc.emit).toHaveBeenCalledWith(BlockEvents.Changed, { userId: 11, blockedUserIds: [12] });
    });

    it('answers a block made before with its time, telling nobody again', async () => {
      const earlier = new Date('2026-11-01T00:00:00Z');
      const { service, rpc } = await build({ insert: { state: 'already', createdAt: earlier } });
      expect(await service.block(actor, 12)).toEqual({ user: omar, blockedAt: earlier.toISOString() });
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('refuses blocking oneself (400 on userId) before asking anything', async () => {
      const { service, blocks, users } = await build();
      expect(await refusal(service.block(actor, 11))).toMatchObject({ status: 400, code: ErrorCode.ValidationFailed, message: SafetyMessages.SelfBlock, fields: { userId: [SafetyMessages.SelfBlock] } });
      expect(users.findMany).not.toHaveBeenCalled();
      expect(blocks.insert).not.toHaveBeenCalled();
    });

    it('answers 404 for someone nobody knows, and 503 while that cannot be told', async () => {
      const { service, blocks } = await build();
      expect(await refusal(service.block(actor, 99))).toMatchObject({ status: 404, message: ChatMessages.UserNotFound });
      expect(await refusal(service.block(actor, 404))).toMatchObject({ status: 503 });
      expect(blocks.insert).not.toHaveBeenCalled();
    });

    it('refuses blocking a moderator (403)', async () => {
      const { service, blocks } = await build();
      expect(await refusal(service.block(actor, 13))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: SafetyMessages.ModeratorNotBlockable });
      expect(blocks.insert).not.toHaveBeenCalled();
    });

    it("refuses a block past the list's limit (409), telling nobody", async () => {
      const { service, rpc } = await build({ insert: { state: 'full' } });
      expect(await refusal(service.block(actor, 12))).toMatchObject({ status: 409, code: ErrorCode.Conflict, message: SafetyMessages.BlockListFull });
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('keeps the block when the gateways cannot be told', async () => {
      const { service, rpc } = await build();
      rpc.emit.mockRejectedValueOnce(new Error('NATS is down'));
      await expect(service.block(actor, 12)).resolves.toMatchObject({ user: omar });
    });
  });

  describe('unblocking', () => {
    it('lifts a block and tells the gateways; 404 for one that is not there', async () => {
      const { service, blocks, rpc } = await build();
      await service.unblock(actor, 12);
      expect(blocks.delete).toHaveBeenCalledWith(11, 12);
      expect(rpc.emit).toHaveBeenCalledTimes(1);
      blocks.delete.mockResolvedValueOnce(false);
      expect(await refusal(service.unblock(actor, 12))).toMatchObject({ status: 404, message: SafetyMessages.NotBlocked });
      expect(rpc.emit).toHaveBeenCalledTimes(1);
    });

    it('lifts every block of someone who became a moderator, telling each blocker', async () => {
      const { service, blocks, rpc } = await build();
      await service.roleChanged(omar);
      expect(blocks.deleteOfBlocked).not.toHaveBeenCalled();
      blocks.deleteOfBlocked.mockResolvedValueOnce([11, 14]);
      await service.roleChanged(moderator);
      expect(blocks.deleteOfBlocked).toHaveBeenCalledWith(13);
      expect(rpc.emit.mock.calls.map(([, event]) => (event as { userId: number }).userId)).toEqual([11, 14]);
    });
  });

  it('lists the blocked people in the order stored, naming one the read model lost an unknown user', async () => {
    const { service, blocks } = await build();
    blocks.listOf.mockResolvedValueOnce([
      { blockedId: 12, createdAt: CREATED },
      { blockedId: 99, createdAt: new Date('2026-11-28T00:00:00Z') },
    ]);
    expect(await service.list(actor)).toEqual([
      { user: omar, blockedAt: CREATED.toISOString() },
      { user: { id: 99, username: 'Unknown User', avatar: null, role: 'user' }, blockedAt: '2026-11-28T00:00:00.000Z' },
    ]);
  });
});
