import type { MessageDto } from '@app/contracts';
import { QUICK_REACTIONS } from '@app/contracts/browser';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { ChevronRight, SmilePlus } from 'lucide-react';
import { toast } from '@/components/ui/toast-store';
import { Menu, MenuContent, MenuTrigger } from '@/components/ui/menu';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { useReactMutation } from '../api/chat-api';
import { EMOJI_FONT } from '../constants';
import { REACTION_TEXT } from '../chat-copy';
import { EmojiGroups } from './emoji-picker';

export type MessageReactionsProps = {
  message: MessageDto;
  /** Who is looking: their own reactions show pressed. */
  viewerId: number;
  /** Members who may write in the room react; others (guests) only see the counts. */
  canReact: boolean;
  mine: boolean;
};

/** Adds or takes back the viewer's reaction, telling them when the server refused. */
function useToggleReaction(message: MessageDto) {
  const [react] = useReactMutation();
  return async (emoji: string, remove: boolean) => {
    const result = await react({ roomId: message.roomId, messageId: message.id, emoji, remove });
    if ('error' in result) toast({ title: errorMessage(result.error, REACTION_TEXT.failed), variant: 'destructive' });
  };
}

const CELL = `flex h-9 w-9 cursor-pointer items-center justify-center rounded-md text-xl outline-none data-[highlighted]:bg-muted ${EMOJI_FONT}`;

/** A message's reactions as chips: the emoji, how many, who (named in the label and tooltip), pressed when one is the viewer's. */
export function MessageReactions({ message, viewerId, canReact, mine }: MessageReactionsProps) {
  const toggle = useToggleReaction(message);
  const reactions = message.reactions ?? [];
  if (reactions.length === 0) return null;
  return (
    <div className={cn('flex flex-wrap items-center gap-1', mine && 'justify-end')} role="group" aria-label={REACTION_TEXT.listLabel} data-testid="message-reactions">
      {reactions.map((reaction) => {
        const pressed = reaction.users.some((u) => u.id === viewerId);
        const names = REACTION_TEXT.names(reaction.users.map((u) => u.username), reaction.count);
        return (
          <button
            key={reaction.emoji}
            type="button"
            className={cn(
              'flex h-7 items-center gap-1 rounded-full border px-2 text-xs tabular-nums transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-default',
              pressed ? 'border-primary/50 bg-primary/10 text-foreground' : 'bg-background text-muted-foreground hover:bg-muted',
            )}
            aria-pressed={canReact ? pressed : undefined}
            aria-label={REACTION_TEXT.chip(reaction.emoji, reaction.count, names)}
            title={names}
            disabled={!canReact}
            onClick={() => void toggle(reaction.emoji, pressed)}
            data-testid="reaction"
            data-emoji={reaction.emoji}
          >
            <span className={cn('text-sm', EMOJI_FONT)} aria-hidden>
              {reaction.emoji}
            </span>
            <span aria-hidden>{reaction.count}</span>
          </button>
        );
      })}
    </div>
  );
}

export type AddReactionProps = { message: MessageDto; viewerId: number; mine: boolean };

/** The quick six one tap away, and every other emoji under "More reactions"; choosing one's own again takes it back. */
export function AddReaction({ message, viewerId, mine }: AddReactionProps) {
  const toggle = useToggleReaction(message);
  const chosenByMe = (emoji: string) => (message.reactions ?? []).some((r) => r.emoji === emoji && r.users.some((u) => u.id === viewerId));
  return (
    <Menu>
      <MenuTrigger asChild>
        <button
          type="button"
          className="shrink-0 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          aria-label={REACTION_TEXT.add}
          title={REACTION_TEXT.add}
          data-testid="add-reaction"
        >
          <SmilePlus className="h-4 w-4" aria-hidden />
        </button>
      </MenuTrigger>
      <MenuContent align={mine ? 'end' : 'start'} sideOffset={4} collisionPadding={8} aria-label={REACTION_TEXT.add}>
        <div className="flex items-center gap-0.5">
          {QUICK_REACTIONS.map((emoji) => (
            <DropdownMenu.Item key={emoji} className={CELL} aria-label={emoji} onSelect={() => void toggle(emoji, chosenByMe(emoji))}>
              {emoji}
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Sub>
            <DropdownMenu.SubTrigger className="flex h-9 items-center rounded-md px-1.5 text-muted-foreground outline-none data-[highlighted]:bg-muted" aria-label={REACTION_TEXT.more}>
              <ChevronRight className="h-4 w-4" aria-hidden />
            </DropdownMenu.SubTrigger>
            <DropdownMenu.Portal>
              <DropdownMenu.SubContent
                sideOffset={4}
                collisionPadding={8}
                className="z-[61] max-h-72 w-[min(20rem,calc(100vw-1rem))] overflow-y-auto rounded-lg border bg-card p-2 shadow-lg"
                aria-label={REACTION_TEXT.more}
              >
                <EmojiGroups onPick={(emoji) => void toggle(emoji, chosenByMe(emoji))} />
              </DropdownMenu.SubContent>
            </DropdownMenu.Portal>
          </DropdownMenu.Sub>
        </div>
      </MenuContent>
    </Menu>
  );
}
