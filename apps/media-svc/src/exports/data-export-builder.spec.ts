import { Test } from '@nestjs/testing';
import { CHAT_EXPORT_PARTS, DataExportPatterns, MARKETPLACE_EXPORT_PARTS, type DataExportPageDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { Readable } from 'node:stream';
import { MediaObject } from '../objects/media-object.entity';
import { MediaObjectsRepository, type NumberedUpload } from '../objects/media-objects.repository';
import { ObjectStorage } from '../storage/object-storage.repository';
import { DataExportBuilder } from './data-export-builder';
import { fn, type Fake } from '@app/testing/fakes';
import { unzip } from '@app/testing/zip';

// The zip of one person's data as it is written: the README in their language, each service's
// part read page by page, their uploads listed and their files' bytes, over typed fakes of NATS,
// the bucket and the objects' records. The services' own pages, the real bucket and the mail run
// in tests/api/data-export.int-spec.ts.

const USER = 11;
const KEY = `exports/${USER}/job-1.zip`;
/** The uploads the zip reads at once. */
const PAGE = 200;

const uploadOf = (n: number): MediaObject =>
  Object.assign(new MediaObject(), {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    key: `chat/00000000-0000-4000-8000-${String(n).padStart(12, '0')}.png`,
    ownerId: USER,
    purpose: 'chat',
    kind: 'image',
    format: 'png',
    contentType: 'image/png',
    size: 5,
    width: 2,
    height: 1,
    originalName: `picture ${n}.png`,
    createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, n % 60)),
  });

/** Each part's pages as chat-svc and marketplace-svc answer them: the rows after `after`, two to a page. */
const pagesOf = (rows: Record<string, unknown>[]) => (after: number): DataExportPageDto => {
  const items = rows.slice(after, after + 2);
  return { items, next: after + 2 < rows.length ? after + 2 : null };
};

async function build({ language = 'hi', uploads = [uploadOf(1)], parts = {} as Record<string, Record<string, unknown>[]>, failing = '' } = {}) {
  const requests: Array<[string, Record<string, unknown>]> = [];
  const rpc = {
    // The generic request, typed loosely here: the patterns this zip asks are named below.
    request: jest.fn(async (pattern: string, payload: Record<string, unknown>): Promise<unknown> => {
      requests.push([pattern, payload]);
      if (pattern === DataExportPatterns.Account) return { username: 'mira', language };
      const part = `${pattern === DataExportPatterns.ChatPage ? 'chat' : 'marketplace'}/${String(payload.part)}`;
      if (part === failing) throw new Error(`${part} did not answer`);
      return pagesOf(parts[part] ?? [])(payload.after as number);
    }),
  };
  const stored = new Map<string, { data: Buffer; contentType: string }>();
  const storage = {
    putStream: fn(async (...[key, data, contentType]: [string, Readable, string]) => {
      const chunks: Buffer[] = [];
      for await (const chunk of data) chunks.push(chunk as Buffer);
      stored.set(key, { data: Buffer.concat(chunks), contentType });
      return { size: Buffer.concat(chunks).length };
    }),
    getWhole: fn(async (...[key]: [string]) => (key === failing ? Promise.reject(new Error('the bucket lost it')) : Readable.from([Buffer.from(`bytes of ${key}`)]))),
  } satisfies Fake<ObjectStorage>;
  const objects = {
    uploadsAfter: fn(async (...[, after, limit]: [number, number, number]): Promise<NumberedUpload[]> => uploads.slice(after, after + limit).map((object, i) => ({ seq: after + i + 1, object }))),
  } satisfies Fake<MediaObjectsRepository>;
  const module = await Test.createTestingModule({
    providers: [
      DataExportBuilder,
      { provide: RpcClient, useValue: rpc },
      { provide: ObjectStorage, useValue: storage },
      { provide: MediaObjectsRepository, useValue: objects },
    ],
  }).compile();
  return { builder: module.get(DataExportBuilder), requests, stored, objects, storage };
}

const json = (files: Map<string, Buffer>, name: string): unknown => JSON.parse((files.get(name) as Buffer).toString());

describe('DataExportBuilder', () => {
  it("stores one zip of the account, each service's part and the uploads, and answers its size", async () => {
    const messages = [{ id: 1, body: 'one' }, { id: 2, body: 'two' }, { id: 3, body: 'three' }];
    const { builder, stored, requests } = await build({ parts: { 'chat/messages': messages, 'marketplace/reviews': [{ rating: 5 }] } });
    const { size } = await builder.build(USER, KEY);
    const zip = stored.get(KEY);
    expect(zip).toMatchObject({ contentType: 'application/zip' });
    expect(size).toBe(zip?.data.length);
    const files = await unzip(zip?.data as Buffer);
    expect([...files.keys()]).toEqual([
      'README.txt',
      'account.json',
      ...CHAT_EXPORT_PARTS.map((part) => `chat/${part}.json`),
      ...MARKETPLACE_EXPORT_PARTS.map((part) => `marketplace/${part}.json`),
      'media/uploads.json',
      `media/files/${uploadOf(1).key}`,
    ]);
    expect(json(files, 'account.json')).toEqual({ username: 'mira', language: 'hi' });
    // Written a page at a time, read back as one array.
    expect(json(files, 'chat/messages.json')).toEqual(messages);
    expect(requests.filter(([, payload]) => payload.part === 'messages').map(([, payload]) => payload.after)).toEqual([0, 2]);
    expect(json(files, 'chat/rooms.json')).toEqual([]);
    expect(json(files, 'marketplace/reviews.json')).toEqual([{ rating: 5 }]);
    expect(requests.every(([, payload]) => payload.userId === USER)).toBe(true);
  });

  it("writes the README in the account's language", async () => {
    const hindi = await build({ language: 'hi' });
    await hindi.builder.build(USER, KEY);
    expect((await unzip(hindi.stored.get(KEY)?.data as Buffer)).get('README.txt')?.toString().split('\n')[0]).toBe('आपका डेटा');
    const english = await build({ language: 'en' });
    await english.builder.build(USER, KEY);
    expect((await unzip(english.stored.get(KEY)?.data as Buffer)).get('README.txt')?.toString().split('\n')[0]).toBe('Your data');
  });

  it(`lists every upload and holds its bytes, reading the records ${PAGE} at a time`, async () => {
    const uploads = Array.from({ length: PAGE + 1 }, (_, n) => uploadOf(n + 1));
    const { builder, stored, objects } = await build({ uploads });
    await builder.build(USER, KEY);
    const files = await unzip(stored.get(KEY)?.data as Buffer);
    const listed = json(files, 'media/uploads.json') as Array<Record<string, unknown>>;
    expect(listed).toHaveLength(PAGE + 1);
    expect(listed[PAGE]).toEqual({
      url: `/media/${uploads[PAGE].key}`,
      file: `media/files/${uploads[PAGE].key}`,
      purpose: 'chat',
      kind: 'image',
      contentType: 'image/png',
      size: 5,
      width: 2,
      height: 1,
      durationMs: null,
      originalName: `picture ${PAGE + 1}.png`,
      uploadedAt: uploads[PAGE].createdAt.toISOString(),
    });
    for (const upload of uploads) expect(files.get(`media/files/${upload.key}`)?.toString()).toBe(`bytes of ${upload.key}`);
    // The files' pages and the list's pages, each after the last row of the one before.
    expect([...objects.uploadsAfter.mock.calls].sort(([, a], [, b]) => a - b)).toEqual([
      [USER, 0, PAGE],
      [USER, 0, PAGE],
      [USER, PAGE, PAGE],
      [USER, PAGE, PAGE],
    ]);
  });

  it("fails when a service's part does not come", async () => {
    const { builder } = await build({ failing: 'marketplace/calls' });
    await expect(builder.build(USER, KEY)).rejects.toThrow('marketplace/calls did not answer');
  });

  it("fails when a file's bytes stop coming part way", async () => {
    const { builder, storage } = await build();
    storage.getWhole.mockImplementationOnce(async () =>
      Readable.from(
        (async function* () {
          yield Buffer.from('half');
          throw new Error('the connection to the bucket dropped');
        })(),
      ),
    );
    await expect(builder.build(USER, KEY)).rejects.toThrow('the connection to the bucket dropped');
  });

  it('fails, and stops the upload of the zip, when the uploads cannot be read', async () => {
    const { builder, objects, storage, stored } = await build();
    objects.uploadsAfter.mockRejectedValueOnce(new Error('the database went away'));
    await expect(builder.build(USER, KEY)).rejects.toThrow('the database went away');
    await expect(storage.putStream.mock.results[0].value).rejects.toThrow('the database went away');
    expect(stored.has(KEY)).toBe(false);
  });

  it("fails when a file's bytes cannot be read", async () => {
    const { builder } = await build({ failing: uploadOf(1).key });
    await expect(builder.build(USER, KEY)).rejects.toThrow('the bucket lost it');
  });
});
