import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { ChatPatterns, LINK_PREVIEW_LIMITS, PREVIEW_IMAGES_PER_ASK } from '@app/contracts';
import { RpcClient } from '@app/server';
import { ObjectStorage } from '../storage/object-storage.repository';
import { PreviewImageSweeper } from './preview-image-sweeper.service';
import { PreviewImagesRepository, type StoredPreviewImage } from './preview-images.repository';
import { fn, statementLog, type Fake } from '@app/testing/fakes';

// The sweep of link preview pictures no message shows, over typed fakes of their records, the
// bucket and chat-svc (`chat` answers which pictures are still shown); the records' statements
// are pinned below.

const image = (n: number): StoredPreviewImage => ({ id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, key: `preview/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.webp` });
const urlOf = (stored: StoredPreviewImage) => `/media/${stored.key}`;

async function build(due: StoredPreviewImage[], chat: (urls: string[]) => Promise<string[]>) {
  const images = {
    dueForCheck: fn(async () => due),
    markChecked: fn(async () => undefined),
    forget: fn(async () => undefined),
  } satisfies Fake<PreviewImagesRepository>;
  const storage = { remove: fn(async () => undefined) } satisfies Fake<ObjectStorage>;
  const asked: string[][] = [];
  const rpc = {
    request: jest.fn(async (_pattern: string, { urls }: { urls: string[] }) => {
      asked.push(urls);
      return { urls: await chat(urls) };
    }),
  };
  const module = await Test.createTestingModule({
    providers: [
      PreviewImageSweeper,
      { provide: PreviewImagesRepository, useValue: images },
      { provide: ObjectStorage, useValue: storage },
      { provide: RpcClient, useValue: rpc },
    ],
  }).compile();
  return { sweep: module.get(PreviewImageSweeper), images, storage, rpc, asked };
}

beforeAll(() => jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined));

describe('PreviewImageSweeper', () => {
  it('deletes the bytes and then the records of the pictures chat-svc does not name, and notes the check of the others', async () => {
    const [shown, unused] = [image(1), image(2)];
    const { sweep, images, storage, rpc } = await build([shown, unused], async () => [urlOf(shown)]);
    const storedBefore = new Date('2026-11-27T00:00:00Z');
    expect(await sweep.sweep(storedBefore)).toEqual([urlOf(unused)]);
    expect(images.dueForCheck).toHaveBeenCalledWith(storedBefore, LINK_PREVIEW_LIMITS.imageSweepBatch);
    expect(rpc.request).toHaveBeenCalledWith(ChatPatterns.LinkPreviewImagesInUse, { urls: [urlOf(shown), urlOf(unused)] }, expect.any(Number));
    expect(storage.remove.mock.calls).toEqual([[unused.key]]);
    expect(images.forget).toHaveBeenCalledWith([unused.id]);
    expect(storage.remove.mock.invocationCallOrder[0]).toBeLessThan(images.forget.mock.invocationCallOrder[0]);
    expect(images.markChecked).toHaveBeenCalledWith([shown.id], expect.any(Date));
  });

  it('deletes nothing when chat-svc does not answer', async () => {
    const { sweep, images, storage } = await build([image(1), image(2)], () => Promise.reject(new Error('chat-svc did not answer')));
    await expect(sweep.sweep(new Date())).rejects.toThrow('chat-svc did not answer');
    expect(storage.remove).not.toHaveBeenCalled();
    expect(images.forget).not.toHaveBeenCalled();
  });

  it('keeps the record of a picture whose bytes could not be deleted, for the next sweep', async () => {
    const { sweep, images, storage } = await build([image(1)], async () => []);
    storage.remove.mockRejectedValueOnce(new Error('bucket down'));
    await expect(sweep.sweep(new Date())).rejects.toThrow('bucket down');
    expect(images.forget).not.toHaveBeenCalled();
  });

  it(`asks about ${PREVIEW_IMAGES_PER_ASK} pictures at a time`, async () => {
    const due = Array.from({ length: PREVIEW_IMAGES_PER_ASK + 1 }, (_, n) => image(n + 1));
    const { sweep, asked } = await build(due, async (urls) => urls);
    expect(await sweep.sweep(new Date())).toEqual([]);
    expect(asked.map((urls) => urls.length)).toEqual([PREVIEW_IMAGES_PER_ASK, 1]);
  });
});

describe('PreviewImagesRepository', () => {
  const ids = [image(1).id, image(2).id];

  it('reads the preview pictures stored before a time, those checked longest ago (or never) first', async () => {
    const { em, statements } = statementLog([{ rows: [image(1)] }]);
    const storedBefore = new Date('2026-11-27T00:00:00Z');
    expect(await new PreviewImagesRepository(em as unknown as EntityManager).dueForCheck(storedBefore, 1000)).toEqual([image(1)]);
    expect(statements).toEqual([
      {
        sql: `select id, key from media_objects where purpose = 'preview' and created_at < ? order by checked_at asc nulls first, created_at limit ?`,
        params: [storedBefore, 1000],
      },
    ]);
  });

  it('notes the pictures checked, and forgets only preview pictures', async () => {
    const { em, statements } = statementLog();
    const repository = new PreviewImagesRepository(em as unknown as EntityManager);
    const at = new Date('2026-11-29T00:00:00Z');
    await repository.markChecked(ids, at);
    await repository.forget(ids);
    expect(statements).toEqual([
      { sql: 'update media_objects set checked_at = ? where id = any(?::uuid[])', params: [at, ids] },
      { sql: `delete from media_objects where id = any(?::uuid[]) and purpose = 'preview'`, params: [ids] },
    ]);
  });

  it('runs nothing for no pictures', async () => {
    const { em, statements } = statementLog();
    const repository = new PreviewImagesRepository(em as unknown as EntityManager);
    await repository.markChecked([], new Date());
    await repository.forget([]);
    expect(statements).toEqual([]);
  });
});
