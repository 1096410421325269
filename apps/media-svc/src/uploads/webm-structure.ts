import { open, type FileHandle } from 'node:fs/promises';
import { MalformedVideoError } from './video-metadata';

/** Matroska element ids (with their length marker, as written). */
const EBML = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const TRACKS = 0x1654ae6b;
const TRACK_ENTRY = 0xae;
/** Padding and checksums may sit between top-level elements. */
const VOID = 0xec;
const CRC32 = 0xbf;
/** Far more than the few elements (seek head, info, tags) that come before the tracks. */
const MAX_ELEMENTS = 1000;
const MAX_HEADER_BYTES = 4096;

interface Element {
  id: number;
  /** Where its data starts. */
  start: number;
  /** null: an unknown size (live recordings), running to the end of its parent. */
  size: number | null;
}

/**
 * Checks that a WebM file is one: the EBML header names the webm document type, a Segment
 * follows, and the Segment holds Tracks with at least one track before any element of unknown
 * size (a cluster of a live recording) or the end. A WebM header in front of anything else (a
 * page, a script) is not a video. Throws MalformedVideoError.
 */
export async function checkWebmVideo(path: string): Promise<void> {
  const file = await open(path, 'r');
  try {
    const { size: fileSize } = await file.stat();
    const budget = { left: MAX_ELEMENTS };
    const header = await readElement(file, 0, fileSize, budget);
    if (header.id !== EBML || header.size === null || header.size > MAX_HEADER_BYTES) throw new MalformedVideoError('no EBML header');
    if ((await docType(file, header, budget)) !== 'webm') throw new MalformedVideoError('not a webm document');

    let offset = header.start + header.size;
    let segment = await readElement(file, offset, fileSize, budget);
    while (segment.id === VOID || segment.id === CRC32) {
      offset = end(segment, fileSize);
      segment = await readElement(file, offset, fileSize, budget);
    }
    if (segment.id !== SEGMENT) throw new MalformedVideoError('no Segment');
    const tracks = await find(file, segment, fileSize, TRACKS, budget);
    if (!tracks || tracks.size === null || !(await find(file, tracks, fileSize, TRACK_ENTRY, budget))) {
      throw new MalformedVideoError('no Tracks');
    }
  } finally {
    await file.close();
  }
}

function end(element: Element, parentEnd: number): number {
  return element.size === null ? parentEnd : element.start + element.size;
}

/** The first child of `parent` with this id, walking children of known size only. */
async function find(file: FileHandle, parent: Element, fileSize: number, id: number, budget: { left: number }): Promise<Element | null> {
  const parentEnd = end(parent, fileSize);
  let offset = parent.start;
  while (offset < parentEnd) {
    const child = await readElement(file, offset, parentEnd, budget);
    if (child.id === id) return child;
    if (child.size === null) return null;
    offset = child.start + child.size;
  }
  return null;
}

async function docType(file: FileHandle, header: Element, budget: { left: number }): Promise<string | null> {
  const element = await find(file, header, header.start + (header.size ?? 0), DOC_TYPE, budget);
  if (!element || element.size === null || element.size > 64) return null;
  const value = Buffer.alloc(element.size);
  await file.read(value, 0, element.size, element.start);
  return value.toString('latin1').replace(/\0+$/, '');
}

/** Reads an element's id and size (both variable-length integers); it must fit before `limit`. */
async function readElement(file: FileHandle, offset: number, limit: number, budget: { left: number }): Promise<Element> {
  if (--budget.left < 0) throw new MalformedVideoError('too many elements');
  const bytes = Buffer.alloc(12);
  const { bytesRead } = await file.read(bytes, 0, Math.max(0, Math.min(12, limit - offset)), offset);
  const idLength = vintLength(bytes[0], 4);
  const sizeLength = vintLength(bytes[idLength], 8);
  if (!idLength || !sizeLength || idLength + sizeLength > bytesRead) throw new MalformedVideoError(`element at ${offset} cut short`);

  const id = bytes.readUIntBE(0, idLength);
  let size = bytes[idLength] & (0xff >> sizeLength);
  let unknown = size === 0xff >> sizeLength;
  for (let i = 1; i < sizeLength; i++) {
    const byte = bytes[idLength + i];
    unknown &&= byte === 0xff;
    size = size * 256 + byte;
  }
  const start = offset + idLength + sizeLength;
  if (unknown) return { id, start, size: null };
  if (start + size > limit) throw new MalformedVideoError(`element at ${offset} does not fit`);
  return { id, start, size };
}

/** How many bytes a variable-length integer starting with `first` takes: its leading zeros + 1. */
function vintLength(first: number | undefined, max: number): number {
  if (!first) return 0;
  const length = Math.clz32(first) - 23;
  return length <= max ? length : 0;
}
