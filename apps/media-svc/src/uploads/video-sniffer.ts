export interface VideoType {
  format: 'mp4' | 'mov' | 'webm';
  contentType: string;
}

/** ISO base media brands of video files (AVIF and HEIC images share the container: not listed). */
const MP4_BRANDS = new Set([
  'isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'mp71', 'avc1', 'dash', 'M4V ', 'M4VH', 'M4VP',
  'mmp4', 'f4v ', '3gp4', '3gp5', '3gp6', '3g2a', 'MSNV',
]);

/** Bytes needed from the start of a file to recognise it. */
export const VIDEO_SNIFF_BYTES = 64;

/**
 * Recognises MP4, QuickTime and WebM by their own bytes (the ftyp box and the EBML header),
 * whatever the file's name or declared type says.
 */
export function sniffVideo(head: Buffer): VideoType | null {
  if (head.length >= 12 && head.toString('latin1', 4, 8) === 'ftyp') {
    const brand = head.toString('latin1', 8, 12);
    if (brand === 'qt  ') return { format: 'mov', contentType: 'video/quicktime' };
    if (MP4_BRANDS.has(brand)) return { format: 'mp4', contentType: 'video/mp4' };
    return null;
  }
  if (head.length >= 4 && head.readUInt32BE(0) === 0x1a45dfa3) {
    // The EBML header names its document type near the start: webm (not other Matroska files).
    const docType = head.indexOf('webm', 4, 'latin1');
    if (docType > 0) return { format: 'webm', contentType: 'video/webm' };
  }
  return null;
}
