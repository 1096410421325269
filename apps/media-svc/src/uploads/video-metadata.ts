import { open, type FileHandle } from 'node:fs/promises';

/** Boxes that hold only descriptive metadata: location, device, software, dates, titles. */
const METADATA_BOXES = new Set(['udta', 'meta']);
/** Boxes whose children are searched for them: the movie and each of its tracks. */
const CONTAINERS = new Set(['moov', 'trak']);
/** Adobe XMP packets (which may hold GPS) travel in a uuid box with this id. */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const ZEROS = Buffer.alloc(64 * 1024);
/**
 * More boxes than any real file has (a long fragmented MP4 has a few thousand), so that a file
 * of millions of tiny boxes costs a bounded number of reads.
 */
const MAX_BOXES = 20_000;

export class MalformedVideoError extends Error {}

/** One box of an MP4 or QuickTime file; `children` for the movie and its tracks. */
export interface IsoBox {
  type: string;
  offset: number;
  headerSize: number;
  size: number;
  xmp: boolean;
  children?: IsoBox[];
}

/**
 * Blanks the descriptive metadata of an MP4 or QuickTime file in place: every udta, meta and XMP
 * box at the top, in the movie and in its tracks becomes a `free` box of the same size, zeroed.
 * Nothing moves, so chunk offsets stay right and players skip the free space; the file's size is
 * unchanged. Only box headers are read, so a 50 MB file costs a few small reads.
 * Returns how many boxes were blanked; throws MalformedVideoError when the boxes do not add up.
 */
export async function blankVideoMetadata(path: string): Promise<number> {
  const file = await open(path, 'r+');
  try {
    return await blankWithin(file, await boxesOf(file));
  } finally {
    await file.close();
  }
}

/**
 * Checks that an MP4 or QuickTime file is a movie: its boxes add up to the file, and it has the
 * movie header (moov with its mvhd) and media data (mdat) every player needs. A known header in
 * front of anything else (a page, a script) is not a video. Throws MalformedVideoError.
 */
export async function checkIsoVideo(path: string): Promise<void> {
  const file = await open(path, 'r');
  let boxes: IsoBox[];
  try {
    boxes = await boxesOf(file);
  } finally {
    await file.close();
  }
  if (boxes[0]?.type !== 'ftyp') throw new MalformedVideoError('no ftyp box first');
  const movie = boxes.find((box) => box.type === 'moov');
  if (!movie?.children?.some((box) => box.type === 'mvhd')) throw new MalformedVideoError('no movie header');
  if (!boxes.some((box) => box.type === 'mdat')) throw new MalformedVideoError('no media data');
}

async function boxesOf(file: FileHandle): Promise<IsoBox[]> {
  const { size } = await file.stat();
  return readBoxes(file, 0, size, true, { left: MAX_BOXES });
}

async function readBoxes(file: FileHandle, start: number, end: number, topLevel: boolean, budget: { left: number }): Promise<IsoBox[]> {
  const header = Buffer.alloc(24);
  const boxes: IsoBox[] = [];
  let offset = start;
  while (end - offset >= 8) {
    if (--budget.left < 0) throw new MalformedVideoError('too many boxes');
    const { bytesRead } = await file.read(header, 0, header.length, offset);
    let size = header.readUInt32BE(0);
    const type = header.toString('latin1', 4, 8);
    let headerSize = 8;
    if (size === 1) {
      if (bytesRead < 16) throw new MalformedVideoError(`${type} box cut short`);
      size = Number(header.readBigUInt64BE(8));
      headerSize = 16;
    } else if (size === 0 && topLevel) {
      size = end - offset; // the last box runs to the end of the file
    }
    if (size < headerSize || offset + size > end) throw new MalformedVideoError(`${type} box at ${offset} does not fit`);

    const box: IsoBox = { type, offset, headerSize, size, xmp: type === 'uuid' && bytesRead >= 24 && size >= 24 && header.subarray(8, 24).equals(XMP_UUID) };
    if (CONTAINERS.has(type)) box.children = await readBoxes(file, offset + headerSize, offset + size, false, budget);
    boxes.push(box);
    offset += size;
  }
  return boxes;
}

async function blankWithin(file: FileHandle, boxes: IsoBox[]): Promise<number> {
  let blanked = 0;
  for (const box of boxes) {
    if (METADATA_BOXES.has(box.type) || box.xmp) {
      await blank(file, box);
      blanked++;
    } else if (box.children) {
      blanked += await blankWithin(file, box.children);
    }
  }
  return blanked;
}

async function blank(file: FileHandle, { offset, headerSize, size }: IsoBox) {
  await file.write(Buffer.from('free', 'latin1'), 0, 4, offset + 4);
  for (let at = offset + headerSize; at < offset + size; at += ZEROS.length) {
    await file.write(ZEROS, 0, Math.min(ZEROS.length, offset + size - at), at);
  }
}
