import { Test } from '@nestjs/testing';
import { DataExport } from '../exports/data-export.entity';
import { MediaObject } from '../objects/media-object.entity';
import { ObjectStorage } from '../storage/object-storage.repository';
import { MediaErasureController } from './media-erasure.controller';
import { MediaErasureRepository } from './media-erasure.repository';
import { fn, type Fake } from '@app/testing/fakes';

// media-svc's part of deleting an account, over typed fakes of the records (in memory) and the
// bucket; the whole erasure across the services runs in tests/api/account-deletion.int-spec.ts.

const USER = 11;
/** The uploads read and forgotten at once. */
const BATCH = 200;

const uploadOf = (n: number, ownerId = USER) => Object.assign(new MediaObject(), { id: `upload-${String(n).padStart(4, '0')}`, key: `chat/${n}.png`, ownerId });
const exportOf = (id: string, key: string | null) => Object.assign(new DataExport(), { id, userId: USER, key });

async function build(uploads: MediaObject[], exports: DataExport[] = []) {
  const rows = { uploads: [...uploads], exports: [...exports] };
  const records = {
    uploadsOf: fn(async (...[ownerId, limit]: [number, number]) => rows.uploads.filter((o) => o.ownerId === ownerId).slice(0, limit)),
    forgetUploads: fn(async (...[ids]: [string[]]) => void (rows.uploads = rows.uploads.filter((o) => !ids.includes(o.id)))),
    exportsOf: fn(async (...[userId]: [number]) => rows.exports.filter((job) => job.userId === userId)),
    forgetExports: fn(async (...[userId]: [number]) => void (rows.exports = rows.exports.filter((job) => job.userId !== userId))),
  } satisfies Fake<MediaErasureRepository>;
  const removed: string[] = [];
  const storage = { remove: fn(async (...[key]: [string]) => void removed.push(key)) } satisfies Fake<ObjectStorage>;
  const module = await Test.createTestingModule({
    controllers: [MediaErasureController],
    providers: [
      { provide: MediaErasureRepository, useValue: records },
      { provide: ObjectStorage, useValue: storage },
    ],
  }).compile();
  return { erasure: module.get(MediaErasureController), rows, records, storage, removed };
}

describe('MediaErasureController', () => {
  it('deletes every upload and data export of the person, bytes and records, and counts them', async () => {
    const uploads = Array.from({ length: BATCH + 1 }, (_, n) => uploadOf(n + 1));
    const { erasure, rows, removed, records } = await build([...uploads, uploadOf(999, 12)], [exportOf('a', 'exports/11/a.zip'), exportOf('b', null)]);
    expect(await erasure.erase({ userId: USER })).toEqual({ erased: { uploads: BATCH + 1, exports: 2 } });
    expect(removed).toEqual([...uploads.map((o) => o.key), 'exports/11/a.zip']);
    expect(rows.uploads.map((o) => o.id)).toEqual([uploadOf(999, 12).id]);
    expect(rows.exports).toEqual([]);
    expect(records.uploadsOf.mock.calls).toEqual([
      [USER, BATCH],
      [USER, BATCH],
    ]);
  });

  it('leaves the records of what the bucket could not delete, for the next ask to finish', async () => {
    const { erasure, rows, storage, records } = await build([uploadOf(1), uploadOf(2)], [exportOf('a', 'exports/11/a.zip')]);
    storage.remove.mockImplementation(async (key) => {
      if (key === 'chat/2.png') throw new Error('bucket down');
    });
    await expect(erasure.erase({ userId: USER })).rejects.toThrow('bucket down');
    expect(records.forgetUploads).not.toHaveBeenCalled();
    expect(rows.uploads).toHaveLength(2);
    expect(rows.exports).toHaveLength(1);
    storage.remove.mockImplementation(async () => undefined);
    expect(await erasure.erase({ userId: USER })).toEqual({ erased: { uploads: 2, exports: 1 } });
    expect(rows).toEqual({ uploads: [], exports: [] });
  });

  it('answers nothing erased for a person who stored nothing', async () => {
    const { erasure, storage } = await build([]);
    expect(await erasure.erase({ userId: USER })).toEqual({ erased: { uploads: 0, exports: 0 } });
    expect(storage.remove).not.toHaveBeenCalled();
  });
});
