import type { MessageDto } from '@app/contracts';
import type { ReactNode } from 'react';
import { isToday } from 'date-fns';
import { RoleBadge } from '@/components/role-badge';
import { UserAvatar } from '@/components/ui/avatar';
import { useFormatLocale } from '@/i18n/use-text';
import { cn } from '@/lib/cn';
import { formatDate, formatRelativeTime, formatTime } from '@/lib/format';
import { EMOJI_FONT } from '../constants';
import { CHAT_TEXT, MESSAGE_ACTS_TEXT, SEEN_TEXT } from '../chat-copy';
import { styleOf } from '../message-kind';
import { ImageThumbnail } from './image-viewer';
import { VoiceNote } from './voice-note';
import { MentionText } from './mention-text';
import { LinkPreviewCard } from './link-preview-card';
import { useAppDispatch } from '@/app/hooks';
import { replyStarted } from '../chat-slice';
import { AddReaction, MessageReactions } from './message-reactions';
import { OwnMessage } from './own-message';
import { ReplyQuote } from './reply-quote';
import { shownName } from '@/lib/shown-name';

export type MessageGroupProps = {
  sender: MessageDto['sender'];
  messages: MessageDto[];
  mine: boolean;
  now: number;
  onAuthorClick?: (author: MessageDto['sender']) => void;
  /** Actions on one message of someone else (report, block), shown beside it. */
  actionsFor?: (message: MessageDto) => ReactNode;
  /** One's own messages offer Edit and Delete. */
  ownActions?: boolean;
  /** Private chats: the message the other person has read up to (one of mine), and when. */
  seen?: { messageId: number; at: string };
  /** Who is looking, and whether they may react and reply (members who may write in the room). */
  viewerId?: number;
  canReact?: boolean;
};

/** One sender's consecutive messages under their avatar, name, role badge and the time of the first. */
export function MessageGroup({ sender, messages, mine, now, onAuthorClick, actionsFor, ownActions, viewerId = 0, canReact = false, seen }: MessageGroupProps) {
  const dispatch = useAppDispatch();
  const locale = useFormatLocale();
  const first = messages[0];
  const name = shownName(sender.username) || CHAT_TEXT.unknownUser;
  const author = onAuthorClick ? (
    <button
      type="button"
      className="rounded-sm font-semibold hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      onClick={() => onAuthorClick(sender)}
      title={mine ? undefined : CHAT_TEXT.startChatWith(name)}
    >
      {name}
    </button>
  ) : (
    <span className="font-semibold">{name}</span>
  );
  return (
    <li className={cn('flex gap-2.5', mine && 'flex-row-reverse')} data-testid="message-group">
      {onAuthorClick ? (
        <button type="button" className="self-start rounded-full" onClick={() => onAuthorClick(sender)} aria-label={CHAT_TEXT.startChatWith(name)} tabIndex={-1}>
          <UserAvatar name={name} src={sender.avatar} className="h-8 w-8 text-sm" />
        </button>
      ) : (
        <UserAvatar name={name} src={sender.avatar} className="h-8 w-8 self-start text-sm" />
      )}
      <div className={cn('flex min-w-0 max-w-[85%] flex-col gap-1 sm:max-w-[75%]', mine && 'items-end')}>
        <div className={cn('flex flex-wrap items-center gap-x-2 text-sm', mine && 'flex-row-reverse')}>
          {author}
          {sender.role !== 'user' ? <RoleBadge role={sender.role} className="px-1.5 py-0 text-[10px]" /> : null}
          <time className="text-xs text-muted-foreground" dateTime={first.createdAt}>
            {formatRelativeTime(Math.min(Date.parse(first.createdAt), now), now, locale)}
          </time>
        </div>
        {messages.map((message) => {
          const present = !message.removedBy;
          const adding = canReact && present ? <AddReaction message={message} viewerId={viewerId} mine={mine} /> : null;
          const line =
            ownActions && present ? (
              <OwnMessage message={message} now={now} extra={adding} onReply={canReact ? () => dispatch(replyStarted(message)) : undefined}>
                <MessageBody message={message} mine={mine} />
              </OwnMessage>
            ) : (actionsFor || adding) && present ? (
              <div className="group/message flex max-w-full items-start gap-1">
                <MessageBody message={message} mine={mine} />
                <div className="flex shrink-0 items-center opacity-60 group-hover/message:opacity-100 focus-within:opacity-100">
                  {adding}
                  {actionsFor?.(message)}
                </div>
              </div>
            ) : (
              <MessageBody message={message} mine={mine} />
            );
          return (
            <div key={message.id} className={cn('flex max-w-full flex-col gap-1', mine && 'items-end')}>
              {message.replyTo ? <ReplyQuote roomId={message.roomId} quote={message.replyTo} mine={mine} /> : null}
              {line}
              {present && message.linkPreview ? <LinkPreviewCard message={message} /> : null}
              {present ? <MessageReactions message={message} viewerId={viewerId} canReact={canReact} mine={mine} /> : null}
              {seen?.messageId === message.id ? (
                <p className="text-[11px] text-muted-foreground" data-testid="seen">
                  <time dateTime={seen.at} title={formatDate(seen.at, locale, { time: true })}>
                    {SEEN_TEXT.seen(isToday(new Date(seen.at)) ? formatTime(seen.at, locale) : formatDate(seen.at, locale, { time: true }))}
                  </time>
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </li>
  );
}

function MessageBody({ message, mine }: { message: MessageDto; mine: boolean }) {
  if (message.removedBy) {
    return (
      <p
        className="w-fit rounded-2xl border border-dashed px-3 py-1.5 text-sm text-muted-foreground italic"
        data-testid="message"
        data-message-id={message.id}
        data-removed={message.removedBy}
      >
        {message.removedBy === 'sender' ? MESSAGE_ACTS_TEXT.deleted : MESSAGE_ACTS_TEXT.removedByModerator}
      </p>
    );
  }
  if (message.type === 'image' || message.type === 'gif') {
    return <ImageThumbnail message={message} />;
  }
  if (message.type === 'voice') return <VoiceNote message={message} mine={mine} />;
  if (message.type === 'emoji') {
    return (
      <p className={cn('text-3xl leading-tight', EMOJI_FONT)} data-testid="message" data-message-id={message.id} data-kind="emoji">
        {message.content}
        {message.editedAt ? <Edited at={message.editedAt} /> : null}
      </p>
    );
  }
  const { style, className } = styleOf(message.formatting);
  return (
    <p
      className={cn(
        'w-fit max-w-full rounded-2xl px-3 py-1.5 text-sm break-words whitespace-pre-wrap',
        mine ? 'rounded-tr-sm bg-primary/10' : 'rounded-tl-sm bg-muted',
        // The message a search result opened the room at.
        'data-[focused=true]:ring-2 data-[focused=true]:ring-amber-400',
        className,
      )}
      style={style}
      data-testid="message"
      data-message-id={message.id}
      data-kind={message.type}
    >
      <MentionText message={message} />
      {message.editedAt ? <Edited at={message.editedAt} /> : null}
    </p>
  );
}

/** "edited", with when in its tooltip. */
function Edited({ at }: { at: string }) {
  const locale = useFormatLocale();
  return (
    <span className="ml-1.5 align-baseline text-[11px] text-muted-foreground not-italic" title={MESSAGE_ACTS_TEXT.editedAt(formatDate(at, locale, { time: true }))} data-testid="message-edited">
      ({MESSAGE_ACTS_TEXT.edited})
    </span>
  );
}
