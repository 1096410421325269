import { Injectable } from '@nestjs/common';
import { AuthPatterns, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { createHash } from 'node:crypto';

const CACHE_MS = 5000;

interface CacheEntry {
  user: UserDto | null;
  expires: number;
}

/**
 * Resolves a session cookie to its user through auth-svc. Answers are kept a few seconds so a
 * page load's burst of calls costs one lookup; a logout or role change drops them by event.
 */
@Injectable()
export class SessionService {
  private readonly cache = new Map<string, CacheEntry>();

  constructor(private readonly rpc: RpcClient) {}

  async resolve(token: string | undefined): Promise<UserDto | null> {
    if (!token || token.length > 200) return null;
    const key = hashToken(token);
    const hit = this.cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.user;
    const user = await this.rpc.request(AuthPatterns.ResolveSession, { token });
    this.cache.set(key, { user, expires: Date.now() + CACHE_MS });
    if (this.cache.size > 10_000) this.evictExpired();
    return user;
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

  /** Forget one session (tokenHash) or every cached session of a user. */
  invalidate(userId: number, tokenHash?: string) {
    if (tokenHash) {
      this.cache.delete(tokenHash);
      return;
    }
    for (const [key, entry] of this.cache) if (entry.user?.id === userId) this.cache.delete(key);
  }

  private evictExpired() {
    const now = Date.now();
    for (const [key, entry] of this.cache) if (entry.expires <= now) this.cache.delete(key);
  }
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
