import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MalformedVideoError } from './video-metadata';
import { checkWebmVideo } from './webm-structure';

/** An EBML element: its id as written, a one-byte size (or an 8-byte one), its payload. */
function el(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const hex = id.toString(16);
  const idBytes = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex');
  const size = body.length < 127 ? Buffer.from([0x80 | body.length]) : Buffer.concat([Buffer.from([0x01, 0, 0]), uint(body.length, 5)]);
  return Buffer.concat([idBytes, size, body]);
}
/** An element of unknown size, as live recordings (MediaRecorder) write their Segment and Clusters. */
const open = (id: number, ...payload: Buffer[]) =>
  Buffer.concat([Buffer.from(id.toString(16), 'hex'), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...payload]);
const uint = (value: number, bytes = 1) => {
  const buffer = Buffer.alloc(bytes);
  buffer.writeUIntBE(value, 0, bytes);
  return buffer;
};
const text = (value: string) => Buffer.from(value, 'latin1');

const header = (docType = 'webm') => el(0x1a45dfa3, el(0x4286, uint(1)), el(0x42f7, uint(1)), el(0x4282, text(docType)), el(0x4287, uint(4)));
const info = el(0x1549a966, el(0x2ad7b1, uint(1_000_000, 3)), el(0x4d80, text('recorder')));
const tracks = el(0x1654ae6b, el(0xae, el(0xd7, uint(1)), el(0x83, uint(1)), el(0x86, text('V_VP8'))));
const cluster = el(0x1f43b675, el(0xe7, uint(0)), el(0xa3, Buffer.alloc(300, 5)));
const html = text('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe('checkWebmVideo', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'webm-check-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const written = async (...parts: Buffer[]) => {
    const path = join(dir, 'clip.webm');
    await writeFile(path, Buffer.concat(parts));
    return path;
  };

  it('takes a file with its header, a Segment and Tracks, of known or unknown sizes', async () => {
    await expect(checkWebmVideo(await written(header(), el(0x18538067, info, tracks, cluster)))).resolves.toBeUndefined();
    // As a browser's MediaRecorder writes it: Segment and Clusters of unknown size, padding first.
    const recorded = [header(), el(0xec, Buffer.alloc(10)), open(0x18538067, el(0x114d9b74, Buffer.alloc(40)), info, tracks, open(0x1f43b675, el(0xe7, uint(0)), el(0xa3, Buffer.alloc(4000, 3))))];
    await expect(checkWebmVideo(await written(...recorded))).resolves.toBeUndefined();
  });

  it.each([
    ['a page after the header', () => [header(), html]],
    ['a page inside the Segment', () => [header(), el(0x18538067, html)]],
    ['a Segment without Tracks', () => [header(), el(0x18538067, info, cluster)]],
    ['Tracks without a track', () => [header(), el(0x18538067, info, el(0x1654ae6b), cluster)]],
    ['clusters before any Tracks', () => [header(), open(0x18538067, info, open(0x1f43b675, el(0xe7, uint(0)), tracks))]],
    ['Tracks that claim more than the file holds', () => [header(), el(0x18538067, info, tracks.subarray(0, tracks.length - 3))]],
    ['another Matroska document type', () => [header('matroska'), el(0x18538067, info, tracks, cluster)]],
    ['no EBML header', () => [el(0x18538067, info, tracks, cluster)]],
    ['nothing after the header', () => [header()]],
  ])('refuses %s', async (_name, parts) => {
    await expect(checkWebmVideo(await written(...parts()))).rejects.toBeInstanceOf(MalformedVideoError);
  });
});
