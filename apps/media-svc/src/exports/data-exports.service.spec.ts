import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { DATA_EXPORT_INTERVAL_SECONDS, DATA_EXPORT_STALE_SECONDS, DATA_EXPORT_TTL_SECONDS, DataExportEvents, ErrorCode } from '@app/contracts';
import { REDIS, RpcClient } from '@app/server';
import { Readable } from 'node:stream';
import { ObjectStorage } from '../storage/object-storage.repository';
import { DataExport } from './data-export.entity';
import { DataExportBuilder } from './data-export-builder';
import { DataExportLinks, type ExportLinkClaims } from './data-export-links';
import { DataExportsRepository, type MadeZip } from './data-exports.repository';
import { DataExportsService } from './data-exports.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// "Download my data": one export a day (a failed or lost one not counting), the state a person
// sees, the download link held to its owner and its week, the job and the hourly sweep, over typed
// fakes of the jobs' records, the zip's builder, the links, the bucket, NATS and Redis (the ask's
// lock). Whole zips, real links and the mail run in tests/api/data-export.int-spec.ts.

const NOW = new Date('2026-11-29T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);
const later = (seconds: number) => new Date(NOW.getTime() + seconds * 1000);
const USER = 11;
const url = (claims: ExportLinkClaims) => `/api/users/me/export/download?token=${claims.exportId}.${claims.expiresAt}`;

const jobOf = (fields: Partial<DataExport> = {}) => Object.assign(new DataExport(), { id: 'job-1', userId: USER, state: 'asked', askedAt: NOW, ...fields });
/** A job whose zip was made at `readyAt` and is kept until `expiresAt`. */
const readyJob = (fields: Partial<DataExport> = {}) =>
  jobOf({ state: 'ready', askedAt: ago(3600), readyAt: ago(3000), expiresAt: later(DATA_EXPORT_TTL_SECONDS - 3000), key: `exports/${USER}/job-1.zip`, size: 4096, ...fields });

async function build({ jobs = [] as DataExport[], locked = false, zip = async () => ({ size: 4096 }) } = {}) {
  const rows = [...jobs];
  const repository = {
    latestOf: fn(async (...[userId]: [number]) => rows.filter((job) => job.userId === userId).sort((a, b) => b.askedAt.getTime() - a.askedAt.getTime())[0] ?? null),
    findById: fn(async (...[id]: [string]) => rows.find((job) => job.id === id) ?? null),
    findOf: fn(async (...[userId, id]: [number, string]) => rows.find((job) => job.id === id && job.userId === userId) ?? null),
    add: fn(async (...[job]: [DataExport]) => void rows.push(job)),
    markReady: fn(async (...[id, made]: [string, MadeZip]) => void Object.assign(rows.find((job) => job.id === id) as DataExport, { state: 'ready' }, made)),
    markFailed: fn(async (...[id]: [string]) => void Object.assign(rows.find((job) => job.id === id) as DataExport, { state: 'failed' })),
    expiredZips: fn(async (...[now, limit]: [Date, number]) => rows.filter((job) => job.key !== null && job.expiresAt !== null && job.expiresAt <= now).slice(0, limit)),
    forgetZips: fn(async (...[ids]: [string[]]) => rows.filter((job) => ids.includes(job.id)).forEach((job) => (job.key = null))),
  } satisfies Fake<DataExportsRepository>;
  const builder = { build: fn<[number, string], Promise<{ size: number }>>(zip) } satisfies Fake<DataExportBuilder>;
  const links = {
    downloadUrl: fn(async (...[, claims]: [number, ExportLinkClaims]) => url(claims)),
    // A token names its export and expiry; it is signed for USER alone.
    verify: fn(async (...[userId, token]: [number, string]) => {
      const [exportId, expiry] = token.split('.');
      return userId === USER && exportId && expiry ? { exportId, expiresAt: Number(expiry) } : null;
    }),
  } satisfies Fake<DataExportLinks>;
  const body = Readable.from(['zip']);
  const storage = { getWhole: fn(async () => body), remove: fn(async () => undefined) } satisfies Fake<ObjectStorage>;
  const rpc = { emit: fn(async () => undefined) } satisfies Fake<RpcClient>;
  const held = new Set<string>(locked ? [`exports:ask:${USER}`] : []);
  const redis = {
    set: jest.fn(async (key: string) => (held.has(key) ? null : (held.add(key), 'OK'))),
    del: jest.fn(async (key: string) => Number(held.delete(key))),
  };
  const module = await Test.createTestingModule({
    providers: [
      DataExportsService,
      { provide: DataExportsRepository, useValue: repository },
      { provide: DataExportBuilder, useValue: builder },
      { provide: DataExportLinks, useValue: links },
      { provide: ObjectStorage, useValue: storage },
      { provide: RpcClient, useValue: rpc },
      { provide: REDIS, useValue: redis },
    ],
  }).compile();
  module.useLogger(false);
  return { service: module.get(DataExportsService), repository, rows, builder, storage, rpc, redis, held, body };
}

beforeAll(() => jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined));

describe('DataExportsService', () => {
  describe('the state a person sees', () => {
    it('is none before any ask', async () => {
      const { service } = await build();
      expect(await service.status(USER, NOW)).toEqual({ state: 'none', askedAt: null, readyAt: null, expiresAt: null, downloadUrl: null, nextAskAt: null });
    });

    it('is ready with its link and expiry while the zip is kept, and says when the day is over', async () => {
      const job = readyJob();
      const { service } = await build({ jobs: [job] });
      expect(await service.status(USER, NOW)).toEqual({
        state: 'ready',
        askedAt: job.askedAt.toISOString(),
        readyAt: (job.readyAt as Date).toISOString(),
        expiresAt: (job.expiresAt as Date).toISOString(),
        downloadUrl: url({ exportId: 'job-1', expiresAt: (job.expiresAt as Date).getTime() / 1000 }),
        nextAskAt: later(DATA_EXPORT_INTERVAL_SECONDS - 3600).toISOString(),
      });
    });

    it('is expired once the week is over or the zip is deleted, with no link', async () => {
      const past = await build({ jobs: [readyJob({ askedAt: ago(8 * 86400), expiresAt: ago(1) })] });
      expect(await past.service.status(USER, NOW)).toMatchObject({ state: 'expired', expiresAt: null, downloadUrl: null, nextAskAt: null });
      const deleted = await build({ jobs: [readyJob({ key: null })] });
      expect(await deleted.service.status(USER, NOW)).toMatchObject({ state: 'expired', downloadUrl: null });
    });

    it('shows the last ask only', async () => {
      const { service } = await build({ jobs: [readyJob({ id: 'old', askedAt: ago(3 * 86400) }), jobOf({ id: 'new', state: 'failed', askedAt: ago(60) })] });
      expect(await service.status(USER, NOW)).toMatchObject({ state: 'failed', askedAt: ago(60).toISOString() });
    });

    it(`calls a job still asked after ${DATA_EXPORT_STALE_SECONDS} s failed (lost to a restart), which does not use up the day`, async () => {
      const fresh = await build({ jobs: [jobOf({ askedAt: ago(DATA_EXPORT_STALE_SECONDS - 1) })] });
      expect(await fresh.service.status(USER, NOW)).toMatchObject({ state: 'asked', nextAskAt: later(DATA_EXPORT_INTERVAL_SECONDS - DATA_EXPORT_STALE_SECONDS + 1).toISOString() });
      const lost = await build({ jobs: [jobOf({ askedAt: ago(DATA_EXPORT_STALE_SECONDS) })] });
      expect(await lost.service.status(USER, NOW)).toMatchObject({ state: 'failed', nextAskAt: null });
    });
  });

  describe('asking', () => {
    it('records the ask, answers it asked and makes the zip in the background', async () => {
      const { service, rows, builder, held } = await build();
      expect(await service.ask(USER, NOW)).toMatchObject({ state: 'asked', askedAt: NOW.toISOString(), downloadUrl: null, nextAskAt: later(DATA_EXPORT_INTERVAL_SECONDS).toISOString() });
      expect(rows).toHaveLength(1);
      expect(held.size).toBe(0);
      await eventually(() => expect(rows[0].state).toBe('ready'));
      expect(builder.build).toHaveBeenCalledWith(USER, `exports/${USER}/${rows[0].id}.zip`);
    });

    it('refuses another ask within a day of one that counts (429, when to ask again)', async () => {
      for (const job of [jobOf({ askedAt: ago(60) }), readyJob(), readyJob({ expiresAt: ago(1), key: null })]) {
        const { service, repository, held } = await build({ jobs: [job] });
        const nextAskAt = new Date(job.askedAt.getTime() + DATA_EXPORT_INTERVAL_SECONDS * 1000);
        expect(await refusal(service.ask(USER, NOW))).toEqual({
          status: 429,
          code: ErrorCode.TooManyRequests,
          message: expect.any(String),
          messageCode: { code: 'export_too_soon' },
          details: { retryAfterSeconds: (nextAskAt.getTime() - NOW.getTime()) / 1000, nextAskAt: nextAskAt.toISOString() },
        });
        expect(repository.add).not.toHaveBeenCalled();
        expect(held.size).toBe(0);
      }
    });

    it('takes a new ask a day after the last, or after one that failed or was lost', async () => {
      for (const job of [readyJob({ askedAt: ago(DATA_EXPORT_INTERVAL_SECONDS), expiresAt: later(1) }), jobOf({ state: 'failed', askedAt: ago(60) }), jobOf({ askedAt: ago(DATA_EXPORT_STALE_SECONDS) })]) {
        const { service, repository } = await build({ jobs: [job] });
        await expect(service.ask(USER, NOW)).resolves.toMatchObject({ state: 'asked' });
        expect(repository.add).toHaveBeenCalledTimes(1);
      }
    });

    it('refuses an ask while another of the same person is being recorded (429), leaving its lock alone', async () => {
      const { service, repository, held } = await build({ locked: true });
      expect(await refusal(service.ask(USER, NOW))).toMatchObject({ status: 429, messageCode: { code: 'export_too_soon' }, details: { retryAfterSeconds: 10, nextAskAt: null } });
      expect(repository.latestOf).not.toHaveBeenCalled();
      expect(held.has(`exports:ask:${USER}`)).toBe(true);
    });
  });

  describe('the job', () => {
    it('stores the zip, keeps it a week from when it was ready (whole seconds) and has the link mailed', async () => {
      const { service, rows, rpc, repository } = await build({ jobs: [jobOf()] });
      await service.run('job-1');
      const [job] = rows;
      expect(job).toMatchObject({ state: 'ready', key: `exports/${USER}/job-1.zip`, size: 4096 });
      const expiresAt = job.expiresAt as Date;
      expect(expiresAt.getTime() % 1000).toBe(0);
      expect(expiresAt.getTime() - Math.floor((job.readyAt as Date).getTime() / 1000) * 1000).toBe(DATA_EXPORT_TTL_SECONDS * 1000);
      expect(repository.markReady).toHaveBeenCalledWith('job-1', { key: job.key, size: 4096, readyAt: job.readyAt, expiresAt });
      expect(rpc.emit).toHaveBeenCalledWith(DataExportEvents.Ready, {
        userId: USER,
        downloadUrl: url({ exportId: 'job-1', expiresAt: expiresAt.getTime() / 1000 }),
        expiresAt: expiresAt.toISOString(),
      });
    });

    it('marks a job whose zip could not be made failed and deletes what was stored of it', async () => {
      const { service, rows, storage, rpc } = await build({ jobs: [jobOf()], zip: () => Promise.reject(new Error('chat-svc did not answer')) });
      await service.run('job-1');
      expect(rows[0].state).toBe('failed');
      expect(storage.remove).toHaveBeenCalledWith(`exports/${USER}/job-1.zip`);
      expect(rpc.emit).not.toHaveBeenCalled();
    });

    it('marks the job failed when the mail cannot be asked for', async () => {
      const { service, rows, rpc, storage } = await build({ jobs: [jobOf()] });
      rpc.emit.mockRejectedValueOnce(new Error('no NATS'));
      await service.run('job-1');
      expect(rows[0].state).toBe('failed');
      expect(storage.remove).toHaveBeenCalledWith(`exports/${USER}/job-1.zip`);
    });

    it('runs only a job still asked', async () => {
      const { service, builder } = await build({ jobs: [readyJob(), jobOf({ id: 'job-2', state: 'failed' })] });
      await service.run('job-1');
      await service.run('job-2');
      await service.run('nobody');
      expect(builder.build).not.toHaveBeenCalled();
    });

    it('keeps making the next jobs after one fails', async () => {
      let fail = true;
      const built = await build({ zip: async () => (fail ? ((fail = false), Promise.reject(new Error('bucket down'))) : { size: 1 }) });
      await built.service.ask(USER, NOW);
      await eventually(() => expect(built.rows[0].state).toBe('failed'));
      await built.service.ask(USER, later(60));
      await eventually(() => expect(built.rows[1].state).toBe('ready'));
    });
  });

  describe('downloading', () => {
    const token = (job: DataExport) => `${job.id}.${(job.expiresAt as Date).getTime() / 1000}`;

    it("streams the owner's zip while the link and the zip are in their week", async () => {
      const job = readyJob();
      const { service, storage, body } = await build({ jobs: [job] });
      expect(await service.download(USER, token(job), NOW)).toEqual({ ok: true, body, size: 4096, askedAt: job.askedAt });
      expect(storage.getWhole).toHaveBeenCalledWith(job.key);
    });

    it("refuses a link not signed for the session's person (403)", async () => {
      const job = readyJob();
      const { service, storage } = await build({ jobs: [job] });
      expect(await service.download(12, token(job), NOW)).toMatchObject({ ok: false, status: 403, refusal: { code: 'export_link_invalid' } });
      expect(storage.getWhole).not.toHaveBeenCalled();
    });

    it('answers 404 not ready for a job not made, failed or unknown', async () => {
      for (const job of [jobOf({ expiresAt: later(60) }), jobOf({ state: 'failed', expiresAt: later(60) })]) {
        const { service } = await build({ jobs: [job] });
        expect(await service.download(USER, token(job), NOW)).toMatchObject({ ok: false, status: 404, refusal: { code: 'export_not_ready' } });
      }
      expect(await (await build()).service.download(USER, `job-9.${later(60).getTime() / 1000}`, NOW)).toMatchObject({ status: 404, refusal: { code: 'export_not_ready' } });
    });

    it('answers 404 expired once the zip is past its week or deleted, or the link past its own expiry', async () => {
      const past = readyJob({ expiresAt: NOW });
      expect(await (await build({ jobs: [past] })).service.download(USER, token(past), NOW)).toMatchObject({ status: 404, refusal: { code: 'export_expired' } });
      const deleted = readyJob({ key: null });
      expect(await (await build({ jobs: [deleted] })).service.download(USER, token(deleted), NOW)).toMatchObject({ status: 404, refusal: { code: 'export_expired' } });
      const job = readyJob();
      expect(await (await build({ jobs: [job] })).service.download(USER, `job-1.${NOW.getTime() / 1000}`, NOW)).toMatchObject({ status: 404, refusal: { code: 'export_expired' } });
    });
  });

  describe('the sweep', () => {
    it('deletes the zips past their week and notes them deleted, leaving the others', async () => {
      const { service, rows, storage, repository } = await build({
        jobs: [readyJob({ id: 'a', key: 'exports/11/a.zip', expiresAt: NOW }), readyJob({ id: 'b', key: 'exports/11/b.zip' }), readyJob({ id: 'c', key: null, expiresAt: ago(60) })],
      });
      expect(await service.sweep(NOW)).toBe(1);
      expect(storage.remove.mock.calls).toEqual([['exports/11/a.zip']]);
      expect(rows.map((job) => job.key)).toEqual([null, 'exports/11/b.zip', null]);
      expect(repository.expiredZips).toHaveBeenCalledWith(NOW, 500);
    });

    it('notes none deleted when the bucket fails, so the next sweep tries them again', async () => {
      const { service, storage, repository } = await build({ jobs: [readyJob({ expiresAt: ago(1) })] });
      storage.remove.mockRejectedValueOnce(new Error('bucket down'));
      await expect(service.sweep(NOW)).rejects.toThrow('bucket down');
      expect(repository.forgetZips).not.toHaveBeenCalled();
    });
  });
});

/** Waits for a background job to reach what `check` expects. */
async function eventually(check: () => void): Promise<void> {
  for (let tries = 0; ; tries++) {
    try {
      check();
      return;
    } catch (error) {
      if (tries >= 50) throw error;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
}
