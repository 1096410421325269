import type { MessageDto } from '@app/contracts';
import { linkHost, mentionTokens, messageLinks } from '@app/contracts/browser';
import type { ReactNode } from 'react';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { MENTION_TEXT } from '../chat-copy';

export type MentionTextProps = { message: Pick<MessageDto, 'content' | 'mentions' | 'senderId'> };

type Piece = { start: number; end: number; node: ReactNode };

/**
 * A text message's words with its links clickable and its real mentions highlighted: only the
 * @names the server resolved to people (message.mentions) stand out. A link opens in a new tab,
 * marked as the sender's (ugc, nofollow), with the host it leads to beside it when its words
 * name another. A message that mentions the reader is highlighted as a whole, and says so to
 * screen readers.
 */
export function MentionText({ message }: MentionTextProps) {
  const { user } = useCurrentUser();
  const mentions = message.mentions ?? [];
  const pieces: Piece[] = messageLinks(message.content).map((link) => ({
    start: link.start,
    end: link.end,
    node: <MessageLinkAnchor key={`l${link.start}`} text={link.text} url={link.url} />,
  }));
  const real = new Map(mentions.map((m) => [m.username, m.id]));
  for (const token of mentions.length > 0 ? mentionTokens(message.content) : []) {
    const id = real.get(token.username);
    // An @name inside a link (https://example.com/@someone) is part of the link.
    if (id === undefined || pieces.some((p) => token.start < p.end && token.end > p.start)) continue;
    pieces.push({
      start: token.start,
      end: token.end,
      node: (
        <span
          key={`m${token.start}`}
          className={id === user?.id ? 'rounded bg-amber-200 px-0.5 font-semibold text-amber-950' : 'font-semibold text-primary'}
          data-mention={token.username}
        >
          {message.content.slice(token.start, token.end)}
        </span>
      ),
    });
  }
  if (pieces.length === 0) return <>{message.content}</>;
  const parts: ReactNode[] = [];
  let from = 0;
  for (const piece of pieces.sort((a, b) => a.start - b.start)) {
    parts.push(message.content.slice(from, piece.start), piece.node);
    from = piece.end;
  }
  parts.push(message.content.slice(from));
  const mentionsMe = user !== null && message.senderId !== user.id && mentions.some((m) => m.id === user.id);
  if (!mentionsMe) return <>{parts}</>;
  return (
    // Covers the bubble's padding, so the whole message reads as highlighted.
    <span className="-mx-3 -my-1.5 block rounded-[inherit] bg-amber-100 px-3 py-1.5 ring-1 ring-amber-300 dark:bg-amber-900/40" data-mentions-me="true">
      {parts}
      <span className="sr-only"> {MENTION_TEXT.mentionsYou}</span>
    </span>
  );
}

function MessageLinkAnchor({ text, url }: { text: string; url: string }) {
  const host = linkHost(url);
  const namesHost = text.toLowerCase().replace(/^https?:\/\//, '').startsWith(host.toLowerCase());
  return (
    <a href={url} target="_blank" rel="noopener noreferrer nofollow ugc" className="break-all text-primary underline underline-offset-2" data-link-host={host}>
      {text}
      {!namesHost && <span className="ml-1 text-xs text-muted-foreground no-underline">({host})</span>}
    </a>
  );
}
