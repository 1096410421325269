import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isoBox, largeIsoBox } from '@app/testing';
import { blankVideoMetadata, checkIsoVideo, MalformedVideoError } from './video-metadata';

const box = isoBox;
const largeBox = largeIsoBox;
const text = (value: string) => Buffer.from(value, 'latin1');
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');

/** Laid out the way phones write them: location in moov/udta, device in moov/meta, XMP at the top. */
function phoneVideo(): Buffer {
  return Buffer.concat([
    box('ftyp', text('qt  '), Buffer.alloc(4), text('qt  ')),
    box('uuid', XMP_UUID, text('<x:xmpmeta><exif:GPSLatitude>37,46.494N</exif:GPSLatitude></x:xmpmeta>')),
    box(
      'moov',
      box('mvhd', Buffer.alloc(100, 1)),
      box('trak', box('tkhd', Buffer.alloc(84, 2)), box('udta', box('name', text('Front camera'))), box('mdia', Buffer.alloc(40, 3))),
      box('udta', box('\xa9xyz', text('+37.7749-122.4194+012.000/'))),
      box('meta', Buffer.alloc(4), box('keys', text('com.apple.quicktime.model')), box('ilst', text('iPhone 15 Pro'))),
    ),
    largeBox('mdat', Buffer.alloc(5000, 7)),
  ]);
}

describe('blankVideoMetadata', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'video-meta-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const written = async (data: Buffer) => {
    const path = join(dir, 'clip');
    await writeFile(path, data);
    return path;
  };

  it('removes location, device and XMP, and leaves every other byte where it was', async () => {
    const original = phoneVideo();
    const path = await written(original);
    expect(await blankVideoMetadata(path)).toBe(4);
    const cleaned = await readFile(path);
    expect(cleaned.length).toBe(original.length);
    for (const secret of ['+37.7749', 'GPSLatitude', 'iPhone', 'Front camera', 'com.apple.quicktime']) {
      expect(cleaned.includes(secret)).toBe(false);
    }
    // The media and the headers players need are untouched.
    for (const kept of [box('mvhd', Buffer.alloc(100, 1)), box('tkhd', Buffer.alloc(84, 2)), box('mdia', Buffer.alloc(40, 3)), largeBox('mdat', Buffer.alloc(5000, 7))]) {
      expect(cleaned.indexOf(kept)).toBe(original.indexOf(kept));
    }
    expect(cleaned.toString('latin1').match(/free/g)).toHaveLength(4);
  });

  it('leaves a file without metadata as it is', async () => {
    const plain = Buffer.concat([box('ftyp', text('isom'), Buffer.alloc(4)), box('moov', box('mvhd', Buffer.alloc(100))), box('mdat', Buffer.alloc(64))]);
    const path = await written(plain);
    expect(await blankVideoMetadata(path)).toBe(0);
    expect((await readFile(path)).equals(plain)).toBe(true);
  });

  it('refuses boxes that do not add up', async () => {
    const lying = Buffer.concat([box('ftyp', text('isom'), Buffer.alloc(4)), box('moov', box('mvhd', Buffer.alloc(10)))]);
    lying.writeUInt32BE(10_000, 16); // moov (after the 16-byte ftyp) claims more than the file holds
    await expect(blankVideoMetadata(await written(lying))).rejects.toBeInstanceOf(MalformedVideoError);
    const tiny = Buffer.concat([box('ftyp', text('isom'), Buffer.alloc(4)), Buffer.from([0, 0, 0, 4]), text('moov')]);
    await expect(blankVideoMetadata(await written(tiny))).rejects.toBeInstanceOf(MalformedVideoError);
  });
});

describe('checkIsoVideo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'video-check-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const written = async (...parts: Buffer[]) => {
    const path = join(dir, 'clip');
    await writeFile(path, Buffer.concat(parts));
    return path;
  };
  const ftyp = box('ftyp', text('isom'), Buffer.alloc(4), text('isomiso2mp41'));
  const movie = box('moov', box('mvhd', Buffer.alloc(100)), box('trak', box('tkhd', Buffer.alloc(84))));
  const html = text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

  it('takes a movie: its header in moov, and media data', async () => {
    await expect(checkIsoVideo(await written(ftyp, movie, box('mdat', Buffer.alloc(500, 7))))).resolves.toBeUndefined();
    await expect(checkIsoVideo(await written(phoneVideo()))).resolves.toBeUndefined();
    // Streamed MP4s put the movie after the media data.
    await expect(checkIsoVideo(await written(ftyp, largeBox('mdat', Buffer.alloc(500, 7)), movie))).resolves.toBeUndefined();
  });

  it.each([
    ['a page inside the ftyp box', () => [box('ftyp', text('isom'), Buffer.alloc(4), html)]],
    ['a page in a free box after the header', () => [ftyp, box('free', html)]],
    ['a page in a last box that runs to the end', () => [ftyp, Buffer.from([0, 0, 0, 0]), text('free'), html]],
    ['a page as media data, with no movie', () => [ftyp, box('mdat', html)]],
    ['a movie without its header', () => [ftyp, box('moov', box('trak', Buffer.alloc(20))), box('mdat', html)]],
    ['a movie without media data', () => [ftyp, movie, box('free', html)]],
    ['a page right after the header', () => [ftyp, html]],
  ])('refuses %s', async (_name, parts) => {
    await expect(checkIsoVideo(await written(...parts()))).rejects.toBeInstanceOf(MalformedVideoError);
  });

  it('gives up on a file of countless tiny boxes after a bounded number of reads', async () => {
    const tiny = Buffer.concat(Array.from({ length: 30_000 }, () => box('free')));
    await expect(checkIsoVideo(await written(ftyp, tiny, movie, box('mdat', Buffer.alloc(8))))).rejects.toThrow('too many boxes');
  });
});
