import { Inject, Injectable } from '@nestjs/common';
import { connectedSocketsKey, GATEWAY_BOOT_KEY_PREFIX, PRESENCE_TTL_MS } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';

/**
 * Who is in which room, in Redis so every replica sees the same. Each socket is one entry
 * `<instance>|<socketId>` -> `<userId>|<joinedAtMs>` in the room's hash; a person is in the
 * room while any of their entries is. Entries belong to a gateway instance whose heartbeat
 * key expires when it stops renewing it; the sweeper then removes that instance's entries.
 *
 * A person whose last socket in a room went with a gateway that shut down (a restart) is kept
 * as away for a grace period, in the room's away hash `<userId>` -> `<joinedAtMs>|<deadlineMs>`
 * and in one due set for every room: still counted and listed, so that nobody hears of them
 * leaving and coming back while their browser reconnects. Back within it, they keep their
 * place in the list and nobody is told; past it, the sweeper announces that they left.
 */

/**
 * Adds a socket's entry. Returns the outcome (-1 full, 0 the user was there already, 1 they
 * arrive, 2 they are back from away) and then, when not full, every person in the room as
 * `userId, joinedAtMs` pairs: those with a socket on a live gateway, and those away.
 * KEYS: room, instance's rooms, instances, instance's heartbeat, room's away hash, due set.
 * ARGV: field, userId, now, maxUsers, roomId, instance, heartbeat ttl, heartbeat key prefix.
 */
const JOIN_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
local away = redis.call('HGETALL', KEYS[5])
local uid = ARGV[2]
local alive = {}
local people = {}
local count = 0
local present = false
local function note(id, at)
  local known = people[id]
  if known == nil then count = count + 1 end
  if not known or at < known then people[id] = at end
end
for i = 1, #fields, 2 do
  local id, at = string.match(fields[i + 1], '^(%d+)|(%d+)')
  if id then
    if id == uid then present = true end
    local instance = string.match(fields[i], '^(.*)|[^|]*$')
    if alive[instance] == nil then alive[instance] = redis.call('EXISTS', ARGV[8] .. instance) == 1 end
    -- Entries of a dead gateway hold their seat until swept, but are not listed.
    if alive[instance] then note(id, tonumber(at)) elseif people[id] == nil then count = count + 1; people[id] = false end
  end
end
local returning = nil
for i = 1, #away, 2 do
  local at = tonumber(string.match(away[i + 1], '^(%d+)|'))
  if away[i] == uid then returning = at end
  note(away[i], at)
end
if not present and returning == nil and count >= tonumber(ARGV[4]) then return {-1} end
local joinedAt = returning or tonumber(ARGV[3])
redis.call('HSET', KEYS[1], ARGV[1], uid .. '|' .. joinedAt)
redis.call('SADD', KEYS[2], ARGV[5])
redis.call('SADD', KEYS[3], ARGV[6])
redis.call('SET', KEYS[4], '1', 'PX', ARGV[7])
local outcome = 1
if present then outcome = 0 elseif returning then
  outcome = 2
  redis.call('HDEL', KEYS[5], uid)
  redis.call('ZREM', KEYS[6], ARGV[5] .. '|' .. uid)
end
if not people[uid] or joinedAt < people[uid] then people[uid] = joinedAt end
local result = {outcome}
for id, at in pairs(people) do
  if at then
    table.insert(result, tonumber(id))
    table.insert(result, at)
  end
end
return result
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

/**
 * Removes an instance's entries from one room; whoever thereby has no entry left is away until
 * the deadline. KEYS: room, room's away hash, due set. ARGV: `<instance>|`, deadline, roomId.
 */
const DROP_SCRIPT = `
local fields = redis.call('HGETALL', KEYS[1])
local prefix = ARGV[1]
local gone = {}
local stays = {}
for i = 1, #fields, 2 do
  local id, at = string.match(fields[i + 1], '^(%d+)|(%d+)')
  if string.sub(fields[i], 1, #prefix) == prefix then
    redis.call('HDEL', KEYS[1], fields[i])
    if id and (gone[id] == nil or tonumber(at) < gone[id]) then gone[id] = tonumber(at) end
  elseif id then
    stays[id] = true
  end
end
local count = 0
for id, at in pairs(gone) do
  if not stays[id] then
    redis.call('HSET', KEYS[2], id, at .. '|' .. ARGV[2])
    redis.call('ZADD', KEYS[3], ARGV[2], ARGV[3] .. '|' .. id)
    count = count + 1
  end
end
return count
`;

/**
 * Takes up to ARGV[2] people whose grace ended by ARGV[1] out of their rooms' away hashes
 * (ARGV[3] .. roomId) and answers them as `roomId|userId`: each exactly once, whichever
 * replica asks. KEYS: due set.
 */
const DUE_SCRIPT = `
local due = redis.call('ZRANGEBYSCORE', KEYS[1], '-inf', ARGV[1], 'LIMIT', 0, tonumber(ARGV[2]))
local left = {}
for _, member in ipairs(due) do
  redis.call('ZREM', KEYS[1], member)
  local roomId, id = string.match(member, '^(%d+)|(%d+)$')
  local key = ARGV[3] .. roomId
  local value = redis.call('HGET', key, id)
  if value and tonumber(string.match(value, '|(%d+)$')) <= tonumber(ARGV[1]) then
    redis.call('HDEL', key, id)
    table.insert(left, member)
  end
end
return left
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

/** A person in a room, with when they came (their first socket there). */
export interface PresenceEntry {
  userId: number;
  joinedAt: number;
}

export type JoinOutcome =
  | { state: 'full' }
  /** first: the person arrives; again: another socket of someone inside; back: returns from away within the grace. */
  | { state: 'first' | 'again' | 'back'; people: PresenceEntry[] };

/** 1 when a gateway boot that is alive (its key exists) holds a socket of the person. */
const CONNECTED_SCRIPT = `
local boots = redis.call('HGETALL', KEYS[1])
for i = 1, #boots, 2 do
  if tonumber(boots[i + 1]) > 0 and redis.call('EXISTS', ARGV[1] .. boots[i]) == 1 then return 1 end
end
return 0`;

const roomKey = (roomId: number) => `chat:presence:room:${roomId}`;
const AWAY_PREFIX = 'chat:presence:away:';
const awayKey = (roomId: number) => `${AWAY_PREFIX}${roomId}`;
const AWAY_DUE_KEY = 'chat:presence:away-due';
const instanceRoomsKey = (instance: string) => `chat:presence:instance:${instance}:rooms`;
const HEARTBEAT_PREFIX = 'chat:presence:heartbeat:';
const heartbeatKey = (instance: string) => `${HEARTBEAT_PREFIX}${instance}`;
const INSTANCES_KEY = 'chat:presence:instances';
/** Departures announced per sweep and round trip. */
const DUE_BATCH = 500;

type PresenceCommands = {
  chatPresenceJoin(...args: unknown[]): Promise<number[]>;
  chatPresenceLeave(...args: unknown[]): Promise<number>;
  chatPresenceMember(...args: unknown[]): Promise<number>;
  chatPresenceDrop(...args: unknown[]): Promise<number>;
  chatPresenceDue(...args: unknown[]): Promise<string[]>;
  chatPresenceConnected(...args: unknown[]): Promise<number>;
};

const JOIN_STATES = { 0: 'again', 1: 'first', 2: 'back' } as const;

@Injectable()
export class PresenceService {
  constructor(@Inject(REDIS) private readonly redis: Redis) {
    redis.defineCommand('chatPresenceJoin', { numberOfKeys: 6, lua: JOIN_SCRIPT });
    redis.defineCommand('chatPresenceLeave', { numberOfKeys: 1, lua: LEAVE_SCRIPT });
    redis.defineCommand('chatPresenceMember', { numberOfKeys: 1, lua: MEMBER_SCRIPT });
    redis.defineCommand('chatPresenceDrop', { numberOfKeys: 3, lua: DROP_SCRIPT });
    redis.defineCommand('chatPresenceDue', { numberOfKeys: 1, lua: DUE_SCRIPT });
    redis.defineCommand('chatPresenceConnected', { numberOfKeys: 1, lua: CONNECTED_SCRIPT });
  }

  /**
   * Adds each socket, one after another, unless the room holds maxUsers people already; each
   * answer names everyone then in the room (the last, everyone the others added too).
   */
  async join(roomId: number, maxUsers: number, sockets: Array<{ instance: string; socketId: string; userId: number }>): Promise<JoinOutcome[]> {
    const pipeline = this.redis.pipeline() as unknown as PresenceCommands & { exec(): Promise<Array<[Error | null, unknown]> | null> };
    const now = Date.now();
    for (const { instance, socketId, userId } of sockets) {
      void pipeline.chatPresenceJoin(
        roomKey(roomId),
        instanceRoomsKey(instance),
        INSTANCES_KEY,
        heartbeatKey(instance),
        awayKey(roomId),
        AWAY_DUE_KEY,
        `${instance}|${socketId}`,
        userId,
        now,
        maxUsers,
        roomId,
        instance,
        PRESENCE_TTL_MS,
        HEARTBEAT_PREFIX,
      );
    }
    const answers = (await pipeline.exec()) ?? [];
    return answers.map(([error, reply]): JoinOutcome => {
      if (error) throw error;
      const [outcome, ...pairs] = reply as number[];
      if (outcome === -1) return { state: 'full' };
      const people: PresenceEntry[] = [];
      for (let i = 0; i < pairs.length; i += 2) people.push({ userId: pairs[i], joinedAt: pairs[i + 1] });
      return { state: JOIN_STATES[outcome as 0 | 1 | 2], people };
    });
  }

  /** True when the user has no socket left in the room (they left it). */
  async leave(roomId: number, instance: string, socketId: string, userId: number): Promise<boolean> {
    const result = await this.commands().chatPresenceLeave(roomKey(roomId), `${instance}|${socketId}`, userId);
    return result === 1;
  }

  async heartbeat(instance: string) {
    await this.redis.multi().set(heartbeatKey(instance), '1', 'PX', PRESENCE_TTL_MS).sadd(INSTANCES_KEY, instance).exec();
  }

  /** People per room: those with a socket on a live gateway, and those away within their grace. */
  async entriesOfRooms(roomIds: number[]): Promise<Map<number, PresenceEntry[]>> {
    const result = new Map<number, PresenceEntry[]>();
    if (roomIds.length === 0) return result;
    const pipeline = this.redis.pipeline();
    for (const id of roomIds) pipeline.hgetall(roomKey(id)).hgetall(awayKey(id));
    const answers = (await pipeline.exec()) ?? [];
    const instances = new Set<string>();
    const raw = roomIds.map((id, i) => {
      const hash = (answers[2 * i]?.[1] ?? {}) as Record<string, string>;
      const away = (answers[2 * i + 1]?.[1] ?? {}) as Record<string, string>;
      const entries = Object.entries(hash).map(([field, value]) => {
        const [userId, joinedAt] = value.split('|').map(Number);
        const instance = field.slice(0, field.lastIndexOf('|'));
        instances.add(instance);
        return { instance, userId, joinedAt };
      });
      const awayEntries = Object.entries(away).map(([userId, value]) => ({ userId: Number(userId), joinedAt: Number(value.split('|')[0]) }));
      return [id, entries, awayEntries] as const;
    });
    const alive = await this.aliveInstances([...instances]);
    for (const [id, entries, awayEntries] of raw) {
      result.set(id, [...entries.filter((e) => alive.has(e.instance)).map(({ userId, joinedAt }) => ({ userId, joinedAt })), ...awayEntries]);
    }
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
    return (await this.commands().chatPresenceMember(roomKey(roomId), userId, HEARTBEAT_PREFIX)) === 1;
  }

  /** Whether the person has the app open anywhere: a socket on any live gateway, in a room or not (the gateways count them). */
  async connectedAnywhere(userId: number): Promise<boolean> {
    return (await this.commands().chatPresenceConnected(connectedSocketsKey(userId), GATEWAY_BOOT_KEY_PREFIX)) === 1;
  }

  async deadInstances(): Promise<string[]> {
    const instances = await this.redis.smembers(INSTANCES_KEY);
    const alive = await this.aliveInstances(instances);
    return instances.filter((i) => !alive.has(i));
  }

  /**
   * Removes every entry of an instance, room by room in one script each. Whoever thereby has
   * no socket left in a room is away until `graceMs` from now (see departures).
   */
  async dropInstance(instance: string, graceMs: number): Promise<void> {
    const roomIds = await this.redis.smembers(instanceRoomsKey(instance));
    const deadline = Date.now() + graceMs;
    const pipeline = this.redis.pipeline();
    for (const roomId of roomIds) {
      (pipeline as unknown as PresenceCommands).chatPresenceDrop(roomKey(Number(roomId)), awayKey(Number(roomId)), AWAY_DUE_KEY, `${instance}|`, deadline, roomId);
    }
    await pipeline.exec();
    await this.redis.multi().del(instanceRoomsKey(instance), heartbeatKey(instance)).srem(INSTANCES_KEY, instance).exec();
  }

  /** People whose grace ended without their coming back, each answered once across replicas: they left. */
  async departures(): Promise<Array<{ roomId: number; userId: number }>> {
    const left: Array<{ roomId: number; userId: number }> = [];
    for (;;) {
      const batch = await this.commands().chatPresenceDue(AWAY_DUE_KEY, Date.now(), DUE_BATCH, AWAY_PREFIX);
      for (const member of batch) {
        const [roomId, userId] = member.split('|').map(Number);
        left.push({ roomId, userId });
      }
      if (batch.length < DUE_BATCH) return left;
    }
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
