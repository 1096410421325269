import { readFile } from 'node:fs/promises';

export interface AudioType {
  format: 'webm' | 'ogg';
  contentType: 'audio/webm' | 'audio/ogg';
  /** Read from the audio's own timing (block timecodes, granule positions), not from a header that could say anything. */
  durationMs: number;
}

/** The bytes are not audio this product plays. */
export class MalformedAudioError extends Error {}

/** Codecs every browser that records voice notes plays back. */
const WEBM_AUDIO_CODECS = new Set(['A_OPUS', 'A_VORBIS']);

/**
 * Reads a voice note: WebM (what Chromium's MediaRecorder writes) or Ogg (Firefox's), audio
 * tracks only, Opus or Vorbis, every element or page of it accounted for. The caller bounds
 * the size (the voice upload limit) before this reads the file whole. Null when it is neither
 * container; throws MalformedAudioError when it claims one and is not a well-formed one.
 */
export async function probeAudio(path: string): Promise<AudioType | null> {
  const bytes = await readFile(path);
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === EBML) return { format: 'webm', contentType: 'audio/webm', durationMs: webmDurationMs(bytes) };
  if (bytes.length >= 4 && bytes.toString('latin1', 0, 4) === 'OggS') return { format: 'ogg', contentType: 'audio/ogg', durationMs: oggDurationMs(bytes) };
  return null;
}

// ---------------------------------------------------------------- WebM (Matroska)

const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const INFO = 0x1549a966;
const TIMECODE_SCALE = 0x2ad7b1;
const DURATION = 0x4489;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
const TRACK_TYPE = 0x83;
const CODEC_ID = 0x86;
const CLUSTER = 0x1f43b675;
const CLUSTER_TIMECODE = 0xe7;
const SIMPLE_BLOCK = 0xa3;
const BLOCK_GROUP = 0xa0;
const BLOCK = 0xa1;
/** Segment children: an unknown-size Cluster ends where the next of these starts. */
const SEGMENT_CHILDREN = new Set([0x114d9b74, INFO, TRACKS, CLUSTER, 0x1c53bb6b, 0x1043a770, 0x1254c367, 0x1941a469, 0xec, 0xbf]);
const AUDIO_TRACK = 2;
const DEFAULT_TIMECODE_SCALE = 1_000_000;

interface Element {
  id: number;
  start: number;
  /** Where its data ends: the parent's end for an unknown size (a live recording's Segment and Clusters). */
  end: number;
  unknownSize: boolean;
}

function webmDurationMs(bytes: Buffer): number {
  const header = element(bytes, 0, bytes.length);
  if (header.unknownSize || text(bytes, child(bytes, header, DOC_TYPE)) !== 'webm') throw new MalformedAudioError('not a webm document');
  const segment = element(bytes, header.end, bytes.length);
  if (segment.id !== SEGMENT) throw new MalformedAudioError('no Segment');

  let scale = DEFAULT_TIMECODE_SCALE;
  let declared = 0;
  let audioTracks = 0;
  let latest = 0;
  let offset = segment.start;
  while (offset < segment.end) {
    const el = element(bytes, offset, segment.end);
    if (el.id === INFO) {
      const scaleEl = child(bytes, el, TIMECODE_SCALE);
      if (scaleEl) scale = uint(bytes, scaleEl);
      const durationEl = child(bytes, el, DURATION);
      if (durationEl) declared = float(bytes, durationEl);
    } else if (el.id === TRACKS) {
      audioTracks = countAudioTracks(bytes, el);
    } else if (el.id === CLUSTER) {
      if (!audioTracks) throw new MalformedAudioError('a Cluster before the Tracks');
      const { end, latest: clusterLatest } = readCluster(bytes, el, segment.end);
      latest = Math.max(latest, clusterLatest);
      offset = end;
      continue;
    }
    if (el.unknownSize) throw new MalformedAudioError('an element of unknown size outside a Cluster');
    offset = el.end;
  }
  if (!audioTracks) throw new MalformedAudioError('no audio track');
  if (!scale) throw new MalformedAudioError('no timecode scale');
  return Math.round((Math.max(latest, declared) * scale) / 1_000_000);
}

/** Every track must be audio in a codec browsers play: a video or subtitle track is not a voice note. */
function countAudioTracks(bytes: Buffer, tracks: Element): number {
  let count = 0;
  for (const entry of children(bytes, tracks)) {
    if (entry.id !== TRACK_ENTRY) continue;
    const type = child(bytes, entry, TRACK_TYPE);
    const codec = child(bytes, entry, CODEC_ID);
    if (!type || uint(bytes, type) !== AUDIO_TRACK || !WEBM_AUDIO_CODECS.has(text(bytes, codec) ?? '')) {
      throw new MalformedAudioError('a track that is not Opus or Vorbis audio');
    }
    count++;
  }
  return count;
}

/** The cluster's end and the latest block time in it, in timecode units. */
function readCluster(bytes: Buffer, cluster: Element, segmentEnd: number): { end: number; latest: number } {
  let base = 0;
  let latest = 0;
  let offset = cluster.start;
  while (offset < cluster.end) {
    const el = element(bytes, offset, cluster.unknownSize ? segmentEnd : cluster.end);
    if (cluster.unknownSize && SEGMENT_CHILDREN.has(el.id)) return { end: offset, latest };
    if (el.unknownSize) throw new MalformedAudioError('an element of unknown size in a Cluster');
    if (el.id === CLUSTER_TIMECODE) base = uint(bytes, el);
    if (el.id === SIMPLE_BLOCK) latest = Math.max(latest, base + blockTime(bytes, el));
    if (el.id === BLOCK_GROUP) {
      const block = child(bytes, el, BLOCK);
      if (block) latest = Math.max(latest, base + blockTime(bytes, block));
    }
    offset = el.end;
  }
  return { end: cluster.end, latest };
}

/** A block starts with its track number (a variable-length integer), then its time relative to the cluster. */
function blockTime(bytes: Buffer, block: Element): number {
  const trackLength = vintLength(bytes[block.start], 8);
  if (!trackLength || block.start + trackLength + 2 > block.end) throw new MalformedAudioError('a block cut short');
  return bytes.readInt16BE(block.start + trackLength);
}

function* children(bytes: Buffer, parent: Element): Generator<Element> {
  let offset = parent.start;
  while (offset < parent.end) {
    const el = element(bytes, offset, parent.end);
    yield el;
    if (el.unknownSize) return;
    offset = el.end;
  }
}

function child(bytes: Buffer, parent: Element, id: number): Element | null {
  for (const el of children(bytes, parent)) if (el.id === id) return el;
  return null;
}

/** An element's id and size (variable-length integers); it must fit before `limit`. */
function element(bytes: Buffer, offset: number, limit: number): Element {
  const idLength = vintLength(bytes[offset], 4);
  const sizeLength = idLength ? vintLength(bytes[offset + idLength], 8) : 0;
  if (!idLength || !sizeLength || offset + idLength + sizeLength > limit) throw new MalformedAudioError(`element at ${offset} cut short`);
  const id = bytes.readUIntBE(offset, idLength);
  let size = bytes[offset + idLength] & (0xff >> sizeLength);
  let unknown = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[offset + idLength + i];
    unknown &&= byte === 0xff;
    size = size * 256 + byte;
  }
  const start = offset + idLength + sizeLength;
  if (unknown) return { id, start, end: limit, unknownSize: true };
  if (start + size > limit) throw new MalformedAudioError(`element at ${offset} does not fit`);
  return { id, start, end: start + size, unknownSize: false };
}

function vintLength(first: number | undefined, max: number): number {
  if (!first) return 0;
  const length = Math.clz32(first) - 23;
  return length <= max ? length : 0;
}

function uint(bytes: Buffer, el: Element): number {
  const length = el.end - el.start;
  // An empty integer element holds its default, 0.
  if (length === 0) return 0;
  if (length > 6) throw new MalformedAudioError('an unsigned integer of bad length');
  return bytes.readUIntBE(el.start, length);
}

function float(bytes: Buffer, el: Element): number {
  const length = el.end - el.start;
  const value = length === 4 ? bytes.readFloatBE(el.start) : length === 8 ? bytes.readDoubleBE(el.start) : NaN;
  if (!Number.isFinite(value) || value < 0) throw new MalformedAudioError('a bad duration');
  return value;
}

function text(bytes: Buffer, el: Element | null): string | null {
  return el ? bytes.toString('latin1', el.start, el.end).replace(/\0+$/, '') : null;
}

// ---------------------------------------------------------------- Ogg

const OGG_HEADER = 27;
/** Opus always counts granules at 48 kHz, whatever the input rate. */
const OPUS_RATE = 48_000;

/**
 * Walks every page to the last byte: one logical stream of Opus or Vorbis, its length from the
 * last granule position (less Opus's pre-skip).
 */
function oggDurationMs(bytes: Buffer): number {
  let offset = 0;
  let serial: number | null = null;
  let rate = 0;
  let preSkip = 0;
  let granule = 0n;
  while (offset < bytes.length) {
    if (offset + OGG_HEADER > bytes.length || bytes.toString('latin1', offset, offset + 4) !== 'OggS' || bytes[offset + 4] !== 0) {
      throw new MalformedAudioError(`no Ogg page at ${offset}`);
    }
    const segments = bytes[offset + 26];
    const tableEnd = offset + OGG_HEADER + segments;
    if (tableEnd > bytes.length) throw new MalformedAudioError('a page table cut short');
    let bodyLength = 0;
    for (let i = offset + OGG_HEADER; i < tableEnd; i++) bodyLength += bytes[i];
    const bodyEnd = tableEnd + bodyLength;
    if (bodyEnd > bytes.length) throw new MalformedAudioError('a page cut short');

    const pageSerial = bytes.readUInt32LE(offset + 14);
    if (serial === null) {
      serial = pageSerial;
      const body = bytes.subarray(tableEnd, bodyEnd);
      if (body.toString('latin1', 0, 8) === 'OpusHead' && body.length >= 19) {
        rate = OPUS_RATE;
        preSkip = body.readUInt16LE(10);
      } else if (body.toString('latin1', 0, 7) === '\x01vorbis' && body.length >= 16) {
        rate = body.readUInt32LE(12);
      }
      if (!rate) throw new MalformedAudioError('not Opus or Vorbis');
    } else if (pageSerial !== serial) {
      throw new MalformedAudioError('more than one stream');
    }
    const position = bytes.readBigInt64LE(offset + 6);
    // -1: no packet ends on this page.
    if (position > granule) granule = position;
    offset = bodyEnd;
  }
  const samples = Number(granule) - preSkip;
  return Math.max(0, Math.round((samples * 1000) / rate));
}
