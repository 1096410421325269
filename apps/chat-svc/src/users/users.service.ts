import { Injectable, Logger } from '@nestjs/common';
import { AuthPatterns, type UserSummary } from '@app/contracts';
import { RpcClient, RpcErrors } from '@app/server';
import { ChatUsersRepository, type KnownUser, type PrivacySettings } from './users.repository';

export type { KnownUser, PrivacySettings } from './users.repository';

const UNKNOWN_USER: Omit<UserSummary, 'id'> = { username: 'Unknown User', avatar: null, role: 'user' };
/** Last-seen times are kept to the minute: a steady sender costs one write a minute, not one per message. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

/**
 * The users read model: kept from auth-svc's events, from the session user of every call,
 * and filled on demand from auth-svc for ids it has not seen.
 */
@Injectable()
export class ChatUsersService {
  private readonly logger = new Logger(ChatUsersService.name);
  /** What was last written per user, so a steady sender costs no write per message. */
  private readonly written = new Map<number, string>();
  private readonly seenWritten = new Map<number, number>();

  constructor(
    private readonly store: ChatUsersRepository,
    private readonly rpc: RpcClient,
  ) {}

  /** Keeps the acting users' summaries, and notes them as seen now: one statement for each, whatever their number. */
  async remember(...users: UserSummary[]): Promise<void> {
    const keyOf = (user: UserSummary) => `${user.username}|${user.avatar ?? ''}|${user.role}`;
    const changed = [...new Map(users.filter((user) => this.written.get(user.id) !== keyOf(user)).map((user) => [user.id, user])).values()];
    if (changed.length > 0) {
      await this.upsert(changed);
      for (const user of changed) this.written.set(user.id, keyOf(user));
      if (this.written.size > 50_000) this.written.clear();
    }
    await this.touchLastSeen(...users.map((user) => user.id));
  }

  /** Summaries, and privacy settings where the event carries them (a summary alone leaves them as they are). */
  async upsert(users: KnownUser[]): Promise<void> {
    if (users.length === 0) return;
    await this.store.upsert(users);
    for (const u of users) this.written.delete(u.id);
  }

  /** Records activity now; at most one write a minute per user. */
  async touchLastSeen(...userIds: number[]): Promise<void> {
    const now = Date.now();
    const due = [...new Set(userIds)].filter((id) => now - (this.seenWritten.get(id) ?? 0) >= LAST_SEEN_RESOLUTION_MS);
    if (due.length > 0) await this.writeLastSeen(due, now);
  }

  /** Records activity now whenever it was last written (leaving a room). */
  async touchLastSeenNow(userId: number): Promise<void> {
    await this.writeLastSeen([userId], Date.now());
  }

  private async writeLastSeen(userIds: number[], now: number) {
    for (const id of userIds) this.seenWritten.set(id, now);
    if (this.seenWritten.size > 50_000) this.seenWritten.clear();
    await this.store.markSeen(userIds);
  }

  /** Privacy settings of these users; users not known here have the defaults. */
  async privacyOf(ids: number[]): Promise<Map<number, PrivacySettings>> {
    return this.store.privacyOf([...new Set(ids)]);
  }

  /** Of these users, the ones who keep their online status to themselves. */
  async hidingOnline(ids: number[]): Promise<Set<number>> {
    return this.store.hidingOnline([...new Set(ids)]);
  }

  /** Summaries with whether each keeps their online status to themselves: an online list in one query. */
  async withOnlineVisibility(ids: number[]): Promise<Map<number, UserSummary & { hidesOnline: boolean }>> {
    const unique = [...new Set(ids)];
    const found = await this.store.withOnlineVisibility(unique);
    const missing = unique.filter((id) => !found.has(id));
    // Not met here yet (rare: everyone in a room was remembered when they joined): asked of auth-svc, with the default settings.
    for (const [id, user] of await this.findMany(missing)) found.set(id, { ...user, hidesOnline: false });
    return found;
  }

  /** When each user was last seen, as others may see it: null for those who hide it. */
  async lastSeenOf(ids: number[]): Promise<Map<number, string | null>> {
    const seen = new Map<number, string | null>();
    for (const [id, { showLastSeen, lastSeenAt }] of await this.store.lastSeenOf([...new Set(ids)])) {
      seen.set(id, showLastSeen && lastSeenAt ? new Date(lastSeenAt).toISOString() : null);
    }
    return seen;
  }

  /** Users by id; ids unknown here are asked of auth-svc. Unknown everywhere: left out; strict: 503 while auth-svc does not answer. */
  async findMany(ids: number[], { strict = false } = {}): Promise<Map<number, UserSummary>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const found = await this.store.summaries(unique);
    const missing = unique.filter((id) => !found.has(id));
    if (missing.length > 0) {
      try {
        const fetched = await this.rpc.request(AuthPatterns.GetUsers, { ids: missing }, 3000);
        const users = fetched.map((u) => ({ id: u.id, username: u.username, avatar: u.avatar ?? null, role: u.role }));
        await this.upsert(users);
        for (const u of users) found.set(u.id, u);
      } catch (error) {
        this.logger.warn(`Cannot look up users ${missing.join(',')}: ${(error as Error).message}`);
        // Not knowing whether the user exists is not the same as knowing they do not.
        if (strict) throw RpcErrors.unavailable();
      }
    }
    return found;
  }

  static summary(id: number, users: Map<number, UserSummary>): UserSummary {
    return users.get(id) ?? { id, ...UNKNOWN_USER };
  }
}
