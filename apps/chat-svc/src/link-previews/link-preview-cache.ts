import { Inject, Injectable } from '@nestjs/common';
import type { LinkPreviewDto } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { createHash } from 'node:crypto';

/** Previews by link, shared by every replica, so a popular link is fetched once; a link that gave none is remembered too, for less long. */
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
}

function keyOf(link: string): string {
  return `chat:link-preview:${createHash('sha256').update(link).digest('hex')}`;
}
