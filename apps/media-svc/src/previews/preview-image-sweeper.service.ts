import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ChatPatterns, LINK_PREVIEW_LIMITS, PREVIEW_IMAGES_PER_ASK } from '@app/contracts';
import { RpcClient, runEvery } from '@app/server';
import { urlOf } from '../objects/media-objects.service';
import { ObjectStorage } from '../storage/object-storage.repository';
import { PreviewImagesRepository, type StoredPreviewImage } from './preview-images.repository';

const ASK_TIMEOUT_MS = 10_000;

/**
 * Deletes the link preview pictures no message shows any more (its message deleted or removed,
 * edited to another link, or its preview taken away), once they are older than the cache can
 * hand them out (LINK_PREVIEW_LIMITS.imageKeptSeconds). A picture lives as long as a message
 * shows it: chat-svc, which owns the messages, says which are still shown. Every hour, a batch
 * at a time, those checked longest ago first. When chat-svc does not answer nothing is deleted;
 * replicas sweeping at once delete the same picture harmlessly.
 */
@Injectable()
export class PreviewImageSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(PreviewImageSweeper.name);
  private stop?: () => void;

  constructor(
    private readonly images: PreviewImagesRepository,
    private readonly storage: ObjectStorage,
    private readonly rpc: RpcClient,
  ) {}

  onApplicationBootstrap() {
    this.stop = runEvery(
      LINK_PREVIEW_LIMITS.imageSweepMs,
      () => this.sweep(new Date(Date.now() - LINK_PREVIEW_LIMITS.imageKeptSeconds * 1000)),
      { logger: this.logger, what: 'Deleting link preview pictures no message shows' },
    );
  }

  onApplicationShutdown() {
    this.stop?.();
  }

  /** Checks one batch of the pictures stored before `storedBefore`; answers the addresses deleted. */
  async sweep(storedBefore: Date): Promise<string[]> {
    const due = await this.images.dueForCheck(storedBefore, LINK_PREVIEW_LIMITS.imageSweepBatch);
    const deleted: string[] = [];
    for (let start = 0; start < due.length; start += PREVIEW_IMAGES_PER_ASK) {
      const batch = due.slice(start, start + PREVIEW_IMAGES_PER_ASK);
      const { urls } = await this.rpc.request(ChatPatterns.LinkPreviewImagesInUse, { urls: batch.map((image) => urlOf(image.key)) }, ASK_TIMEOUT_MS);
      const shown = new Set(urls);
      const [kept, unused] = partition(batch, (image) => shown.has(urlOf(image.key)));
      await this.images.markChecked(kept.map((image) => image.id), new Date());
      // The bytes first: a record whose bytes are gone is deleted at the next sweep, never bytes without a record.
      for (const image of unused) await this.storage.remove(image.key);
      await this.images.forget(unused.map((image) => image.id));
      deleted.push(...unused.map((image) => urlOf(image.key)));
    }
    if (deleted.length > 0) this.logger.log(`Deleted ${deleted.length} link preview picture(s) no message shows`);
    return deleted;
  }
}

function partition(images: StoredPreviewImage[], keep: (image: StoredPreviewImage) => boolean): [StoredPreviewImage[], StoredPreviewImage[]] {
  const kept: StoredPreviewImage[] = [];
  const unused: StoredPreviewImage[] = [];
  for (const image of images) (keep(image) ? kept : unused).push(image);
  return [kept, unused];
}
