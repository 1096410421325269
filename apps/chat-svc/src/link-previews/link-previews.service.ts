import { Injectable, Logger } from '@nestjs/common';
import { fieldMessage, LINK_PREVIEW_LIMITS, MediaPatterns, previewLinkOf, type LinkPreviewDto, type LinkPreviewRequestDto } from '@app/contracts';
import { fetchPublic, FetchRefusedError, Metrics, parseOrigins, RpcErrors, RpcClient, type FetchedResource } from '@app/server';
import { ChatEnv } from '../config/chat-env';
import { FanoutService } from '../fanout/fanout.service';
import type { Message } from '../messages/message.entity';
import { LinkPreviewCache } from './link-preview-cache';
import { LinkPreviewsRepository, type PreviewedMessage } from './link-previews.repository';
import { headEnded, readPageMetadata } from './page-metadata';
import { TaskLine } from './task-line';

/** media-svc downloads the picture within the same limits, then re-encodes it. */
const IMAGE_STORE_TIMEOUT_MS = LINK_PREVIEW_LIMITS.totalMs * 3;
/** A replica's claim on a link's look-up outlasts the look-up (the page, then its picture), and ends by itself if the replica dies. */
const CLAIM_MS = LINK_PREVIEW_LIMITS.totalMs + IMAGE_STORE_TIMEOUT_MS + 5_000;
/** Claims waited out before a replica fetches the link whatever the others do. */
const CLAIM_ROUNDS = 2;

/**
 * Link previews, found after a message was stored and never on the send path: a text message's
 * first link is fetched in the background (a few at a time per replica), its page's title,
 * description and picture kept on the message, and the room told (link_preview). Pages come
 * from public addresses only (fetchPublic), the picture through media-svc, which serves its own
 * copy. Previews are cached by link, failures for less long, and one replica at a time fetches a link.
 */
@Injectable()
export class LinkPreviewsService {
  private readonly logger = new Logger(LinkPreviewsService.name);
  private readonly line = new TaskLine(LINK_PREVIEW_LIMITS.concurrency, LINK_PREVIEW_LIMITS.queued);
  /** Links being looked up by this replica: a second message with the same link waits for the first's answer (other replicas wait on the cache's claim). */
  private readonly inFlight = new Map<string, Promise<LinkPreviewDto | null>>();
  private readonly privateOrigins: Set<string>;

  constructor(
    private readonly repository: LinkPreviewsRepository,
    private readonly cache: LinkPreviewCache,
    private readonly fanout: FanoutService,
    private readonly rpc: RpcClient,
    env: ChatEnv,
  ) {
    this.privateOrigins = parseOrigins(env.LINK_PREVIEW_PRIVATE_ORIGINS);
  }

  /**
   * A message just stored or edited: when it is text with a link, has no preview yet and its
   * sender never removed one, its first link's preview is looked for in the background.
   */
  schedule(message: Message): void {
    if (message.type !== 'text' || message.removedAt || message.linkPreview || message.linkPreviewRemoved) return;
    const link = previewLinkOf(message.content);
    if (!link) return;
    const { id, content } = message;
    const taken = this.line.offer(() =>
      this.attach(id, content, link).catch((error: unknown) => this.logger.warn(`Preview of message ${id} failed: ${(error as Error).message}`)),
    );
    if (!taken) Metrics.linkPreviews.inc({ outcome: 'dropped' });
  }

  /** The sender takes their message's preview away, for good: 404 unknown, 403 someone else's, 409 deleted. */
  async remove(dto: LinkPreviewRequestDto): Promise<{ ok: true }> {
    const message = await this.repository.find(dto.messageId);
    if (!message) throw RpcErrors.notFound(fieldMessage('message_not_found'));
    if (message.senderId !== dto.actor.id) throw RpcErrors.forbidden(fieldMessage('message_not_yours'));
    if (message.removed) throw RpcErrors.conflict(fieldMessage('message_gone'));
    if (!(await this.repository.remove(message.messageId, dto.actor.id))) throw RpcErrors.conflict(fieldMessage('message_gone'));
    if (message.hasPreview) this.tell(message, null);
    return { ok: true };
  }

  /** Of these stored pictures, those a message still shows: media-svc deletes the others once no cached preview can hand them out. */
  imagesInUse(urls: string[]): Promise<string[]> {
    return this.repository.imagesInUse(urls);
  }

  private async attach(messageId: number, content: string, link: string): Promise<void> {
    const preview = await this.previewOf(link);
    if (!preview) return;
    const message = await this.repository.attach(messageId, content, preview);
    if (message) this.tell(message, preview);
  }

  private tell(message: PreviewedMessage, preview: LinkPreviewDto | null) {
    this.fanout.toRoom(message.roomId, { type: 'link_preview', roomId: message.roomId, messageId: message.messageId, seq: message.seq, senderId: message.senderId, preview });
  }

  /** The link's preview: from the cache, from a look-up under way here, or fetched now (and cached). */
  previewOf(link: string): Promise<LinkPreviewDto | null> {
    const running = this.inFlight.get(link);
    if (running) return running;
    const lookUp = this.lookUp(link).finally(() => this.inFlight.delete(link));
    this.inFlight.set(link, lookUp);
    return lookUp;
  }

  private async lookUp(link: string): Promise<LinkPreviewDto | null> {
    for (let round = 0; ; round++) {
      const cached = await this.cache.get(link);
      if (cached !== undefined) {
        Metrics.linkPreviews.inc({ outcome: 'cached' });
        return cached;
      }
      // One replica fetches a link at a time; the others wait for its answer in the cache.
      const claim = await this.cache.claim(link, CLAIM_MS);
      if (claim || round === CLAIM_ROUNDS) return this.fetchAndKeep(link, claim);
      Metrics.linkPreviews.inc({ outcome: 'waited' });
      const answer = await this.cache.answerOf(link, CLAIM_MS);
      if (answer !== undefined) return answer;
      // The claim ended with no answer kept (its replica stopped): claim it again, or wait for whoever did.
    }
  }

  private async fetchAndKeep(link: string, claim: string | null): Promise<LinkPreviewDto | null> {
    try {
      const { preview, lasting } = await this.fetchPreview(link);
      Metrics.linkPreviews.inc({ outcome: preview ? 'fetched' : 'failed' });
      await this.cache.set(link, preview, lasting ? LINK_PREVIEW_LIMITS.cacheSeconds : LINK_PREVIEW_LIMITS.failureCacheSeconds);
      return preview;
    } finally {
      if (claim) await this.cache.release(link, claim);
    }
  }

  /** `lasting`: whether the answer may be kept the full time (not a failure, nor a preview that lacks its picture for our own fault). */
  private async fetchPreview(link: string): Promise<{ preview: LinkPreviewDto | null; lasting: boolean }> {
    let page: FetchedResource;
    try {
      page = await fetchPublic(link, {
        timeoutMs: LINK_PREVIEW_LIMITS.totalMs,
        maxRedirects: LINK_PREVIEW_LIMITS.redirects,
        maxBytes: LINK_PREVIEW_LIMITS.htmlBytes,
        overflow: 'truncate',
        accept: 'text/html',
        accepts: (type) => type === 'text/html',
        enough: headEnded,
        privateOrigins: this.privateOrigins,
      });
    } catch (error) {
      // A refusal or a site that is down: no preview, tried again once the failure's time is up.
      if (!(error instanceof FetchRefusedError)) this.logger.debug(`Fetching ${link} failed: ${(error as Error).message}`);
      return { preview: null, lasting: false };
    }
    const meta = readPageMetadata(page.body, page.contentType, page.url);
    if (!meta) return { preview: null, lasting: false };
    let image: string | null = null;
    let lasting = true;
    if (meta.image) {
      try {
        image = (await this.rpc.request(MediaPatterns.StorePreviewImage, { url: meta.image }, IMAGE_STORE_TIMEOUT_MS)).url;
      } catch (error) {
        this.logger.warn(`Storing the picture of ${link} failed: ${(error as Error).message}`);
        lasting = false;
      }
    }
    return { preview: { url: link, siteName: meta.siteName, title: meta.title, description: meta.description, image }, lasting };
  }
}
