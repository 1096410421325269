/**
 * Voice notes made in code, byte for byte as recorders write them: WebM of Opus with a Segment
 * and Clusters of unknown size (Chromium's MediaRecorder) and Ogg Opus pages (Firefox's). The
 * audio frames are filler; containers, tracks and timing are real.
 */

/** An EBML element: its id as written, a one-byte size (or an 8-byte one), its payload. */
export function ebml(id: number, ...payload: Buffer[]): Buffer {
  const body = Buffer.concat(payload);
  const size = body.length < 127 ? Buffer.from([0x80 | body.length]) : Buffer.concat([Buffer.from([0x01, 0, 0]), uintBytes(body.length, 5)]);
  return Buffer.concat([idBytes(id), size, body]);
}

/** Unknown size: a live recording's Segment and Clusters. */
export function ebmlOpen(id: number, ...payload: Buffer[]): Buffer {
  return Buffer.concat([idBytes(id), Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]), ...payload]);
}

const idBytes = (id: number) => Buffer.from(id.toString(16).padStart(2, '0'), 'hex');
export const uintBytes = (value: number, bytes = 1) => {
  const buffer = Buffer.alloc(bytes);
  buffer.writeUIntBE(value, 0, bytes);
  return buffer;
};
const latin1 = (value: string) => Buffer.from(value, 'latin1');

export const webmHeader = (docType = 'webm') =>
  ebml(0x1a45dfa3, ebml(0x4286, uintBytes(1)), ebml(0x4282, latin1(docType)), ebml(0x4287, uintBytes(4)));

function webmInfo(durationMs?: number): Buffer {
  const fields = [ebml(0x2ad7b1, uintBytes(1_000_000, 3)), ebml(0x4d80, latin1('Chrome'))];
  if (durationMs !== undefined) {
    const duration = Buffer.alloc(8);
    duration.writeDoubleBE(durationMs);
    fields.push(ebml(0x4489, duration));
  }
  return ebml(0x1549a966, ...fields);
}

/** A TrackEntry: type 1 video, 2 audio. */
export const webmTrack = (type: number, codec: string) => ebml(0xae, ebml(0xd7, uintBytes(1)), ebml(0x83, uintBytes(type)), ebml(0x86, latin1(codec)));
export const webmTracks = (...entries: Buffer[]) => ebml(0x1654ae6b, ...entries);

/** Clusters every 10 s with a 20 ms "Opus" block every second, up to `ms`. */
function webmClusters(ms: number): Buffer[] {
  const out: Buffer[] = [];
  for (let start = 0; start <= ms; start += 10_000) {
    const blocks: Buffer[] = [];
    for (let at = 0; at < 10_000 && start + at <= ms; at += 1000) {
      const relative = Buffer.alloc(2);
      relative.writeInt16BE(at);
      blocks.push(ebml(0xa3, Buffer.from([0x81]), relative, Buffer.from([0x80]), Buffer.alloc(40, 7)));
    }
    out.push(ebmlOpen(0x1f43b675, ebml(0xe7, uintBytes(start, 3)), ...blocks));
  }
  return out;
}

export interface WebmVoiceOptions {
  tracks?: Buffer;
  /** A Duration in the Info header (recorders write none). */
  declaredMs?: number;
  docType?: string;
}

/** The parts of a recorded WebM voice note `ms` long. */
export function webmVoiceParts(ms: number, { tracks = webmTracks(webmTrack(2, 'A_OPUS')), declaredMs, docType }: WebmVoiceOptions = {}): Buffer[] {
  return [webmHeader(docType), ebmlOpen(0x18538067, ebml(0x114d9b74, Buffer.alloc(30)), webmInfo(declaredMs), tracks, ...webmClusters(ms))];
}

export const webmVoiceNote = (ms: number, options?: WebmVoiceOptions) => Buffer.concat(webmVoiceParts(ms, options));

/** One Ogg page (the checksum is left zero: players do not need it to read timing). */
export function oggPage(serial: number, granule: bigint, body: Buffer, type = 0): Buffer {
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head[5] = type;
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  const lacing: number[] = [];
  let left = body.length;
  while (left >= 255) {
    lacing.push(255);
    left -= 255;
  }
  lacing.push(left);
  head[26] = lacing.length;
  return Buffer.concat([head, Buffer.from(lacing), body]);
}

const OPUS_PRE_SKIP = 312;
const opusHead = Buffer.concat([latin1('OpusHead'), Buffer.from([1, 1, OPUS_PRE_SKIP & 0xff, OPUS_PRE_SKIP >> 8]), Buffer.from([0x80, 0xbb, 0, 0]), Buffer.from([0, 0, 0])]);
const opusTags = Buffer.concat([latin1('OpusTags'), Buffer.alloc(12)]);

/** The pages of an Ogg Opus voice note `ms` long (granules at 48 kHz after the pre-skip). */
export function oggVoicePages(ms: number, serial = 77): Buffer[] {
  const pages = [oggPage(serial, 0n, opusHead, 2), oggPage(serial, 0n, opusTags)];
  for (let at = 1000; at <= ms; at += 1000) pages.push(oggPage(serial, BigInt(at * 48 + OPUS_PRE_SKIP), Buffer.alloc(300, 9)));
  return pages;
}

export const oggVoiceNote = (ms: number, serial?: number) => Buffer.concat(oggVoicePages(ms, serial));
