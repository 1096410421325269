import { LinkifyIt } from 'linkify-it';

/**
 * What counts as a link in a message, in one place: the send limits count it (with a scheme,
 * www., or a bare domain such as example.com) and the page makes the same text clickable.
 */
let matcher: LinkifyIt | undefined;
// Made on first use, so a page that never reads a message does not carry it.
const links = () => (matcher ??= new LinkifyIt({ fuzzyLink: true, fuzzyEmail: false }));

export interface MessageLink {
  start: number;
  end: number;
  /** As written in the message. */
  text: string;
  /** Where it leads: always http or https (a bare domain gets http://). */
  url: string;
}

export function hasLink(text: string): boolean {
  return links().test(text);
}

/** The message's web links, in order; other schemes (mailto:, ftp:) stay text. */
export function messageLinks(text: string): MessageLink[] {
  return (links().match(text) ?? [])
    .filter((match) => /^https?:\/\//i.test(match.url))
    .map((match) => ({ start: match.index, end: match.lastIndex, text: match.raw, url: match.url }));
}

/** The host a link leads to, shown beside it so a link's words cannot pass for another site. */
export function linkHost(url: string): string {
  return new URL(url).host;
}
