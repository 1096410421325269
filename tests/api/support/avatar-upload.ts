import sharp from 'sharp';
import type { ApiClient } from '../auth-stack';
import { multipartBody } from '../media-harness';

/** A small PNG of this size uploaded as `c`'s avatar through the gateway, as the profile page does; answers its URL. */
export async function uploadAvatar(stack: { baseUrl: string; origin: string }, c: ApiClient, { width = 32, height = 32 } = {}): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: { r: 200, g: 20, b: 90 } } }).png().toBuffer();
  const { contentType, chunks } = multipartBody([{ field: 'file', name: 'me.png', type: 'image/png', data: png }]);
  const res = await fetch(`${stack.baseUrl}/api/upload?purpose=avatar`, {
    method: 'POST',
    headers: { origin: stack.origin, 'content-type': contentType, cookie: `sid=${c.sid}`, 'x-forwarded-for': c.ip },
    body: Buffer.concat(chunks),
  });
  if (res.status !== 201) throw new Error(`avatar upload answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { file: { url: string } }).file.url;
}
