import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { MediaUploadHeaders, type UploadedFileDto, type UploadPurpose } from '@app/contracts';

/**
 * The demo sellers' pictures are drawn here and stored through media-svc like any upload,
 * so the demo needs no network and shows the product's own storage and serving at work.
 */

const WIDTH = 1200;
const HEIGHT = 900;

/** Per category, in the spirit of its badge: a light background, a strong and an accent colour. */
const PALETTES: Record<string, [string, string, string]> = {
  dating: ['#fce7f3', '#db2777', '#fb7185'],
  career: ['#dbeafe', '#2563eb', '#38bdf8'],
  friendship: ['#fef3c7', '#d97706', '#facc15'],
  emotional: ['#d1fae5', '#059669', '#34d399'],
  fun: ['#ede9fe', '#7c3aed', '#c084fc'],
};
const DEFAULT_PALETTE = PALETTES.fun;

/** A picture drawn from its name (the same name, the same picture): soft shapes over a gradient. */
export function drawDemoPicture(name: string, category: string): Promise<Buffer> {
  const [light, strong, accent] = PALETTES[category] ?? DEFAULT_PALETTE;
  const bytes = createHash('sha256').update(name).digest();
  const angle = bytes[0] % 2 === 0 ? 'x2="1" y2="1"' : 'x1="1" x2="0" y2="1"';
  const circles = Array.from({ length: 6 }, (_, i) => {
    const x = (bytes[1 + i * 4] / 255) * WIDTH;
    const y = (bytes[2 + i * 4] / 255) * HEIGHT;
    const r = 80 + (bytes[3 + i * 4] / 255) * 260;
    const fill = i % 2 === 0 ? strong : accent;
    const opacity = (0.18 + (bytes[4 + i * 4] / 255) * 0.35).toFixed(2);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="${fill}" fill-opacity="${opacity}"/>`;
  }).join('');
  const wave = 560 + (bytes[28] / 255) * 200;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs><linearGradient id="g" ${angle}><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${accent}"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>${circles}
  <path d="M0 ${wave.toFixed(0)} C ${WIDTH * 0.3} ${(wave - 160).toFixed(0)}, ${WIDTH * 0.7} ${(wave + 160).toFixed(0)}, ${WIDTH} ${(wave - 40).toFixed(0)} V ${HEIGHT} H 0 Z" fill="${strong}" fill-opacity="0.35"/>
</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

export interface DemoPicture {
  name: string;
  data: Buffer;
}

/** Uploads pictures in one request to media-svc's internal upload, as the owner would, and returns their URLs. */
export async function uploadDemoPictures(
  mediaSvcUrl: string,
  ownerId: number,
  purpose: UploadPurpose,
  pictures: DemoPicture[],
): Promise<string[]> {
  if (pictures.length === 0) return [];
  const form = new FormData();
  for (const picture of pictures) {
    form.append('files', new Blob([new Uint8Array(picture.data)], { type: 'image/jpeg' }), `${picture.name}.jpg`);
  }
  const res = await fetch(new URL('/uploads', mediaSvcUrl), {
    method: 'POST',
    headers: {
      [MediaUploadHeaders.UserId]: String(ownerId),
      [MediaUploadHeaders.Purpose]: purpose,
      [MediaUploadHeaders.MaxFiles]: String(pictures.length),
      [MediaUploadHeaders.Field]: 'files',
    },
    body: form,
    signal: AbortSignal.timeout(60_000),
  });
  if (res.status !== 201) throw new Error(`Storing demo pictures failed: ${res.status} ${await res.text()}`);
  const { files } = (await res.json()) as { files: UploadedFileDto[] };
  return files.map((file) => file.url);
}

/** Whether media-svc still serves a stored picture: its storage may have been wiped since. */
export async function isServed(mediaSvcUrl: string, url: string): Promise<boolean> {
  const res = await fetch(new URL(url, mediaSvcUrl), { headers: { range: 'bytes=0-0' }, signal: AbortSignal.timeout(10_000) });
  await res.body?.cancel();
  return res.ok;
}
