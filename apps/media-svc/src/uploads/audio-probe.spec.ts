import { oggPage, oggVoiceNote, oggVoicePages, webmHeader, webmTrack, webmTracks, webmVoiceNote, webmVoiceParts, ebml, ebmlOpen } from '@app/testing';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MalformedAudioError, probeAudio } from './audio-probe';

const text = (value: string) => Buffer.from(value, 'latin1');

describe('probeAudio', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'audio-probe-'));
  });
  afterEach(() => rm(dir, { recursive: true, force: true }));

  const probe = async (...parts: Buffer[]) => {
    const path = join(dir, 'note');
    await writeFile(path, Buffer.concat(parts));
    return probeAudio(path);
  };

  it('reads a recorder WebM of Opus and its length from the block times', async () => {
    await expect(probe(webmVoiceNote(42_000))).resolves.toEqual({ format: 'webm', contentType: 'audio/webm', durationMs: 42_000 });
    await expect(probe(webmVoiceNote(125_000))).resolves.toMatchObject({ durationMs: 125_000 });
  });

  it('believes the block times over a header that says the note is short', async () => {
    await expect(probe(webmVoiceNote(150_000, { declaredMs: 5_000 }))).resolves.toMatchObject({ durationMs: 150_000 });
  });

  it('reads an Ogg Opus stream and its length from the last granule position', async () => {
    await expect(probe(oggVoiceNote(7_000))).resolves.toEqual({ format: 'ogg', contentType: 'audio/ogg', durationMs: 7_000 });
    await expect(probe(oggVoiceNote(130_000))).resolves.toMatchObject({ durationMs: 130_000 });
  });

  it('answers null for what is neither container', async () => {
    await expect(probe(text('<!doctype html><script>alert(1)</script>'))).resolves.toBeNull();
    await expect(probe(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).resolves.toBeNull();
  });

  it.each([
    ['a WebM with a video track', () => webmVoiceParts(3_000, { tracks: webmTracks(webmTrack(1, 'V_VP8')) })],
    ['a WebM with video beside the audio', () => webmVoiceParts(3_000, { tracks: webmTracks(webmTrack(2, 'A_OPUS'), webmTrack(1, 'V_VP8')) })],
    ['a WebM of another codec', () => webmVoiceParts(3_000, { tracks: webmTracks(webmTrack(2, 'A_AAC')) })],
    ['a WebM without tracks', () => [webmHeader(), ebmlOpen(0x18538067, ebmlOpen(0x1f43b675, ebml(0xe7, Buffer.from([0]))))]],
    ['a Matroska that is not WebM', () => webmVoiceParts(3_000, { docType: 'matroska' })],
    ['a WebM with a page inside', () => [webmHeader(), ebmlOpen(0x18538067, webmTracks(webmTrack(2, 'A_OPUS')), text('<html><body>hello</body></html>'))]],
    ['an Ogg of two streams', () => [...oggVoicePages(2_000, 1), ...oggVoicePages(2_000, 2)]],
    ['an Ogg that is not Opus or Vorbis', () => [oggPage(5, 0n, Buffer.concat([text('\x80theora'), Buffer.alloc(40)]), 2)]],
    ['an Ogg with something after its pages', () => [oggVoiceNote(2_000), text('trailing words')]],
    ['an Ogg cut short', () => [oggVoiceNote(2_000).subarray(0, 200)]],
  ])('refuses %s', async (_what, parts) => {
    await expect(probe(...parts())).rejects.toBeInstanceOf(MalformedAudioError);
  });
});
