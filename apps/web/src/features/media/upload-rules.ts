import type { MediaKind, UploadPurpose } from '@app/contracts';
import { UPLOAD_POLICIES } from '@app/contracts/browser';
import { MEDIA_TEXT } from './media-copy';

/** The media test page's seller media tab takes 5 files at a time (the route's default is 10). */
export const MEDIA_TEST_MAX_FILES = 5;

/** The formats media-svc stores, by the type the browser reports for a chosen file. */
const KIND_BY_MIME: Record<string, MediaKind> = {
  'image/png': 'image',
  'image/jpeg': 'image',
  'image/gif': 'image',
  'image/webp': 'image',
  'video/mp4': 'video',
  'video/quicktime': 'video',
  'video/webm': 'video',
};

const MB = 1024 * 1024;

/** What the browser's file picker is told to offer for a purpose. */
export function acceptFor(purpose: UploadPurpose): string {
  const kinds = UPLOAD_POLICIES[purpose].kinds;
  return Object.keys(KIND_BY_MIME)
    .filter((mime) => kinds.includes(KIND_BY_MIME[mime]))
    .join(',');
}

export function kindOf(file: File): MediaKind | undefined {
  return KIND_BY_MIME[file.type];
}

/**
 * The server's rules checked before a byte is sent, so a person learns at once that a file
 * will be refused. The server checks again from the file's own bytes; a file whose type the
 * browser cannot tell is left for it to judge.
 */
export function checkFile(file: File, purpose: UploadPurpose): string | null {
  const policy = UPLOAD_POLICIES[purpose];
  if (file.type) {
    const kind = kindOf(file);
    if (!kind) return MEDIA_TEXT.invalidType;
    if (!policy.kinds.includes(kind)) {
      return policy.kinds.includes('image') ? MEDIA_TEXT.imageOnly : MEDIA_TEXT.videoOnly;
    }
  }
  if (file.size > policy.maxMegabytes * MB) return MEDIA_TEXT.tooLarge(policy.maxMegabytes);
  return null;
}

/** A short line under the drop zone naming what the purpose accepts. */
export function limitsFor(purpose: UploadPurpose): string {
  const { kinds, maxMegabytes } = UPLOAD_POLICIES[purpose];
  const label = kinds.length > 1 ? MEDIA_TEXT.kindsAny : kinds[0] === 'image' ? MEDIA_TEXT.kindsImage : MEDIA_TEXT.kindsVideo;
  return MEDIA_TEXT.limits(label, maxMegabytes);
}

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < MB) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / MB).toFixed(1)} MB`;
}
