import sharp from 'sharp';
import { drawDemoPicture } from './seed-pictures';

describe('demo pictures', () => {
  it('are JPEGs of 1200 × 900, the same for the same name and different for another', async () => {
    const first = await drawDemoPicture('expert01-1', 'dating');
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 900]);
    expect((await drawDemoPicture('expert01-1', 'dating')).equals(first)).toBe(true);
    expect((await drawDemoPicture('expert01-2', 'dating')).equals(first)).toBe(false);
  });
});
