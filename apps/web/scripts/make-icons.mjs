// Renders the app's icons (public/icons/*.png) from the logo of public/favicon.svg: a chat
// bubble on the brand's violet. Run it after changing the logo: node apps/web/scripts/make-icons.mjs
// The PNGs are committed, so a build needs neither this script nor sharp.
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = fileURLToPath(new URL('../public/icons/', import.meta.url));
/** --primary of src/index.css (light). */
const VIOLET = '#7c3aed';
/** The bubble of favicon.svg, drawn on a 32-unit square. */
const BUBBLE = 'M8 10h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z';

/**
 * The logo on a `size` px canvas. `scale` shrinks the drawing about the centre (maskable icons keep
 * it inside the safe circle, 80% of the width); `fullBleed` fills the whole square (no rounded
 * corners: the platform cuts its own shape); `badge` draws the bubble alone in white, for the
 * monochrome badge of Android's status bar.
 */
function logo(size, { scale = 1, fullBleed = false, badge = false } = {}) {
  const offset = (32 - 32 * scale) / 2;
  const background = badge ? '' : fullBleed ? `<rect width="32" height="32" fill="${VIOLET}"/>` : `<rect width="32" height="32" rx="8" fill="${VIOLET}"/>`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 32 32">${background}` +
      `<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="${BUBBLE}" fill="#fff"/></g></svg>`,
  );
}

const ICONS = [
  { file: 'icon-192.png', size: 192 },
  { file: 'icon-512.png', size: 512 },
  // The bubble spans x 6..26 and y 10..26 of 32: at 0.75 its corners stay within the safe circle.
  { file: 'maskable-192.png', size: 192, scale: 0.75, fullBleed: true },
  { file: 'maskable-512.png', size: 512, scale: 0.75, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, scale: 0.85, fullBleed: true },
  { file: 'badge-96.png', size: 96, scale: 1.3, badge: true },
];

mkdirSync(OUT, { recursive: true });
for (const { file, size, ...options } of ICONS) {
  await sharp(logo(size, options)).png({ compressionLevel: 9 }).toFile(`${OUT}${file}`);
  console.log(`public/icons/${file} (${size}x${size})`);
}
