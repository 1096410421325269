import { Inject, Injectable } from '@nestjs/common';
import type { LinkPreviewDto } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash, randomUUID } from 'node:crypto';
import { setTimeout as wait } from 'node:timers/promises';

/** How often a replica waiting for another's look-up reads the cache again. */
const WAIT_STEP_MS = 100;

/** Deletes the claim only while it is still the one taken: an expired claim taken again by another replica stays. */
const RELEASE = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) end return 0`;

/**
 * Previews by link, shared by every replica, so a popular link is fetched once; a link that gave
 * none is remembered too, for less long. While one replica looks a link up it holds a claim on
 * it, so the other replicas wait for its answer instead of fetching the same page at once.
 */
@Injectable()
export class LinkPreviewCache {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** The preview kept for the link (null: it gave none), or undefined when nothing is kept. */
  async get(link: string): Promise<LinkPreviewDto | null | undefined> {
    const raw = await this.redis.get(keyOf(link));
    return raw === null ? undefined : (JSON.parse(raw) as { preview: LinkPreviewDto | null }).preview;
  }

  async set(link: string, preview: LinkPreviewDto | null, seconds: number): Promise<void> {
    await this.redis.set(keyOf(link), JSON.stringify({ preview }), 'EX', seconds);
  }

  /**
   * Claims the look-up of a link for `ms` (a replica that dies holding it blocks nobody longer):
   * a token to release it with, or null when another replica holds it.
   */
  async claim(link: string, ms: number): Promise<string | null> {
    const token = randomUUID();
    return (await this.redis.set(claimKeyOf(link), token, 'PX', ms, 'NX')) === 'OK' ? token : null;
  }

  async release(link: string, token: string): Promise<void> {
    await this.redis.eval(RELEASE, 1, claimKeyOf(link), token);
  }

  /**
   * Waits while another replica holds the link's claim: its answer once kept, or undefined when
   * the claim ended (or `ms` passed) with nothing kept, so the caller looks the link up itself.
   */
  async answerOf(link: string, ms: number): Promise<LinkPreviewDto | null | undefined> {
    const until = Date.now() + ms;
    for (;;) {
      const [kept, claimed] = await Promise.all([this.get(link), this.redis.exists(claimKeyOf(link))]);
      if (kept !== undefined) return kept;
      if (!claimed || Date.now() >= until) return undefined;
      await wait(WAIT_STEP_MS);
    }
  }
}

function digestOf(link: string): string {
  return createHash('sha256').update(link).digest('hex');
}

function keyOf(link: string): string {
  return `chat:link-preview:${digestOf(link)}`;
}

/** The key a replica's claim on a link's look-up is kept under. */
export function claimKeyOf(link: string): string {
  return `chat:link-preview-claim:${digestOf(link)}`;
}
