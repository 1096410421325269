import 'reflect-metadata';
import {
  healthPattern,
  MediaPatterns,
  ServiceName,
  type HttpErrorBody,
  type UploadedFileDto,
} from '@app/contracts';
import { RpcCallError } from '@app/server';
import { isoBox } from '@app/testing';
import sharp from 'sharp';
import { request } from 'node:http';
import { multipartBody, startMediaStack, type MediaStack, type UploadPart } from './media-harness';

const MB = 1024 * 1024;

/** Any upload answer: a success of one of the three routes, or an error. */
type UploadAnswer = { url: string; file: UploadedFileDto; files: UploadedFileDto[] } & HttpErrorBody;
let stack: MediaStack;

/** Lower limits than the defaults, so that a test reaches each of them quickly. */
const LIMITS = {
  MEDIA_UPLOADS_PER_MINUTE: '20',
  MEDIA_DAILY_QUOTA_MB: '1',
  MEDIA_UPLOAD_IDLE_TIMEOUT_MS: '1000',
  MEDIA_UPLOAD_MIN_BYTES_PER_SECOND: '1024',
  MEDIA_UPLOAD_RATE_WINDOW_MS: '1500',
  MEDIA_UPLOADS_PER_USER: '3',
};

beforeAll(async () => {
  stack = await startMediaStack(LIMITS);
}, 60_000);

afterAll(async () => {
  await stack?.stop();
});

async function send(path: string, cookie: string | null, parts: UploadPart[], options: { fields?: Record<string, string>; stream?: boolean } = {}) {
  const { contentType, chunks } = multipartBody(parts, options.fields);
  const headers: Record<string, string> = { origin: stack.origin, 'content-type': contentType };
  if (cookie) headers.cookie = cookie;
  // A stream body goes out chunked, with no Content-Length to refuse it by.
  const body = options.stream
    ? new ReadableStream({
        start(controller) {
          for (const chunk of chunks) controller.enqueue(new Uint8Array(chunk));
          controller.close();
        },
      })
    : Buffer.concat(chunks);
  const res = await fetch(`${stack.baseUrl}${path}`, { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
  return { status: res.status, headers: res.headers, body: (await res.json()) as UploadAnswer };
}

async function download(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${stack.baseUrl}${url}`, { headers });
  return { status: res.status, headers: res.headers, data: Buffer.from(await res.arrayBuffer()) };
}

const png = (width = 40, height = 20) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 220 } } }).png().toBuffer();

/** A JPEG from a phone: GPS position and camera make in EXIF, stored sideways (orientation 6). */
const jpegWithGps = () =>
  sharp({ create: { width: 64, height: 32, channels: 3, background: { r: 200, g: 10, b: 10 } } })
    .withExif({ IFD0: { Make: 'PhoneCam' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1' } })
    .withMetadata({ orientation: 6 })
    .jpeg()
    .toBuffer();

async function animatedGif() {
  const frame = (r: number) => sharp({ create: { width: 16, height: 16, channels: 3, background: { r, g: 0, b: 0 } } }).png().toBuffer();
  return sharp([await frame(255), await frame(0), await frame(128)], { join: { animated: true } }).gif({ delay: 100, loop: 0 }).toBuffer();
}

/** The smallest MP4 a browser recognises: an ftyp box, a moov box with its header, some media data. */
function tinyMp4(mediaBytes = 200_000): Buffer {
  const ftyp = isoBox('ftyp', Buffer.concat([Buffer.from('isom', 'latin1'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2avc1mp41', 'latin1')]));
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(1000, 16); // duration: one second
  mvhd.writeUInt32BE(0x00010000, 20); // rate 1.0
  mvhd.writeUInt16BE(0x0100, 24); // volume 1.0
  mvhd.writeUInt32BE(0x00010000, 36); // identity matrix
  mvhd.writeUInt32BE(0x00010000, 52);
  mvhd.writeUInt32BE(0x40000000, 68);
  mvhd.writeUInt32BE(2, 96); // next track id
  const media = Buffer.alloc(mediaBytes);
  for (let i = 0; i < media.length; i++) media[i] = (i * 31) % 251;
  return Buffer.concat([ftyp, isoBox('moov', isoBox('mvhd', mvhd)), isoBox('mdat', media)]);
}

/** A QuickTime file as a phone writes it: where and with what it was filmed, beside the picture. */
function phoneVideo(): Buffer {
  return Buffer.concat([
    isoBox('ftyp', Buffer.from('qt  \0\0\0\0qt  ', 'latin1')),
    isoBox(
      'moov',
      isoBox('mvhd', Buffer.alloc(100, 1)),
      isoBox('udta', isoBox('\xa9xyz', Buffer.from('+37.7749-122.4194+012.000/', 'latin1'))),
      isoBox('meta', Buffer.alloc(4), isoBox('keys', Buffer.from('com.apple.quicktime.model', 'latin1')), isoBox('ilst', Buffer.from('iPhone 15 Pro', 'latin1'))),
    ),
    isoBox('mdat', Buffer.alloc(20_000, 9)),
  ]);
}

/** EXIF with a GPS block: the IFD0 pointer tag 0x8825 (little-endian in sharp's output). */
const hasGpsPointer = (exif: Buffer | undefined) => !!exif && exif.includes(Buffer.from([0x25, 0x88, 0x04, 0x00]));

/** A GET with the path sent exactly as written: no client normalises dot segments or escapes. */
function rawGet(path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(`${stack.baseUrl}/`, { path, method: 'GET' }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * An animated GIF of `frames` copies of one solid frame, put together byte by byte: a file of a
 * few kB whose frames, decoded, are as large as the sides say.
 */
async function solidAnimation(side: number, frames: number): Promise<Buffer> {
  const still = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .gif({ colours: 2, dither: 0, effort: 1 })
    .toBuffer();
  const flags = still[10];
  const imageStart = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const frame = still.subarray(imageStart, still.length - 1);
  return Buffer.concat([still.subarray(0, imageStart), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

/** The EBML header alone: what a sniffer reads in a WebM's first bytes. */
const webmHeader = () => recordedWebm().subarray(0, recordedWebm().indexOf(Buffer.from('18538067', 'hex')));

/** A WebM as a browser's MediaRecorder writes it: Segment and Cluster of unknown size. */
function recordedWebm(): Buffer {
  const el = (id: number, ...payload: Buffer[]) => {
    const body = Buffer.concat(payload);
    return Buffer.concat([Buffer.from(id.toString(16), 'hex'), Buffer.from([0x80 | body.length]), body]);
  };
  const unknownSize = (id: number, ...payload: Buffer[]) =>
    Buffer.concat([Buffer.from(id.toString(16), 'hex'), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...payload]);
  const header = el(0x1a45dfa3, el(0x4286, Buffer.from([1])), el(0x4282, Buffer.from('webm', 'latin1')));
  const info = el(0x1549a966, el(0x2ad7b1, Buffer.from([0x0f, 0x42, 0x40])));
  const tracks = el(0x1654ae6b, el(0xae, el(0xd7, Buffer.from([1])), el(0x86, Buffer.from('V_VP8', 'latin1'))));
  return Buffer.concat([header, unknownSize(0x18538067, info, tracks, unknownSize(0x1f43b675, el(0xe7, Buffer.from([0])), el(0xa3, Buffer.alloc(100, 4))))]);
}

const HTML_PAGE = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');

describe('uploads through the gateway', () => {
  it('stores a PNG and serves it back with its type, nosniff and long caching', async () => {
    const { cookie } = stack.signIn('user');
    const res = await send('/api/upload', cookie, [{ field: 'file', name: 'sky.png', type: 'image/png', data: await png() }]);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/media\/general\/[0-9a-f-]{36}\.png$/);
    expect(res.body.file).toMatchObject({ url: res.body.url, originalName: 'sky.png', type: 'image', format: 'png', width: 40, height: 20 });

    const served = await download(res.body.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('cache-control')).toContain('max-age=31536000');
    expect(served.data.length).toBe(res.body.file.size);
    const meta = await sharp(served.data).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['png', 40, 20]);
  });

  it('strips EXIF and GPS from a JPEG and turns it upright', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(hasGpsPointer(before.exif)).toBe(true);
    expect(before.orientation).toBe(6);

    const { cookie } = stack.signIn('user');
    const res = await send('/api/upload?purpose=avatar', cookie, [{ field: 'file', name: 'me.jpg', type: 'image/jpeg', data: original }]);
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(/^\/media\/avatar\/.+\.jpg$/);

    const served = await download(res.body.url);
    const after = await sharp(served.data).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([32, 64]);
    expect(served.data.includes(Buffer.from('PhoneCam'))).toBe(false);
  });

  it('keeps an animated GIF animated', async () => {
    const { cookie } = stack.signIn('vip');
    const res = await send('/api/chat/upload', cookie, [{ field: 'file', name: 'wave.gif', type: 'image/gif', data: await animatedGif() }]);
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ type: 'image', format: 'gif', width: 16, height: 16 });
    expect(res.body.files).toEqual([res.body.file]);

    const served = await download(res.body.url);
    expect(served.headers.get('content-type')).toBe('image/gif');
    const meta = await sharp(served.data, { animated: true }).metadata();
    expect(meta.pages).toBe(3);
  });

  it('stores a phone video without where and with what it was filmed', async () => {
    const video = phoneVideo();
    const { cookie } = stack.signIn('seller');
    const res = await send('/api/upload?purpose=intro', cookie, [{ field: 'file', name: 'clip.mov', type: 'video/quicktime', data: video }]);
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ type: 'video', format: 'mov', size: video.length });
    const served = await download(res.body.url);
    expect(served.headers.get('content-type')).toBe('video/quicktime');
    expect(served.data.length).toBe(video.length);
    expect(served.data.includes('+37.7749')).toBe(false);
    expect(served.data.includes('iPhone')).toBe(false);
    const mdat = isoBox('mdat', Buffer.alloc(20_000, 9));
    expect(served.data.indexOf(mdat)).toBe(video.indexOf(mdat));
  });

  it('refuses a video whose boxes do not add up', async () => {
    const broken = tinyMp4(1000);
    broken.writeUInt32BE(1_000_000, 32); // the moov box (after the 32-byte ftyp) claims more than the file holds
    const { cookie } = stack.signIn('seller');
    const res = await send('/api/upload?purpose=intro', cookie, [{ field: 'file', name: 'broken.mp4', type: 'video/mp4', data: broken }]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Invalid file type. Please upload an image or video.');
  });

  it('stores an MP4 as it is and answers a Range request with 206', async () => {
    const video = tinyMp4();
    const { cookie } = stack.signIn('seller');
    const res = await send('/api/upload?purpose=intro', cookie, [{ field: 'file', name: 'intro.mp4', type: 'video/mp4', data: video }]);
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ type: 'video', format: 'mp4', size: video.length, originalName: 'intro.mp4' });

    const whole = await download(res.body.url);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.data.equals(video)).toBe(true);

    const part = await download(res.body.url, { range: 'bytes=1000-1999' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 1000-1999/${video.length}`);
    expect(part.data.equals(video.subarray(1000, 2000))).toBe(true);

    const tail = await download(res.body.url, { range: 'bytes=-10' });
    expect(tail.status).toBe(206);
    expect(tail.data.equals(video.subarray(video.length - 10))).toBe(true);

    const beyond = await download(res.body.url, { range: `bytes=${video.length}-` });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get('content-range')).toBe(`bytes */${video.length}`);
  });

  it('refuses an 11 MB chat image with the spec text, declared or streamed', async () => {
    const { cookie } = stack.signIn('vip');
    const data = Buffer.concat([await png(), Buffer.alloc(11 * MB)]);
    const declared = await send('/api/chat/upload', cookie, [{ field: 'file', name: 'big.png', type: 'image/png', data }]);
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('File size must be less than 10MB');
    expect(declared.body.fieldCodes).toEqual({ file: [{ code: 'upload_too_large', params: { max: 10 } }] });

    const streamed = await send('/api/chat/upload', cookie, [{ field: 'file', name: 'big.png', type: 'image/png', data }], { stream: true });
    expect(streamed.status).toBe(413);
    expect(streamed.body.message).toBe('File size must be less than 10MB');
    expect(streamed.body.fieldCodes).toEqual({ file: [{ code: 'upload_too_large', params: { max: 10 } }] });
  });

  it('refuses an avatar over 5 MB, and a video as an avatar', async () => {
    const { cookie } = stack.signIn('user');
    const big = await send('/api/upload?purpose=avatar', cookie, [{ field: 'file', name: 'a.png', type: 'image/png', data: Buffer.concat([await png(), Buffer.alloc(5 * MB + 1)]) }], { stream: true });
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('File size must be less than 5MB');

    const video = await send('/api/upload', cookie, [{ field: 'file', name: 'a.mp4', type: 'video/mp4', data: tinyMp4(100) }], { fields: { purpose: 'avatar' } });
    expect(video.status).toBe(400);
    expect(video.body.message).toBe('Please select an image file');
    expect(video.body.fieldCodes).toEqual({ file: [{ code: 'upload_image_only' }] });
  });

  it.each([
    ['an SVG', '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'],
    ['an HTML page', '<!doctype html><html><body><script>alert(1)</script></body></html>'],
  ])('refuses %s renamed .png, whatever it claims', async (_name, content) => {
    const { cookie } = stack.signIn('vip');
    for (const path of ['/api/upload', '/api/chat/upload']) {
      const res = await send(path, cookie, [{ field: 'file', name: 'cat.png', type: 'image/png', data: Buffer.from(content) }]);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Invalid file type. Please upload an image or video.');
    }
  });

  it('takes up to the allowed number of seller files and refuses one more', async () => {
    const { cookie } = stack.signIn('user');
    const files = async (n: number) =>
      Promise.all(Array.from({ length: n }, async (_, i) => ({ field: 'files', name: `p${i}.png`, type: 'image/png', data: await png(10 + i, 10) })));

    const five = await send('/api/sellers/upload?max=5', cookie, await files(5));
    expect(five.status).toBe(201);
    expect(five.body.files).toHaveLength(5);
    expect(five.body.files[4]).toMatchObject({ originalName: 'p4.png', type: 'image', width: 14 });
    expect(five.body.files.every((f) => f.size > 0)).toBe(true);

    const six = await send('/api/sellers/upload?max=5', cookie, await files(6));
    expect(six.status).toBe(400);
    expect(six.body).toMatchObject({ error: 'Too many files', message: 'You can only upload up to 5 files' });

    const mixed = await send('/api/sellers/upload', cookie, [
      ...(await files(1)),
      { field: 'files', name: 'clip.mp4', type: 'video/mp4', data: tinyMp4(1000) },
    ]);
    expect(mixed.status).toBe(201);
    expect(mixed.body.files.map((f) => f.type)).toEqual(['image', 'video']);

    const badMax = await send('/api/sellers/upload?max=11', cookie, await files(1));
    expect(badMax.status).toBe(400);
    expect(badMax.body.fields?.max).toBeDefined();
  });

  it('lets only vip, seller and moderator upload chat images', async () => {
    const image = [{ field: 'file', name: 'x.png', type: 'image/png', data: await png() }];
    expect((await send('/api/chat/upload', null, image)).status).toBe(401);
    expect((await send('/api/chat/upload', stack.signIn('guest').cookie, image)).status).toBe(403);
    expect((await send('/api/chat/upload', stack.signIn('user').cookie, image)).status).toBe(403);
    expect((await send('/api/upload', stack.signIn('guest').cookie, image)).status).toBe(403);
    for (const role of ['vip', 'seller', 'moderator'] as const) {
      expect((await send('/api/chat/upload', stack.signIn(role).cookie, image)).status).toBe(201);
    }
  });

  it('answers 404 for an object it never issued', async () => {
    const res = await download('/media/general/00000000-0000-4000-8000-000000000000.png');
    expect(res.status).toBe(404);
    expect((await download('/media/../../etc/passwd')).status).toBe(404);
  });
});

describe('videos are checked beyond their header', () => {
  it.each([
    ['an MP4 header holding a page', () => isoBox('ftyp', Buffer.from('isom\0\0\0\0isommp41', 'latin1'), HTML_PAGE)],
    ['an MP4 header followed by a page in a free box', () => Buffer.concat([isoBox('ftyp', Buffer.from('isom\0\0\0\0', 'latin1')), isoBox('free', HTML_PAGE)])],
    ['an MP4 movie header without media data', () => Buffer.concat([isoBox('ftyp', Buffer.from('isom\0\0\0\0', 'latin1')), isoBox('moov', isoBox('mvhd', Buffer.alloc(100))), isoBox('free', HTML_PAGE)])],
    ['a WebM header followed by a page', () => Buffer.concat([webmHeader(), HTML_PAGE])],
  ])('refuses %s as an invalid type', async (_name, data) => {
    const { cookie } = stack.signIn('seller');
    const res = await send('/api/upload?purpose=intro', cookie, [{ field: 'file', name: 'clip.mp4', type: 'video/mp4', data: data() }]);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'invalid_file_type', message: 'Invalid file type. Please upload an image or video.' });
  });

  it('stores a WebM as a browser records it', async () => {
    const video = recordedWebm();
    const { cookie } = stack.signIn('seller');
    const res = await send('/api/upload?purpose=intro', cookie, [{ field: 'file', name: 'recording.webm', type: 'video/webm', data: video }]);
    expect(res.status).toBe(201);
    expect(res.body.file).toMatchObject({ type: 'video', format: 'webm', size: video.length });
    const served = await download(res.body.url);
    expect(served.headers.get('content-type')).toBe('video/webm');
    expect(served.data.equals(video)).toBe(true);
  });
});

describe('media addresses', () => {
  it('serves an object only at its own address: escapes and dot segments reach nothing else', async () => {
    const { cookie } = stack.signIn('user');
    const res = await send('/api/upload', cookie, [{ field: 'file', name: 'sky.png', type: 'image/png', data: await png() }]);
    const key = res.body.url.slice('/media/'.length);
    expect((await rawGet(res.body.url)).status).toBe(200);
    expect((await rawGet(`${res.body.url}?v=2`)).status).toBe(200);

    for (const path of [
      `/media/%2e%2e/media/${key}`,
      `/media/../media/${key}`,
      `/media/general/..%2f..%2fmedia%2f${key.replace('/', '%2f')}`,
      `/media/${key.replace('general', 'GENERAL')}`,
      '/media/%2e%2e/uploads',
      '/media/../uploads',
      '/media/general/x/../../../uploads',
    ]) {
      const answer = await rawGet(path);
      expect({ path, status: answer.status }).toEqual({ path, status: 404 });
      expect(JSON.parse(answer.body)).toEqual({ error: 'Not Found', code: 'not_found', message: 'File not found' });
    }
  });
});

describe('limits of uploads', () => {
  const gif = (data: Buffer, name = 'big.gif') => [{ field: 'file', name, type: 'image/gif', data }];

  it('refuses a 4096x4096 animation of 5 frames (a 58 kB file) with 413 before decoding it', async () => {
    const bomb = await solidAnimation(4096, 5);
    expect(bomb.length).toBeLessThan(70_000);
    const { cookie } = stack.signIn('vip');
    const res = await send('/api/chat/upload', cookie, gif(bomb));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({
      code: 'animation_too_large',
      message: 'Animated images can have at most 300 frames and 16 megapixels across all frames',
    });
  });

  it('refuses an animation of more frames than allowed, and takes one within the budget', async () => {
    const { cookie } = stack.signIn('vip');
    const tooMany = await send('/api/chat/upload', cookie, gif(await solidAnimation(8, 301)));
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.code).toBe('animation_too_large');
    const fine = await send('/api/chat/upload', cookie, gif(await solidAnimation(64, 30)));
    expect(fine.status).toBe(201);
  });

  it('takes no more files a minute from one user than allowed, and says when to come back', async () => {
    const { cookie } = stack.signIn('user');
    const image = [{ field: 'file', name: 'dot.png', type: 'image/png', data: await png(2, 2) }];
    for (let i = 0; i < 20; i++) expect((await send('/api/upload', cookie, image)).status).toBe(201);
    const refused = await send('/api/upload', cookie, image);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('upload_rate_limited');
    expect(refused.body.message).toMatch(/^You are uploading too fast\. Please try again in (\d+ seconds?|1 minute)\.$/);
    expect(refused.body.messageCode).toMatchObject({ code: 'upload_rate_limited', params: { unit: expect.stringMatching(/^(seconds?|minute)$/) } });
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another user is not held back.
    expect((await send('/api/upload', stack.signIn('user').cookie, image)).status).toBe(201);
  });

  it('accepts only part of a burst of 30 animated GIFs from one user; the rest are told to wait', async () => {
    const { cookie } = stack.signIn('vip');
    const wave = await animatedGif();
    const answers = await Promise.all(Array.from({ length: 30 }, () => send('/api/chat/upload', cookie, gif(wave, 'wave.gif'))));
    const accepted = answers.filter((a) => a.status === 201);
    const refused = answers.filter((a) => a.status !== 201);
    expect(accepted.length).toBeGreaterThan(0);
    expect(accepted.length).toBeLessThanOrEqual(20);
    for (const answer of refused) {
      expect(answer.status).toBe(429);
      expect(['too_many_uploads', 'upload_rate_limited']).toContain(answer.body.code);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });

  it('stores no more than a day\'s quota per user, and a refused file does not use it up', async () => {
    const { cookie } = stack.signIn('seller');
    const video = (bytes: number) => [{ field: 'file', name: 'clip.mp4', type: 'video/mp4', data: tinyMp4(bytes) }];
    expect((await send('/api/upload?purpose=intro', cookie, video(400_000))).status).toBe(201);
    expect((await send('/api/upload?purpose=intro', cookie, video(400_000))).status).toBe(201);

    const over = await send('/api/upload?purpose=intro', cookie, video(400_000));
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: 'upload_quota_reached',
      message: 'You have reached your upload limit of 1MB a day. Please try again in 24 hours.',
      messageCode: { code: 'upload_quota_reached', params: { max: 1, amount: 24, unit: 'hours' } },
    });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(23 * 3600);
    // What is left of the day's megabyte still takes a smaller file.
    expect((await send('/api/upload?purpose=intro', cookie, video(200_000))).status).toBe(201);
    expect((await send('/api/upload?purpose=intro', cookie, video(100_000))).status).toBe(429);
  });

  it('stops an upload whose body trickles in below the minimum rate, with 408', async () => {
    const { cookie } = stack.signIn('user');
    const { contentType, chunks } = multipartBody([{ field: 'file', name: 'slow.png', type: 'image/png', data: await png() }]);
    const whole = Buffer.concat(chunks);
    let timer: NodeJS.Timeout | undefined;
    const body = new ReadableStream({
      start(controller) {
        // A byte every 200 ms: never silent for long, far below 1 kB/s.
        let at = 0;
        timer = setInterval(() => {
          if (at < whole.length) controller.enqueue(new Uint8Array(whole.subarray(at, ++at)));
        }, 200);
      },
      cancel: () => clearInterval(timer),
    });
    const started = Date.now();
    try {
      const res = await fetch(`${stack.baseUrl}/api/upload`, {
        method: 'POST',
        headers: { origin: stack.origin, cookie, 'content-type': contentType },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(408);
      expect(await res.json()).toMatchObject({
        code: 'upload_too_slow',
        message: 'The upload was too slow and has been stopped. Please check your connection and try again.',
      });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      clearInterval(timer);
    }
  });

  it('media-svc itself stops an upload whose body stops arriving, with 408', async () => {
    const { contentType, chunks } = multipartBody([{ field: 'file', name: 'stuck.png', type: 'image/png', data: await png() }]);
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${stack.mediaUrl}/uploads`, {
        method: 'POST',
        headers: { 'content-type': contentType, 'content-length': String(Buffer.concat(chunks).length), 'x-media-user-id': '1' },
      });
      req.on('response', (res) => {
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts).toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', reject);
      // The head of the form, then nothing more.
      req.write(chunks[0]);
    });
    expect(answer.status).toBe(408);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'upload_too_slow' });
  });
});

describe('media-svc over NATS', () => {
  it('confirms URLs it issued, with their kind and purpose', async () => {
    const { cookie, user } = stack.signIn('moderator');
    const res = await send('/api/chat/upload', cookie, [{ field: 'file', name: 'wave.gif', type: 'image/gif', data: await animatedGif() }]);
    const verified = await stack.rpc.request(MediaPatterns.VerifyObject, { url: res.body.url, purpose: 'chat' });
    expect(verified).toMatchObject({ ok: true, type: 'image', format: 'gif', contentType: 'image/gif', ownerId: user.id });

    const otherPurpose = await stack.rpc.request(MediaPatterns.VerifyObject, { url: res.body.url, purpose: 'avatar' });
    expect(otherPurpose).toEqual({ ok: false });
    const unknown = await stack.rpc.request(MediaPatterns.VerifyObject, { url: '/media/chat/00000000-0000-4000-8000-000000000000.gif' });
    expect(unknown).toEqual({ ok: false });

    const foreign = stack.rpc.request(MediaPatterns.VerifyObject, { url: 'https://evil.example/media/chat/x.gif' });
    await expect(foreign).rejects.toBeInstanceOf(RpcCallError);
    await expect(foreign).rejects.toMatchObject({ body: { status: 400 } });
  });

  it('reports storage in its health', async () => {
    const report = await stack.rpc.request(healthPattern(ServiceName.Media), {});
    expect(report.ok).toBe(true);
    expect(report.dependencies.storage).toMatchObject({ ok: true });
    expect(report.dependencies.postgres).toMatchObject({ ok: true });
  });
});
