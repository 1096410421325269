import { Inject, Injectable, Logger } from '@nestjs/common';
import { FALLBACK_USD_INR_RATE, FX_CACHE_SECONDS, FX_TIMEOUT_MS } from '@app/contracts';
import { REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { MarketplaceEnv } from '../config/marketplace-env';

const CACHE_KEY = 'marketplace:fx:usd-inr';
/** A failing provider is asked again after a minute, not on every request. */
const FAILURE_CACHE_SECONDS = 60;

/** The USD-INR rate from the configured provider, kept an hour in Redis for every replica. */
@Injectable()
export class FxRateService {
  private readonly logger = new Logger(FxRateService.name);
  private readonly url: string;

  constructor(@Inject(REDIS) private readonly redis: Redis, env: MarketplaceEnv) {
    this.url = env.FX_RATE_URL;
  }

  async usdToInr(): Promise<number> {
    if (!this.url) return FALLBACK_USD_INR_RATE;
    const cached = Number(await this.redis.get(CACHE_KEY).catch(() => null));
    if (cached > 0) return cached;
    const fetched = await this.fetchRate();
    const rate = fetched ?? FALLBACK_USD_INR_RATE;
    await this.redis.set(CACHE_KEY, String(rate), 'EX', fetched ? FX_CACHE_SECONDS : FAILURE_CACHE_SECONDS).catch(() => undefined);
    return rate;
  }

  private async fetchRate(): Promise<number | null> {
    try {
      const response = await fetch(this.url, { signal: AbortSignal.timeout(FX_TIMEOUT_MS), headers: { accept: 'application/json' } });
      if (!response.ok) throw new Error(`status ${response.status}`);
      const rate = readRate(await response.json());
      if (rate === null) throw new Error('no usd.inr rate in the answer');
      return rate;
    } catch (error) {
      this.logger.warn(`USD-INR rate unavailable, using ${FALLBACK_USD_INR_RATE}: ${(error as Error).message}`);
      return null;
    }
  }
}

/** Accepts `{ usd: { inr } }` (the spec's lookup) and `{ rates: { INR } }` (common providers). */
function readRate(body: unknown): number | null {
  const value = (body as { usd?: { inr?: unknown } })?.usd?.inr ?? (body as { rates?: { INR?: unknown } })?.rates?.INR;
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : null;
}
