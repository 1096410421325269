import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import {
  DATA_EXPORT_INTERVAL_SECONDS,
  DATA_EXPORT_STALE_SECONDS,
  DATA_EXPORT_TTL_SECONDS,
  DataExportEvents,
  ErrorCode,
  fieldMessage,
  type FieldMessage,
  type DataExportReadyEvent,
  type DataExportStatusDto,
} from '@app/contracts';
import { REDIS, RpcClient, rpcError, runEvery } from '@app/server';
import type { Redis } from 'ioredis';
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { ObjectStorage } from '../storage/object-storage.repository';
import { DataExport } from './data-export.entity';
import { DataExportBuilder } from './data-export-builder';
import { DataExportLinks } from './data-export-links';
import { DataExportsRepository } from './data-exports.repository';

const SWEEP_EVERY_MS = 60 * 60 * 1000;
/** Zips deleted by one sweep at most; the next one takes the rest. */
const SWEEP_BATCH = 500;
/** Held while one ask is checked and recorded, so two at once make one export. */
const ASK_LOCK_MS = 10_000;

export type DownloadOutcome =
  | { ok: true; body: Readable; size: number; askedAt: Date }
  | { ok: false; status: 403 | 404; refusal: FieldMessage };

/**
 * "Download my data": one export a person a day, made in the background (one at a time on each
 * replica), kept for DATA_EXPORT_TTL_SECONDS under exports/ and then deleted by the hourly sweep.
 * A job still "asked" after DATA_EXPORT_STALE_SECONDS was lost to a restart and may be asked again.
 */
@Injectable()
export class DataExportsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(DataExportsService.name);
  private queue: Promise<void> = Promise.resolve();
  private stopSweep?: () => void;

  constructor(
    private readonly jobs: DataExportsRepository,
    private readonly builder: DataExportBuilder,
    private readonly links: DataExportLinks,
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  onApplicationBootstrap() {
    this.stopSweep = runEvery(SWEEP_EVERY_MS, () => this.sweep(), { logger: this.logger, what: 'Deleting expired data exports' }, { atStart: true });
  }

  onApplicationShutdown() {
    this.stopSweep?.();
  }

  async status(userId: number, now = new Date()): Promise<DataExportStatusDto> {
    return this.statusOf(await this.jobs.latestOf(userId), now);
  }

  /** Records the ask and starts the job; 429 with when to ask again within a day of the last one. */
  async ask(userId: number, now = new Date()): Promise<DataExportStatusDto> {
    const lock = `exports:ask:${userId}`;
    if ((await this.redis.set(lock, '1', 'PX', ASK_LOCK_MS, 'NX')) !== 'OK') throw tooSoon(ASK_LOCK_MS / 1000, null);
    try {
      const current = await this.statusOf(await this.jobs.latestOf(userId), now);
      if (current.nextAskAt) {
        const seconds = Math.ceil((Date.parse(current.nextAskAt) - now.getTime()) / 1000);
        throw tooSoon(seconds, current.nextAskAt);
      }
      const job = new DataExport();
      job.id = randomUUID();
      job.userId = userId;
      job.askedAt = now;
      await this.jobs.add(job);
      // One job after another; a job that cannot even record its failure must not stop the ones after it.
      this.queue = this.queue.then(() => this.run(job.id)).catch((error: Error) => this.logger.error(`Data export ${job.id} stopped: ${error.message}`));
      return this.statusOf(job, now);
    } finally {
      await this.redis.del(lock);
    }
  }

  /** The zip behind a download link, for the person whose session follows it. */
  async download(userId: number, token: string, now = new Date()): Promise<DownloadOutcome> {
    const claims = await this.links.verify(userId, token);
    if (!claims) return { ok: false, status: 403, refusal: fieldMessage('export_link_invalid') };
    const job = await this.jobs.findOf(userId, claims.exportId);
    if (!job || job.state !== 'ready') return { ok: false, status: 404, refusal: fieldMessage('export_not_ready') };
    if (!job.key || !job.expiresAt || job.expiresAt <= now || claims.expiresAt * 1000 <= now.getTime()) return { ok: false, status: 404, refusal: fieldMessage('export_expired') };
    return { ok: true, body: await this.storage.getWhole(job.key), size: job.size ?? 0, askedAt: job.askedAt };
  }

  /** Makes the zip, marks the job ready and has auth-svc mail the link; a failure marks it failed. */
  async run(id: string): Promise<void> {
    const job = await this.jobs.findById(id);
    if (!job || job.state !== 'asked') return;
    const key = `exports/${job.userId}/${job.id}.zip`;
    try {
      const { size } = await this.builder.build(job.userId, key);
      const readyAt = new Date();
      // Whole seconds: the link carries the expiry in seconds.
      const expiresAt = new Date(Math.floor(readyAt.getTime() / 1000) * 1000 + DATA_EXPORT_TTL_SECONDS * 1000);
      await this.jobs.markReady(job.id, { key, size, readyAt, expiresAt });
      const ready: DataExportReadyEvent = {
        userId: job.userId,
        downloadUrl: await this.links.downloadUrl(job.userId, { exportId: job.id, expiresAt: expiresAt.getTime() / 1000 }),
        expiresAt: expiresAt.toISOString(),
      };
      await this.rpc.emit(DataExportEvents.Ready, ready);
      this.logger.log(`Data export ${job.id} of user ${job.userId} is ready (${size} bytes)`);
    } catch (error) {
      this.logger.error(`Data export ${job.id} of user ${job.userId} failed: ${(error as Error).message}`);
      await this.jobs.markFailed(job.id);
      await this.storage.remove(key).catch(() => undefined);
    }
  }

  /** Deletes the zips past their week. */
  async sweep(now = new Date()): Promise<number> {
    const expired = await this.jobs.expiredZips(now, SWEEP_BATCH);
    for (const job of expired) await this.storage.remove(job.key as string);
    await this.jobs.forgetZips(expired.map((job) => job.id));
    return expired.length;
  }

  private async statusOf(job: DataExport | null, now: Date): Promise<DataExportStatusDto> {
    if (!job) return { state: 'none', askedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, nextAskAt: null };
    const lost = job.state === 'asked' && job.askedAt.getTime() <= now.getTime() - DATA_EXPORT_STALE_SECONDS * 1000;
    const expired = job.state === 'ready' && (!job.key || !job.expiresAt || job.expiresAt <= now);
    const state = lost ? 'failed' : expired ? 'expired' : job.state;
    // A failed or lost job does not use up the day.
    const limitEnds = new Date(job.askedAt.getTime() + DATA_EXPORT_INTERVAL_SECONDS * 1000);
    const counts = state === 'asked' || job.state === 'ready';
    return {
      state,
      askedAt: job.askedAt.toISOString(),
      readyAt: job.readyAt?.toISOString() ?? null,
      expiresAt: state === 'ready' ? (job.expiresAt as Date).toISOString() : null,
      downloadUrl: state === 'ready' ? await this.links.downloadUrl(job.userId, { exportId: job.id, expiresAt: (job.expiresAt as Date).getTime() / 1000 }) : null,
      nextAskAt: counts && limitEnds > now ? limitEnds.toISOString() : null,
    };
  }
}

function tooSoon(retryAfterSeconds: number, nextAskAt: string | null) {
  return rpcError(429, ErrorCode.TooManyRequests, fieldMessage('export_too_soon'), { details: { retryAfterSeconds, nextAskAt } });
}
