/**
 * What names a stored file: its purpose, its key in the bucket and its address. Apart from the
 * upload rules (media.constants) because every page's avatars ask isStoredMediaUrl, and the
 * web app's entry chunk should carry only this.
 */
/** What an upload is for; each purpose has its own size limit and accepted kinds of file. */
export const UploadPurpose = {
  General: 'general',
  Avatar: 'avatar',
  Gallery: 'gallery',
  Intro: 'intro',
  Seller: 'seller',
  Chat: 'chat',
  Voice: 'voice',
  /** Pictures of link previews, which the server downloads itself; nobody uploads them. */
  Preview: 'preview',
} as const;
export type UploadPurpose = (typeof UploadPurpose)[keyof typeof UploadPurpose];
export const UPLOAD_PURPOSES = Object.values(UploadPurpose);

/** Every object media-svc issues is served under this path. */
export const MEDIA_URL_PREFIX = '/media/';

/** The file extension of each stored format. */
export const MEDIA_EXTENSIONS: Record<string, string> = {
  jpeg: 'jpg',
  png: 'png',
  gif: 'gif',
  webp: 'webp',
  mp4: 'mp4',
  mov: 'mov',
  webm: 'webm',
  ogg: 'ogg',
};

export interface MediaKey {
  purpose: UploadPurpose;
  /** A lower-case UUID. */
  id: string;
  extension: string;
}

const MEDIA_KEY_PATTERN = /^([a-z]+)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([a-z0-9]+)$/;

/**
 * Reads an object key, `<purpose>/<uuid>.<ext>`, exactly as issued: anything else (other
 * characters, percent-escapes, dot segments) is not one of ours.
 */
export function parseMediaKey(key: string): MediaKey | null {
  const match = MEDIA_KEY_PATTERN.exec(key);
  if (!match) return null;
  const [, purpose, id, extension] = match;
  if (!(UPLOAD_PURPOSES as string[]).includes(purpose)) return null;
  if (!Object.values(MEDIA_EXTENSIONS).includes(extension)) return null;
  return { purpose: purpose as UploadPurpose, id, extension };
}

/**
 * Whether a picture or video URL is one this product stores: `/media/<key>` exactly as
 * media-svc issues it. Profiles show only these, so nobody's browser is sent to another site.
 */
export function isStoredMediaUrl(value: unknown): value is string {
  return typeof value === 'string' && value.startsWith(MEDIA_URL_PREFIX) && parseMediaKey(value.slice(MEDIA_URL_PREFIX.length)) !== null;
}

export function mediaKeyOf({ purpose, id, extension }: MediaKey): string {
  return `${purpose}/${id}.${extension}`;
}
