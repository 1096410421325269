import { Injectable, Logger } from '@nestjs/common';
import { LINK_PREVIEW_LIMITS, type PreviewImageDto } from '@app/contracts';
import { fetchPublic, parseOrigins, type FetchedResource } from '@app/server';
import { randomUUID } from 'node:crypto';
import { MediaEnv } from '../config/media-env';
import { MediaObject } from '../objects/media-object.entity';
import { MediaObjectsRepository } from '../objects/media-objects.repository';
import { urlOf } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { encodePreviewImage, probeImage } from '../uploads/image-processor';
import { ProcessingQueue } from '../uploads/processing-queue';

/** Link previews' pictures belong to no one who uploaded them: the product fetched them itself. */
const SYSTEM_OWNER = 0;
/** Pictures re-encoded at once by this replica, and waiting: previews come second to people's uploads. */
const ENCODE_CONCURRENCY = 1;
const ENCODE_WAITING = 8;

/**
 * The pictures of link previews, never hot-linked: downloaded from public addresses only (the
 * same rules as the page: time, redirects, each hop's address checked), at most imageBytes,
 * judged by their own bytes, re-encoded small as WebP without metadata, and served from
 * /media/preview/ like any stored object.
 */
@Injectable()
export class PreviewImagesService {
  private readonly logger = new Logger(PreviewImagesService.name);
  private readonly queue = new ProcessingQueue(ENCODE_CONCURRENCY, ENCODE_WAITING);
  private readonly privateOrigins: Set<string>;

  constructor(
    private readonly storage: ObjectStorage,
    private readonly objects: MediaObjectsRepository,
    private readonly env: MediaEnv,
  ) {
    this.privateOrigins = parseOrigins(env.LINK_PREVIEW_PRIVATE_ORIGINS);
  }

  /** The stored copy's URL, or null when the address gave no picture we take. */
  async store(url: string): Promise<PreviewImageDto> {
    let fetched: FetchedResource;
    try {
      fetched = await fetchPublic(url, {
        timeoutMs: LINK_PREVIEW_LIMITS.totalMs,
        maxRedirects: LINK_PREVIEW_LIMITS.redirects,
        maxBytes: LINK_PREVIEW_LIMITS.imageBytes,
        overflow: 'refuse',
        accept: 'image/avif,image/webp,image/png,image/jpeg,image/gif',
        accepts: (type) => type.startsWith('image/'),
        privateOrigins: this.privateOrigins,
      });
    } catch (error) {
      this.logger.debug(`No preview picture from ${url}: ${(error as Error).message}`);
      return { url: null };
    }
    // What it says it is counts for nothing: only a raster picture the image library reads is taken (no SVG, no page).
    if (!(await probeImage(fetched.body))) return { url: null };
    let encoded: Awaited<ReturnType<typeof encodePreviewImage>>;
    try {
      encoded = await this.queue.run(() => encodePreviewImage(fetched.body, LINK_PREVIEW_LIMITS.imageSide, this.env.MEDIA_IMAGE_TIMEOUT_SECONDS));
    } catch (error) {
      this.logger.debug(`The preview picture from ${url} was not re-encoded: ${(error as Error).message}`);
      return { url: null };
    }
    const object = new MediaObject();
    object.id = randomUUID();
    object.key = `preview/${object.id}.webp`;
    object.ownerId = SYSTEM_OWNER;
    object.purpose = 'preview';
    object.kind = 'image';
    object.format = 'webp';
    object.contentType = 'image/webp';
    object.size = encoded.data.length;
    object.width = encoded.width;
    object.height = encoded.height;
    object.originalName = nameOf(fetched.url);
    await this.storage.putBuffer(object.key, encoded.data, object.contentType);
    await this.objects.record([object]);
    return { url: urlOf(object.key) };
  }
}

/** The picture's file name as its address gives it, for the record. */
function nameOf(url: string): string {
  const last = new URL(url).pathname.split('/').filter(Boolean).pop() ?? '';
  let name = last;
  try {
    name = decodeURIComponent(last);
  } catch {
    // kept as written
  }
  return name.slice(0, 255) || 'preview';
}
