import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { ImageTimeoutError, probeImage, reencodeImage } from './image-processor';

/** `frames` copies of one solid GIF frame, put together byte by byte (cheap to make, dear to re-encode). */
async function solidAnimation(side: number, frames: number): Promise<Buffer> {
  const still = await sharp({ create: { width: side, height: side, channels: 3, background: { r: 200, g: 0, b: 0 } } })
    .gif({ colours: 2, dither: 0, effort: 1 })
    .toBuffer();
  const flags = still[10];
  const imageStart = 13 + (flags & 0x80 ? 3 * 2 ** ((flags & 7) + 1) : 0);
  const frame = still.subarray(imageStart, still.length - 1);
  return Buffer.concat([still.subarray(0, imageStart), ...Array.from({ length: frames }, () => frame), Buffer.from([0x3b])]);
}

describe('image processing', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'image-'));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('counts the frames of an animation and the pixels they decode to, from the header alone', async () => {
    const path = join(dir, 'bomb.gif');
    await writeFile(path, await solidAnimation(4096, 5));
    expect(await probeImage(path)).toMatchObject({ format: 'gif', animated: true, frames: 5, pixels: 4096 * 4096 * 5 });

    const still = join(dir, 'still.png');
    await writeFile(still, await sharp({ create: { width: 30, height: 20, channels: 3, background: '#123456' } }).png().toBuffer());
    expect(await probeImage(still)).toMatchObject({ format: 'png', animated: false, frames: 1, pixels: 600 });
  });

  it('stops re-encoding that runs past its time', async () => {
    const path = join(dir, 'slow.gif');
    await writeFile(path, await solidAnimation(4096, 5));
    const type = await probeImage(path);
    const started = process.cpuUsage();
    await expect(reencodeImage(path, join(dir, 'out.gif'), type!, 1)).rejects.toBeInstanceOf(ImageTimeoutError);
    const used = process.cpuUsage(started);
    // Unbounded, this file costs about 8 s of CPU.
    expect((used.user + used.system) / 1000).toBeLessThan(5000);
  });
});
