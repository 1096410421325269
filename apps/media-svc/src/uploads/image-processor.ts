import { MAX_IMAGE_DIMENSION } from '@app/contracts';
import sharp, { type Metadata } from 'sharp';

// Uploads are each decoded once; libvips' operation cache would only hold memory.
sharp.cache(false);

/** Refuses decompression bombs before decoding (about 10 000 x 10 000 pixels). */
const MAX_INPUT_PIXELS = 100_000_000;

export interface ImageType {
  format: 'jpeg' | 'png' | 'gif' | 'webp';
  contentType: string;
  animated: boolean;
  /** 1 for a still image. */
  frames: number;
  /** Pixels decoded across every frame: what re-encoding costs. */
  pixels: number;
}

/** Re-encoding ran out of the time it was given. */
export class ImageTimeoutError extends Error {}

export interface EncodedImage extends ImageType {
  size: number;
  width: number;
  height: number;
}

const CONTENT_TYPES: Record<ImageType['format'], string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
};

/**
 * What the image library reads in the file's own bytes. Only raster formats browsers show
 * are accepted: SVG (scriptable), HTML or anything else named .png is refused here.
 */
export async function probeImage(input: string | Buffer): Promise<ImageType | null> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { animated: true, limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    return null;
  }
  const format = outputFormat(meta);
  if (!format) return null;
  const animated = (meta.pages ?? 1) > 1 && (format === 'gif' || format === 'webp');
  const frames = animated ? (meta.pages ?? 1) : 1;
  const frameHeight = meta.pageHeight ?? meta.height ?? 0;
  return { format, contentType: CONTENT_TYPES[format], animated, frames, pixels: (meta.width ?? 0) * frameHeight * frames };
}

function outputFormat(meta: Metadata): ImageType['format'] | null {
  switch (meta.format) {
    case 'jpeg':
    case 'png':
    case 'gif':
    case 'webp':
      return meta.format;
    // AVIF decodes, but is stored as WebP, which every browser shows.
    case 'heif':
      return meta.compression === 'av1' ? 'webp' : null;
    default:
      return null;
  }
}

/**
 * Re-encodes an image: metadata (EXIF, GPS, comments) is dropped, the camera's orientation is
 * applied to the pixels, sides are bounded to MAX_IMAGE_DIMENSION, animation is kept. libvips
 * stops the work itself after `timeoutSeconds` (ImageTimeoutError).
 */
export async function reencodeImage(input: string, output: string, type: ImageType, timeoutSeconds: number): Promise<EncodedImage> {
  let image = sharp(input, { animated: type.animated, limitInputPixels: MAX_INPUT_PIXELS }).timeout({ seconds: timeoutSeconds });
  if (!type.animated) image = image.rotate();
  image = image.resize({
    width: MAX_IMAGE_DIMENSION,
    height: MAX_IMAGE_DIMENSION,
    fit: 'inside',
    withoutEnlargement: true,
  });
  switch (type.format) {
    case 'jpeg':
      image = image.jpeg({ quality: 85, mozjpeg: true });
      break;
    case 'png':
      image = image.png({ compressionLevel: 8 });
      break;
    case 'gif':
      image = image.gif();
      break;
    case 'webp':
      image = image.webp({ quality: 85 });
      break;
  }
  const info = await image.toFile(output).catch((error: Error) => {
    throw /timeout/i.test(error.message) ? new ImageTimeoutError(error.message) : error;
  });
  return { ...type, size: info.size, width: info.width, height: info.pageHeight ?? info.height };
}

/**
 * A link preview's picture: its first frame, metadata dropped, turned upright, at most `side`
 * pixels a side, as WebP, whatever it came as. libvips stops after `timeoutSeconds`.
 */
export async function encodePreviewImage(input: Buffer, side: number, timeoutSeconds: number): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
    .timeout({ seconds: timeoutSeconds })
    .rotate()
    .resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true })
    .catch((error: Error) => {
      throw /timeout/i.test(error.message) ? new ImageTimeoutError(error.message) : error;
    });
  return { data, width: info.width, height: info.height };
}
