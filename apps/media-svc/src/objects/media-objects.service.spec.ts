import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import { MediaObject } from './media-object.entity';
import { MediaObjectsRepository } from './media-objects.repository';
import { keyFromUrl, MediaObjectsService, toUploadedFile } from './media-objects.service';
import { fn, statementLog, type Fake } from '@app/testing/fakes';

// Whether a URL is one media-svc issued (for a purpose), over a typed fake of the objects'
// records; other services ask this before they keep a URL (tests/api/media-urls.int-spec.ts
// asks it through NATS).

const ID = '0f8fad5b-d9cb-469f-a165-70867728950e';
const objectOf = (fields: Partial<MediaObject> = {}) =>
  Object.assign(new MediaObject(), {
    id: ID,
    key: `avatar/${ID}.webp`,
    ownerId: 11,
    purpose: 'avatar',
    kind: 'image',
    format: 'webp',
    contentType: 'image/webp',
    size: 2048,
    width: 256,
    height: 256,
    originalName: 'me.png',
    createdAt: new Date('2026-11-29T00:00:00Z'),
    ...fields,
  });

async function build(stored: MediaObject[] = [objectOf()]) {
  const repository = {
    findByKey: fn(async (...[key]: [string]) => stored.find((object) => object.key === key) ?? null),
  } satisfies Fake<MediaObjectsRepository>;
  const module = await Test.createTestingModule({ providers: [MediaObjectsService, { provide: MediaObjectsRepository, useValue: repository }] }).compile();
  return { service: module.get(MediaObjectsService), repository };
}

describe('MediaObjectsService', () => {
  it('vouches for a URL it issued, with what the object is and whose', async () => {
    const { service, repository } = await build();
    expect(await service.verify(`/media/avatar/${ID}.webp`)).toEqual({
      ok: true,
      type: 'image',
      format: 'webp',
      contentType: 'image/webp',
      purpose: 'avatar',
      ownerId: 11,
      size: 2048,
    });
    expect(repository.findByKey).toHaveBeenCalledWith(`avatar/${ID}.webp`);
  });

  it('holds the URL to the purpose asked for', async () => {
    const { service } = await build();
    expect(await service.verify(`/media/avatar/${ID}.webp`, 'avatar')).toMatchObject({ ok: true });
    expect(await service.verify(`/media/avatar/${ID}.webp`, 'chat')).toEqual({ ok: false });
  });

  it('knows no object it has no record of', async () => {
    const { service } = await build([]);
    expect(await service.verify(`/media/avatar/${ID}.webp`)).toEqual({ ok: false });
  });

  it.each([
    [`https://cdn.example.com/media/avatar/${ID}.webp`, 'another site'],
    [`/media/avatar/${ID.toUpperCase()}.webp`, 'an upper-case id'],
    [`/media/avatar/../avatar/${ID}.webp`, 'a dot segment'],
    [`/media/avatar/${ID}.svg`, 'an extension never stored'],
    [`/media/secrets/${ID}.webp`, 'a purpose that is none'],
    [`/media/avatar/${ID}.webp?x=1`, 'a query'],
  ])('refuses %s (%s) without reading the records', async (url) => {
    const { service, repository } = await build();
    expect(await service.verify(url)).toEqual({ ok: false });
    expect(repository.findByKey).not.toHaveBeenCalled();
  });
});

describe('keyFromUrl', () => {
  it('reads the key of a /media/ path exactly as issued', () => {
    expect(keyFromUrl(`/media/chat/${ID}.gif`)).toBe(`chat/${ID}.gif`);
    expect(keyFromUrl(`/media/chat/${ID}.gif/`)).toBeNull();
    expect(keyFromUrl(`/chat/${ID}.gif`)).toBeNull();
  });
});

describe('toUploadedFile', () => {
  it("answers an upload with the object's URL, leaving out sides and length it has none of", () => {
    expect(toUploadedFile(objectOf())).toEqual({ url: `/media/avatar/${ID}.webp`, originalName: 'me.png', type: 'image', size: 2048, format: 'webp', width: 256, height: 256 });
    const voice = objectOf({ key: `voice/${ID}.webm`, purpose: 'voice', kind: 'audio', format: 'webm', contentType: 'audio/webm', width: null, height: null, durationMs: 0 });
    expect(toUploadedFile(voice)).toEqual({ url: `/media/voice/${ID}.webm`, originalName: 'me.png', type: 'audio', size: 2048, format: 'webm', durationMs: 0 });
  });
});

describe('MediaObjectsRepository', () => {
  it("numbers a person's uploads by when they were stored, leaving out preview pictures, and reads the page after `after`", async () => {
    const second = objectOf({ id: 'b' });
    const third = objectOf({ id: 'c' });
    const { em, statements } = statementLog([
      [
        { id: 'b', seq: '2' },
        { id: 'c', seq: '3' },
      ],
    ]);
    // The records of the page's ids, in any order.
    const find = jest.fn(async () => [third, second]);
    const repository = new MediaObjectsRepository(Object.assign(em, { find }) as unknown as EntityManager);
    expect(await repository.uploadsAfter(11, 1, 2)).toEqual([
      { seq: 2, object: second },
      { seq: 3, object: third },
    ]);
    expect(statements).toEqual([
      {
        sql:
          'select "id", "seq" from ( select "id", row_number() over (order by "created_at", "id") as "seq" from "media_objects" where "owner_id" = ? and "purpose" <> \'preview\' )' +
          ' numbered where "seq" > ? order by "seq" limit ?',
        params: [11, 1, 2],
      },
    ]);
    expect(find).toHaveBeenCalledWith(MediaObject, { id: { $in: ['b', 'c'] } });
  });
});
