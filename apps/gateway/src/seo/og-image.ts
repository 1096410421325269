import sharp from 'sharp';

export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;
const PRODUCT_NAME = 'ChatMarket';
const TAGLINE = 'Free chat rooms and expert consultations';
const POINTS = 'Public rooms · Private chats · VIP · Audio & video calls with experts';

const SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="${OG_IMAGE_WIDTH}" height="${OG_IMAGE_HEIGHT}" viewBox="0 0 ${OG_IMAGE_WIDTH} ${OG_IMAGE_HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#4f46e5"/>
      <stop offset="1" stop-color="#9333ea"/>
    </linearGradient>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <g transform="translate(96 150)">
    <rect width="132" height="104" rx="26" fill="#ffffff"/>
    <path d="M34 104 L34 140 L72 104 Z" fill="#ffffff"/>
    <circle cx="40" cy="52" r="10" fill="#4f46e5"/>
    <circle cx="66" cy="52" r="10" fill="#6d28d9"/>
    <circle cx="92" cy="52" r="10" fill="#9333ea"/>
  </g>
  <text x="270" y="235" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="104" font-weight="bold" fill="#ffffff">${PRODUCT_NAME}</text>
  <text x="96" y="390" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="48" fill="#ffffff">${TAGLINE}</text>
  <text x="96" y="470" font-family="DejaVu Sans, Liberation Sans, sans-serif" font-size="30" fill="#e0e7ff">${POINTS.replace('&', '&amp;')}</text>
</svg>`;

let rendered: Promise<Buffer> | undefined;

/** The social-share picture, rendered once per process from an SVG. */
export function ogImagePng(): Promise<Buffer> {
  rendered ??= sharp(Buffer.from(SVG)).png({ compressionLevel: 9 }).toBuffer();
  rendered.catch(() => (rendered = undefined));
  return rendered;
}
