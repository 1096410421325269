import { open, type FileHandle } from 'node:fs/promises';

/** Boxes that hold only descriptive metadata: location, device, software, dates, titles. */
const METADATA_BOXES = new Set(['udta', 'meta']);
/** Boxes whose children are searched for them: the movie and each of its tracks. */
const CONTAINERS = new Set(['moov', 'trak']);
/** Adobe XMP packets (which may hold GPS) travel in a uuid box with this id. */
const XMP_UUID = Buffer.from('be7acfcb97a942e89c71999491e3afac', 'hex');
const ZEROS = Buffer.alloc(64 * 1024);

export class MalformedVideoError extends Error {}

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
    const { size } = await file.stat();
    return await blankWithin(file, 0, size, true);
  } finally {
    await file.close();
  }
}

async function blankWithin(file: FileHandle, start: number, end: number, topLevel: boolean): Promise<number> {
  const header = Buffer.alloc(24);
  let blanked = 0;
  let offset = start;
  while (end - offset >= 8) {
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

    const isXmp = type === 'uuid' && bytesRead >= 24 && size >= 24 && header.subarray(8, 24).equals(XMP_UUID);
    if (METADATA_BOXES.has(type) || isXmp) {
      await blank(file, offset, headerSize, size);
      blanked++;
    } else if (CONTAINERS.has(type)) {
      blanked += await blankWithin(file, offset + headerSize, offset + size, false);
    }
    offset += size;
  }
  return blanked;
}

async function blank(file: FileHandle, offset: number, headerSize: number, size: number) {
  await file.write(Buffer.from('free', 'latin1'), 0, 4, offset + 4);
  for (let at = offset + headerSize; at < offset + size; at += ZEROS.length) {
    await file.write(ZEROS, 0, Math.min(ZEROS.length, offset + size - at), at);
  }
}
