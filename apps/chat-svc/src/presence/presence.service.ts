import { Inject, Injectable } from '@nestjs/common';
import { PRESENCE_TTL_MS } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';

/**
 * Who is in which room, in Redis so every replica sees the same. Each socket is one entry
 * `<instance>|<socketId>` -> `<userId>|<joinedAtMs>` in the room's hash; a person is in the
 * room while any of their entries is. Entries belong to a gateway instance whose heartbeat
 * key expires when it stops renewing it; the sweeper then removes that instance's entries.
 */
const JOIN_SCRIPT = `
local vals = redis.call('HVALS', KEYS[1])
local seen = {}
local count = 0
local present = false
for _, v in ipairs(vals) do
  local uid = string.match(v, '^(%d+)|')
  if uid and not seen[uid] then seen[uid] = true; count = count + 1 end
  if uid == ARGV[2] then present = true end
end
if not present and count >= tonumber(ARGV[4]) then return -1 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2] .. '|' .. ARGV[3])
redis.call('SADD', KEYS[2], ARGV[5])
redis.call('SADD', KEYS[3], ARGV[6])
redis.call('SET', KEYS[4], '1', 'PX', ARGV[7])
if present then return 0 end
return 1
`;

/** Returns -1 when the entry was already gone, 1 when its user has no entry left in the room, else 0. */
const LEAVE_SCRIPT = `
if redis.call('HDEL', KEYS[1], ARGV[1]) == 0 then return -1 end
local vals = redis.call('HVALS', KEYS[1])
for _, v in ipairs(vals) do
  if string.match(v, '^(%d+)|') == ARGV[2] then return 0 end
end
return 1
`;

/** 1 when the user (ARGV[1]) has an entry in the room whose gateway is alive (its heartbeat key exists). */
const MEMBER_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
for i = 1, #fields, 2 do
  if string.match(fields[i + 1], '^(%d+)|') == ARGV[1] then
    local instance = string.match(fields[i], '^(.*)|[^|]*$')
    if instance and redis.call('EXISTS', ARGV[2] .. instance) == 1 then return 1 end
  end
end
return 0
`;

export interface PresenceEntry {
  instance: string;
  userId: number;
  joinedAt: number;
}

const roomKey = (roomId: number) => `chat:presence:room:${roomId}`;
const instanceRoomsKey = (instance: string) => `chat:presence:instance:${instance}:rooms`;
const heartbeatKey = (instance: string) => `chat:presence:heartbeat:${instance}`;
const INSTANCES_KEY = 'chat:presence:instances';

type PresenceCommands = {
  chatPresenceJoin(...args: unknown[]): Promise<number>;
  chatPresenceLeave(...args: unknown[]): Promise<number>;
  chatPresenceMember(...args: unknown[]): Promise<number>;
};

@Injectable()
export class PresenceService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {
    redis.defineCommand('chatPresenceJoin', { numberOfKeys: 4, lua: JOIN_SCRIPT });
    redis.defineCommand('chatPresenceLeave', { numberOfKeys: 1, lua: LEAVE_SCRIPT });
    redis.defineCommand('chatPresenceMember', { numberOfKeys: 1, lua: MEMBER_SCRIPT });
  }

  /** 'full' when the room holds maxUsers people already; 'first' when this is the user's first socket there. */
  async join(roomId: number, instance: string, socketId: string, userId: number, maxUsers: number) {
    const result = await this.commands().chatPresenceJoin(
      roomKey(roomId),
      instanceRoomsKey(instance),
      INSTANCES_KEY,
      heartbeatKey(instance),
      `${instance}|${socketId}`,
      userId,
      Date.now(),
      maxUsers,
      roomId,
      instance,
      PRESENCE_TTL_MS,
    );
    return result === -1 ? 'full' : result === 1 ? 'first' : 'again';
  }

  /** True when the user has no socket left in the room (they left it). */
  async leave(roomId: number, instance: string, socketId: string, userId: number): Promise<boolean> {
    const result = await this.commands().chatPresenceLeave(roomKey(roomId), `${instance}|${socketId}`, userId);
    return result === 1;
  }

  async heartbeat(instance: string) {
    await this.redis.multi().set(heartbeatKey(instance), '1', 'PX', PRESENCE_TTL_MS).sadd(INSTANCES_KEY, instance).exec();
  }

  /** Live entries of a room (entries of dead gateways are left out until the sweeper drops them). */
  async entries(roomId: number): Promise<PresenceEntry[]> {
    return (await this.entriesOfRooms([roomId])).get(roomId) ?? [];
  }

  async entriesOfRooms(roomIds: number[]): Promise<Map<number, PresenceEntry[]>> {
    const result = new Map<number, PresenceEntry[]>();
    if (roomIds.length === 0) return result;
    const pipeline = this.redis.pipeline();
    for (const id of roomIds) pipeline.hgetall(roomKey(id));
    const answers = (await pipeline.exec()) ?? [];
    const instances = new Set<string>();
    const raw = roomIds.map((id, i) => {
      const hash = (answers[i]?.[1] ?? {}) as Record<string, string>;
      const entries = Object.entries(hash).map(([field, value]) => {
        const [userId, joinedAt] = value.split('|').map(Number);
        const instance = field.slice(0, field.lastIndexOf('|'));
        instances.add(instance);
        return { instance, userId, joinedAt };
      });
      return [id, entries] as const;
    });
    const alive = await this.aliveInstances([...instances]);
    for (const [id, entries] of raw) result.set(id, entries.filter((e) => alive.has(e.instance)));
    return result;
  }

  /** Distinct people per room, leaving out those in `hidden`. */
  async counts(roomIds: number[], hidden: (userIds: number[]) => Promise<Set<number>> = async () => new Set()): Promise<Map<number, number>> {
    const entries = await this.entriesOfRooms(roomIds);
    const present = new Map(roomIds.map((id) => [id, new Set((entries.get(id) ?? []).map((e) => e.userId))]));
    const leftOut = await hidden([...new Set([...present.values()].flatMap((people) => [...people]))]);
    return new Map(roomIds.map((id) => [id, [...(present.get(id) ?? [])].filter((userId) => !leftOut.has(userId)).length]));
  }

  /** Whether the user has a live socket in the room (through any gateway): one script, asked on every public send. */
  async isIn(roomId: number, userId: number): Promise<boolean> {
    return (await this.commands().chatPresenceMember(roomKey(roomId), userId, heartbeatKey(''))) === 1;
  }

  async deadInstances(): Promise<string[]> {
    const instances = await this.redis.smembers(INSTANCES_KEY);
    const alive = await this.aliveInstances(instances);
    return instances.filter((i) => !alive.has(i));
  }

  /**
   * Removes every entry of an instance. Calls onLeft for each person who thereby left a room;
   * replicas sweeping the same instance at once report each departure only once (HDEL decides).
   */
  async dropInstance(instance: string, onLeft: (roomId: number, userId: number) => Promise<void> | void) {
    const roomIds = (await this.redis.smembers(instanceRoomsKey(instance))).map(Number);
    for (const roomId of roomIds) {
      const hash = await this.redis.hgetall(roomKey(roomId));
      for (const [field, value] of Object.entries(hash)) {
        if (field.slice(0, field.lastIndexOf('|')) !== instance) continue;
        const userId = Number(value.split('|')[0]);
        const socketId = field.slice(field.lastIndexOf('|') + 1);
        if (await this.leave(roomId, instance, socketId, userId)) await onLeft(roomId, userId);
      }
    }
    await this.redis.multi().del(instanceRoomsKey(instance), heartbeatKey(instance)).srem(INSTANCES_KEY, instance).exec();
  }

  private async aliveInstances(instances: string[]): Promise<Set<string>> {
    if (instances.length === 0) return new Set();
    const pipeline = this.redis.pipeline();
    for (const i of instances) pipeline.exists(heartbeatKey(i));
    const answers = (await pipeline.exec()) ?? [];
    return new Set(instances.filter((_, idx) => answers[idx]?.[1] === 1));
  }

  private commands(): PresenceCommands {
    return this.redis as unknown as PresenceCommands;
  }
}
