import type { MessageDto } from '@app/contracts';
import { mentionTokens } from '@app/contracts/browser';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../auth/hooks/use-current-user';
import { MENTION_TEXT } from '../copy';

export type MentionTextProps = { message: Pick<MessageDto, 'content' | 'mentions' | 'senderId'> };

/**
 * A text message's words with its real mentions highlighted: only the @names the server
 * resolved to people (message.mentions) stand out. A message that mentions the reader is
 * highlighted as a whole, and says so to screen readers.
 */
export function MentionText({ message }: MentionTextProps) {
  const { user } = useCurrentUser();
  const mentions = message.mentions ?? [];
  if (mentions.length === 0) return <>{message.content}</>;
  const real = new Map(mentions.map((m) => [m.username, m.id]));
  const parts: ReactNode[] = [];
  let from = 0;
  for (const token of mentionTokens(message.content)) {
    const id = real.get(token.username);
    if (id === undefined) continue;
    parts.push(message.content.slice(from, token.start));
    parts.push(
      <span
        key={token.start}
        className={id === user?.id ? 'rounded bg-amber-200 px-0.5 font-semibold text-amber-950' : 'font-semibold text-primary'}
        data-mention={token.username}
      >
        {message.content.slice(token.start, token.end)}
      </span>,
    );
    from = token.end;
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
