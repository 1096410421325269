import { LINK_PREVIEW_LIMITS } from '@app/contracts';
import { Parser } from 'htmlparser2';

/** What a page says about itself in its head: Open Graph first, then Twitter's cards, then plain HTML. */
export interface PageMetadata {
  title: string;
  description: string | null;
  siteName: string;
  /** Absolute http(s) address of its picture, as the page names it. */
  image: string | null;
}

/** Whether a page's head has ended in these bytes: reading further would bring nothing we use. */
export function headEnded(latest: Buffer): boolean {
  const text = latest.toString('latin1').toLowerCase();
  return text.includes('</head>') || text.includes('<body');
}

/**
 * Reads a page's title, description, site name and picture from its head, in the page's own
 * character set (the Content-Type's, else its <meta charset>, else UTF-8). Entities are decoded,
 * white space collapsed and each text cut to its limit. Null when the page has no title at all.
 */
export function readPageMetadata(body: Buffer, contentType: string, pageUrl: string): PageMetadata | null {
  const charset = charsetOf(contentType) ?? metaCharset(body) ?? 'utf-8';
  const found = headFields(decode(body, charset));
  const title = clean(found.meta.get('og:title') ?? found.meta.get('twitter:title') ?? found.title, LINK_PREVIEW_LIMITS.titleChars);
  if (!title) return null;
  const description = clean(found.meta.get('og:description') ?? found.meta.get('twitter:description') ?? found.meta.get('description'), LINK_PREVIEW_LIMITS.descriptionChars) ?? null;
  const siteName = clean(found.meta.get('og:site_name'), LINK_PREVIEW_LIMITS.siteNameChars) ?? new URL(pageUrl).host;
  const imageRef =
    found.meta.get('og:image:secure_url') ?? found.meta.get('og:image:url') ?? found.meta.get('og:image') ?? found.meta.get('twitter:image') ?? found.meta.get('twitter:image:src');
  return { title, description, siteName, image: imageRef ? webAddress(imageRef.trim(), pageUrl) : null };
}

interface HeadFields {
  /** The first value of each <meta> by its property or name, lower case. */
  meta: Map<string, string>;
  title: string | undefined;
}

/** The <title> and <meta> tags before the body starts; the rest of the page is not looked at. */
function headFields(html: string): HeadFields {
  const meta = new Map<string, string>();
  let title: string | undefined;
  let inTitle = false;
  let titleText = '';
  // <svg> and <template> may hold a <title> of their own that is no page's title.
  let foreign = 0;
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (name === 'body') {
          done = true;
          return;
        }
        if (name === 'svg' || name === 'template') foreign++;
        if (name === 'title' && foreign === 0 && title === undefined) inTitle = true;
        if (name === 'meta') {
          const key = (attributes.property ?? attributes.name ?? '').trim().toLowerCase();
          if (key && attributes.content !== undefined && !meta.has(key)) meta.set(key, attributes.content);
        }
      },
      ontext(text) {
        if (inTitle) titleText += text;
      },
      onclosetag(name) {
        if (done) return;
        if (name === 'svg' || name === 'template') foreign = Math.max(0, foreign - 1);
        if (name === 'title' && inTitle) {
          inTitle = false;
          title = titleText;
        }
        if (name === 'head') done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  return { meta, title: title ?? (inTitle ? titleText : undefined) };
}

/** The charset a page declares in its own head (<meta charset> or the http-equiv form), read as plain ASCII. */
function metaCharset(body: Buffer): string | null {
  let found: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (found || name !== 'meta') return;
        if (attributes.charset) found = attributes.charset.trim();
        else if (attributes['http-equiv']?.toLowerCase() === 'content-type' && attributes.content) found = charsetOf(attributes.content);
      },
    },
    { decodeEntities: true },
  );
  // The declaration must come early in the head; the first 1024 bytes, as browsers look.
  parser.write(body.subarray(0, 1024).toString('latin1'));
  parser.end();
  return found;
}

/** The charset parameter of a Content-Type value. */
function charsetOf(contentType: string): string | null {
  for (const parameter of contentType.split(';').slice(1)) {
    const [name, value] = parameter.split('=');
    if (name?.trim().toLowerCase() === 'charset' && value) return value.trim().replace(/^"|"$/g, '');
  }
  return null;
}

function decode(body: Buffer, charset: string): string {
  try {
    return new TextDecoder(charset).decode(body);
  } catch {
    // A charset nobody knows: UTF-8, which ASCII pages read correctly too.
    return new TextDecoder('utf-8').decode(body);
  }
}

/** White space collapsed and trimmed, at most `max` characters (an ellipsis when cut); undefined when empty. */
function clean(value: string | undefined, max: number): string | undefined {
  const text = value?.replace(/\s+/g, ' ').trim();
  if (!text) return undefined;
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join('').trimEnd()}…`;
}

/** An http(s) address, relative ones read against the page's; anything else (data:, javascript:) is none. */
function webAddress(reference: string, pageUrl: string): string | null {
  try {
    const url = new URL(reference, pageUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}
