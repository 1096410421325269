import { Injectable } from '@nestjs/common';
import { AuthPatterns, SESSION_BATCH_MAX, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { createHash } from 'node:crypto';
import { GatewayEnv } from '../config/gateway-env';
import { BatchAdmission } from './admission';

const CACHE_MS = 5000;
/** A look-up still waiting for its turn after this long is refused: the socket is told to try again (1013). */
const LOOKUP_MAX_WAIT_MS = 60_000;

interface CacheEntry {
  user: UserDto | null;
  expires: number;
}

interface PendingLookup {
  answer: Promise<UserDto | null>;
  wanted: Array<() => boolean>;
}

const always = () => true;

/** How long an invalidation is remembered: longer than any look-up may wait for its turn. */
const INVALIDATIONS_KEPT_MS = 2 * LOOKUP_MAX_WAIT_MS;

/**
 * Resolves a session cookie to its user through auth-svc. Answers are kept a few seconds so a
 * page load's burst of calls costs one lookup; a logout or role change drops them by event.
 */
@Injectable()
export class SessionService {
  private readonly cache = new Map<string, CacheEntry>();
  /** Look-ups on their way, by token hash: callers asking for the same session at once share one. */
  private readonly pending = new Map<string, PendingLookup>();
  private readonly lookups: BatchAdmission<string, UserDto | null>;
  private nextSweep = 0;
  /** Counts invalidations; each session or user invalidated keeps the count it was given, and when. */
  private invalidationCount = 0;
  private readonly invalidated = new Map<string, { count: number; at: number }>();

  constructor(
    private readonly rpc: RpcClient,
    env: GatewayEnv,
  ) {
    this.lookups = new BatchAdmission(env.SESSION_LOOKUPS_IN_FLIGHT, SESSION_BATCH_MAX, LOOKUP_MAX_WAIT_MS, (tokens) =>
      this.rpc.request(AuthPatterns.ResolveSessions, { tokens }),
    );
  }

  /**
   * `stillWanted` is asked when the look-up's turn comes: once no caller wants it any more (every
   * socket waiting for it closed), it costs auth-svc nothing.
   */
  async resolve(token: string | undefined, stillWanted: () => boolean = always): Promise<UserDto | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.user;
    const joining = this.pending.get(key);
    if (joining) {
      joining.wanted.push(stillWanted);
      return joining.answer;
    }
    const wanted = [stillWanted];
    const asked = this.mark();
    const answer = this.lookups
      .run(token, () => wanted.some((want) => want()))
      .then((user) => {
        const now = Date.now();
        // An answer that an invalidation overtook may be stale: it is given, not kept.
        if (!this.invalidatedSince(asked, token, user?.id)) this.cache.set(key, { user, expires: now + CACHE_MS });
        // Swept by time, not size: an idle socket's entry would otherwise stay for its whole life.
        if (now >= this.nextSweep) this.evictExpired(now);
        return user;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, { answer, wanted });
    return answer;
  }

  /**
   * Many sessions in few look-ups (the sockets whose periodic check fell due together), answered
   * in the tokens' order: auth-svc reads them with one query per batch, not one per socket.
   */
  async resolveMany(tokens: string[]): Promise<Array<UserDto | null>> {
    const users: Array<UserDto | null> = [];
    for (let i = 0; i < tokens.length; i += SESSION_BATCH_MAX) {
      users.push(...(await this.rpc.request(AuthPatterns.ResolveSessions, { tokens: tokens.slice(i, i + SESSION_BATCH_MAX) })));
    }
    const expires = Date.now() + CACHE_MS;
    tokens.forEach((token, i) => this.cache.set(hashToken(token), { user: users[i], expires }));
    return users;
  }

  /**
   * Ends a session in auth-svc (with everywhere, every session of its user) and forgets it here
   * at once: the next request on this gateway must not find it in the cache. Other gateways
   * hear auth-svc's event.
   */
  async end(token: string, options: { everywhere?: boolean; userId?: number } = {}): Promise<void> {
    await this.rpc.request(AuthPatterns.DestroySession, { token, everywhere: !!options.everywhere });
    this.cache.delete(hashToken(token));
    if (options.everywhere && options.userId !== undefined) this.invalidate(options.userId);
  }

  /** Where the count of invalidations stands now, for invalidatedSince. */
  mark(): number {
    return this.invalidationCount;
  }

  /**
   * Whether the session (or every session of its user) was invalidated after `mark` gave `since`:
   * a socket whose session was looked up meanwhile was not there yet for the event to close.
   */
  invalidatedSince(since: number, token: string, userId?: number): boolean {
    const bySession = this.invalidated.get(`t:${hashToken(token)}`);
    const byUser = userId === undefined ? undefined : this.invalidated.get(`u:${userId}`);
    return (bySession?.count ?? 0) > since || (byUser?.count ?? 0) > since;
  }

  /** Forget one session (tokenHash) or every cached session of a user. */
  invalidate(userId: number, tokenHash?: string) {
    this.remember(tokenHash ? `t:${tokenHash}` : `u:${userId}`);
    if (tokenHash) {
      this.cache.delete(tokenHash);
      return;
    }
    for (const [key, entry] of this.cache) if (entry.user?.id === userId) this.cache.delete(key);
  }

  private remember(key: string) {
    const now = Date.now();
    // Deleted first, so the map stays in the order of `at` and the sweep below may stop at the first young one.
    this.invalidated.delete(key);
    this.invalidated.set(key, { count: ++this.invalidationCount, at: now });
    for (const [known, { at }] of this.invalidated) {
      if (now - at < INVALIDATIONS_KEPT_MS) break;
      this.invalidated.delete(known);
    }
  }

  private evictExpired(now: number) {
    this.nextSweep = now + CACHE_MS;
    for (const [key, entry] of this.cache) if (entry.expires <= now) this.cache.delete(key);
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
