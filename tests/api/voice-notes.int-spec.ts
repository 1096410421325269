import 'reflect-metadata';
import { UploadMessages, VOICE_NOTE_MAX_MS, type HttpErrorBody, type UploadedFileDto } from '@app/contracts';
import { oggVoiceNote, webmTrack, webmTracks, webmVoiceNote } from '@app/testing';
import sharp from 'sharp';
import { multipartBody, startMediaStack, type MediaStack, type UploadPart } from './media-harness';

type UploadAnswer = { url: string; file: UploadedFileDto } & HttpErrorBody;

/** Voice notes through the gateway: premium roles only, audio checked from its bytes, two minutes at most. */
describe('voice note uploads', () => {
  let stack: MediaStack;
  beforeAll(async () => {
    stack = await startMediaStack();
  }, 60_000);
  afterAll(() => stack?.stop());

  async function upload(cookie: string, part: Omit<UploadPart, 'field'>) {
    const { contentType, chunks } = multipartBody([{ field: 'file', ...part }]);
    const res = await fetch(`${stack.baseUrl}/api/chat/voice`, {
      method: 'POST',
      headers: { origin: stack.origin, 'content-type': contentType, cookie },
      body: Buffer.concat(chunks),
    });
    return { status: res.status, body: (await res.json()) as UploadAnswer };
  }

  it.each([
    ['a WebM', 'vip', 'note.webm', 'audio/webm', () => webmVoiceNote(42_000), 'webm'],
    ['an Ogg', 'seller', 'note.ogg', 'audio/ogg', () => oggVoiceNote(9_000), 'ogg'],
  ] as const)('stores %s voice note of a %s with the length read from it, served as audio', async (_name, role, name, type, data, format) => {
    const bytes = data();
    const res = await upload(stack.signIn(role).cookie, { name, type, data: bytes });
    expect(res.status).toBe(201);
    expect(res.body.url).toMatch(new RegExp(`^/media/voice/[0-9a-f-]{36}\\.${format}$`));
    expect(res.body.file).toMatchObject({ type: 'audio', format, size: bytes.length, durationMs: format === 'webm' ? 42_000 : 9_000 });
    const served = await fetch(`${stack.baseUrl}${res.body.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(type);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('refuses regular users and guests before reading the file', async () => {
    for (const role of ['user', 'guest'] as const) {
      const res = await upload(stack.signIn(role).cookie, { name: 'note.webm', type: 'audio/webm', data: webmVoiceNote(2_000) });
      expect(res.status).toBe(403);
    }
  });

  it('judges the type by the bytes: an image, a page or a video named .webm is refused', async () => {
    const { cookie } = stack.signIn('vip');
    const image = await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer();
    const video = webmVoiceNote(2_000, { tracks: webmTracks(webmTrack(1, 'V_VP8')) });
    for (const data of [image, Buffer.from('<!doctype html><script>alert(1)</script>'), video]) {
      const res = await upload(cookie, { name: 'note.webm', type: 'audio/webm', data });
      expect(res.status).toBe(400);
      expect(res.body.fields?.file).toEqual([UploadMessages.audioOnly]);
      expect(res.body.fieldCodes?.file).toEqual([{ code: 'upload_audio_only' }]);
    }
  });

  it('refuses a note longer than two minutes, and takes one just at the limit', async () => {
    const { cookie } = stack.signIn('moderator');
    const long = await upload(cookie, { name: 'long.webm', type: 'audio/webm', data: webmVoiceNote(VOICE_NOTE_MAX_MS + 10_000) });
    expect(long.status).toBe(400);
    expect(long.body.fields?.file).toEqual([UploadMessages.voiceTooLong]);
    expect(long.body.fieldCodes?.file).toEqual([{ code: 'upload_voice_too_long' }]);
    const longOgg = await upload(cookie, { name: 'long.ogg', type: 'audio/ogg', data: oggVoiceNote(VOICE_NOTE_MAX_MS + 10_000) });
    expect(longOgg.body.fields?.file).toEqual([UploadMessages.voiceTooLong]);
    const atLimit = await upload(cookie, { name: 'full.webm', type: 'audio/webm', data: webmVoiceNote(VOICE_NOTE_MAX_MS) });
    expect(atLimit.status).toBe(201);
    expect(atLimit.body.file.durationMs).toBe(VOICE_NOTE_MAX_MS);
  });

  it('refuses a file over the voice size limit', async () => {
    const res = await upload(stack.signIn('vip').cookie, { name: 'big.webm', type: 'audio/webm', data: Buffer.concat([webmVoiceNote(1_000), Buffer.alloc(6 * 1024 * 1024)]) });
    expect(res.status).toBe(413);
    expect(res.body.message).toBe(UploadMessages.tooLarge(5));
  });
});
