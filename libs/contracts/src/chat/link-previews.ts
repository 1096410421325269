import { messageLinks } from './links';

/**
 * Link previews: the title, description and picture of the page a message's first link leads
 * to, fetched by the server after the message was stored (never on the send path) and shown
 * under the message. Every limit of the fetch lives here.
 */
export interface LinkPreviewDto {
  /** The link the preview is of, as the server fetched it (normalised: no fragment, no credentials). */
  url: string;
  /** The site's own name (og:site_name), else the host the page came from. */
  siteName: string;
  title: string;
  description: string | null;
  /** The page's picture, downloaded, re-encoded and served by us under /media/preview/; never the site's own URL. */
  image: string | null;
}

const MiB = 1024 * 1024;

export const LINK_PREVIEW_LIMITS = {
  /** The whole fetch of a page (every redirect and its body), and again of its picture. */
  totalMs: 5_000,
  /** Redirects followed; each hop's address is checked again. */
  redirects: 3,
  /** Of a page, at most this much is read (its head comes first; reading stops after it). */
  htmlBytes: 1 * MiB,
  /** A picture larger than this is not taken. */
  imageBytes: 5 * MiB,
  /** The picture is re-encoded to fit within this many pixels a side. */
  imageSide: 1200,
  titleChars: 200,
  descriptionChars: 300,
  siteNameChars: 80,
  /** A preview is kept for its link this long, so a popular link is fetched once... */
  cacheSeconds: 24 * 60 * 60,
  /** ...and a link that gave none is tried again after this long. */
  failureCacheSeconds: 10 * 60,
  /**
   * A stored picture no message shows any more is deleted once it is this old: twice the
   * cache's day, after which no cached preview can hand it to a new message.
   */
  imageKeptSeconds: 2 * 24 * 60 * 60,
  /** media-svc looks for pictures no message shows this often... */
  imageSweepMs: 60 * 60 * 1000,
  /** ...this many at a time, those checked longest ago first. */
  imageSweepBatch: 1000,
  /** Pages fetched at once by one chat-svc replica; more wait in line... */
  concurrency: 4,
  /** ...up to this many: beyond it a message simply gets no preview. */
  queued: 200,
} as const;

/**
 * The link a message is previewed by: its first web link, without fragment; null when it has
 * none, or when the link carries a user name or password (never sent anywhere on someone's say-so).
 */
export function previewLinkOf(text: string): string | null {
  const first = messageLinks(text)[0];
  if (!first) return null;
  let url: URL;
  try {
    url = new URL(first.url);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null;
  url.hash = '';
  return url.href;
}
