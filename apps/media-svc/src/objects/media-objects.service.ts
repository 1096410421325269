import { Injectable } from '@nestjs/common';
import { MEDIA_URL_PREFIX, mediaKeyOf, parseMediaKey, type MediaObjectVerification, type UploadedFileDto, type UploadPurpose } from '@app/contracts';
import type { MediaObject } from './media-object.entity';
import { MediaObjectsRepository } from './media-objects.repository';

/** What other services ask of the stored objects. */
@Injectable()
export class MediaObjectsService {
  constructor(private readonly objects: MediaObjectsRepository) {}

  /** Was this URL issued by us (for this purpose)? */
  async verify(url: string, purpose?: UploadPurpose): Promise<MediaObjectVerification> {
    const key = keyFromUrl(url);
    const object = key ? await this.objects.findByKey(key) : null;
    if (!object || (purpose && object.purpose !== purpose)) return { ok: false };
    return {
      ok: true,
      type: object.kind,
      format: object.format,
      contentType: object.contentType,
      purpose: object.purpose,
      ownerId: object.ownerId,
      size: object.size,
    };
  }
}

export function urlOf(key: string): string {
  return `${MEDIA_URL_PREFIX}${key}`;
}

/** Keys are <purpose>/<uuid>.<ext>; anything else is not one of ours. */
export function keyFromUrl(url: string): string | null {
  if (!url.startsWith(MEDIA_URL_PREFIX)) return null;
  const key = parseMediaKey(url.slice(MEDIA_URL_PREFIX.length));
  return key ? mediaKeyOf(key) : null;
}

export function toUploadedFile(object: MediaObject): UploadedFileDto {
  return {
    url: urlOf(object.key),
    originalName: object.originalName,
    type: object.kind,
    size: object.size,
    format: object.format,
    ...(object.width ? { width: object.width } : {}),
    ...(object.height ? { height: object.height } : {}),
    ...(object.durationMs !== null && object.durationMs !== undefined ? { durationMs: object.durationMs } : {}),
  };
}
