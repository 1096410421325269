import type { RoomDto, UserDto } from '@app/contracts';
import { fieldMessage, type FieldMessage } from '@app/contracts/browser';
import { Send, X } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { wordField } from '@/lib/errors';
import { COMPOSER_TEXT, OUTBOX_TEXT, REPLY_TEXT } from '../chat-copy';
import { useGetModerationStatusQuery } from '@/features/moderation/api/reports-api';
import { useBlockToggle } from '@/features/safety/hooks/use-block-toggle';
import { useComposer } from '../hooks/use-composer';
import { useConnection } from '../hooks/use-connection';
import { useMentionPicker, type Mentionable } from '../hooks/use-mention-picker';
import { useTypingSignal } from '../hooks/use-typing-signal';
import { useGetRoomFeedQuery } from '../api/chat-api';
import { quoteOf } from '../feed';
import { useNow } from '@/hooks/use-now';
import { ComposerToolbar } from './composer-toolbar';
import { MentionPicker } from './mention-picker';
import { quoteText } from './reply-quote';
import { shownName } from '@/lib/shown-name';

const MUTE_CHECK_MS = 15_000;

export type ComposerProps = {
  room: RoomDto;
  me: UserDto;
  /** The socket is not online or the room not joined: what is sent waits in the outbox. */
  disabled: boolean;
};

export function Composer(props: ComposerProps) {
  const readOnly = useReadOnlyReason(props.room, props.me);
  if (readOnly) {
    return (
      <div className="border-t bg-card px-4 py-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-center text-sm text-muted-foreground" role="status" data-testid="composer-read-only">
        {readOnly}
      </div>
    );
  }
  return <WritableComposer {...props} />;
}

/** The server's words for a refusal the composer foresees, in the language spoken. */
const worded = (refusal: FieldMessage) => wordField(refusal, refusal.message);

/** Why this person cannot write here now: a block in a private chat, or a mute in public rooms. */
function useReadOnlyReason(room: RoomDto, me: UserDto): string | null {
  const isPublic = room.type === 'public';
  const blocks = useBlockToggle(!isPublic && me.role !== 'guest');
  const { data: status } = useGetModerationStatusQuery(undefined, { skip: !isPublic || me.role === 'guest' });
  const endsAt = status?.mute?.endsAt;
  // The composer opens again by itself when the mute ends.
  const now = useNow(MUTE_CHECK_MS, Boolean(endsAt));
  if (!isPublic) {
    const other = room.participants.find((p) => p.id !== me.id);
    // The block list is newer than the room's flags when the block was made or lifted on this page.
    const blockedByMe = other && blocks.loaded ? blocks.isBlocked(other.id) : room.blockedByYou === true;
    if (blockedByMe) return worded(fieldMessage('block_you_blocked', { name: other?.username ?? room.name }));
    if (room.canReply === false && !room.blockedByYou) return worded(fieldMessage('block_cannot_reply'));
  }
  if (isPublic && endsAt && Date.parse(endsAt) > now) return worded(fieldMessage('muted', { until: endsAt }));
  return null;
}

function WritableComposer({ room, me, disabled }: ComposerProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const composer = useComposer({ room, me, disabled, input });
  const connection = useConnection();
  const { text, setText, preview, waitSeconds, limited, blocked } = composer;
  const enterToSend = me.settings?.chat?.enterToSend ?? true;
  const placeholder = limited ? COMPOSER_TEXT.wait(waitSeconds) : COMPOSER_TEXT.placeholder;
  const people = useMentionable(room, me);
  const picker = useMentionPicker({ text, setText, input, people });
  const signalTyping = useTypingSignal(room.id, blocked || disabled);
  const { replyingTo, cancelReply } = composer;
  // Choosing Reply puts the cursor in the box, ready to write.
  useEffect(() => {
    if (replyingTo) input.current?.focus();
  }, [replyingTo]);

  return (
    <div className="border-t bg-card px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))] sm:px-4">
      <div className="mx-auto max-w-3xl">
        <ComposerToolbar
          roomId={room.id}
          style={composer.style}
          canFormat={composer.canFormat}
          canSendImages={composer.canSendImages}
          pictures={composer.pictures}
          disabled={blocked}
          canUpload={composer.canUpload}
          uploading={composer.uploading}
          onToggle={composer.toggle}
          onStyle={(change) => composer.setStyle((s) => ({ ...s, ...change }))}
          onLocked={composer.offerVip}
          onEmoji={(emoji) => setText((t) => t + emoji)}
          onImage={(file) => void composer.sendImage(file)}
        />
        {replyingTo ? (
          <div className="mb-1.5 flex items-center gap-2 rounded-lg border-l-2 border-primary/60 bg-muted/60 px-2 py-1 text-xs" data-testid="composer-reply">
            <span className="shrink-0 font-semibold">{REPLY_TEXT.replyingTo(shownName(replyingTo.sender.username))}</span>
            <span className="min-w-0 flex-1 truncate text-muted-foreground">
              {quoteText(quoteOf(replyingTo))}
            </span>
            <button
              type="button"
              className="shrink-0 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              onClick={cancelReply}
              aria-label={REPLY_TEXT.cancel}
            >
              <X className="h-3.5 w-3.5" aria-hidden />
            </button>
          </div>
        ) : null}
        <form
          className="relative flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            composer.send();
          }}
        >
          {picker.open ? (
            <MentionPicker
              listId={picker.listId}
              options={picker.options}
              activeIndex={picker.activeIndex}
              optionId={picker.optionId}
              onPick={picker.pick}
              onHover={picker.setActive}
            />
          ) : null}
          <textarea
            ref={input}
            {...picker.inputProps}
            rows={1}
            value={text}
            maxLength={2000}
            disabled={blocked}
            placeholder={placeholder}
            aria-label={COMPOSER_TEXT.field}
            onChange={(e) => {
              setText(e.target.value);
              picker.onChange(e.target.value, e.target.selectionStart);
              if (e.target.value.trim()) signalTyping();
            }}
            onSelect={picker.track}
            onKeyDown={(e) => {
              if (picker.onKeyDown(e)) return;
              if (e.key === 'Escape' && replyingTo) {
                e.preventDefault();
                cancelReply();
                return;
              }
              const submit = enterToSend ? e.key === 'Enter' && !e.shiftKey : e.key === 'Enter' && (e.ctrlKey || e.metaKey);
              if (submit && !e.nativeEvent.isComposing) {
                e.preventDefault();
                composer.send();
              }
            }}
            className={cn(
              'max-h-32 min-h-10 flex-1 resize-none rounded-xl border bg-background px-3 py-2 text-sm placeholder:text-muted-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:cursor-not-allowed disabled:opacity-60',
              preview.className,
            )}
            style={preview.style}
          />
          <Button type="submit" size="icon" className="shrink-0 rounded-full" aria-label={COMPOSER_TEXT.send} disabled={blocked || !text.trim()}>
            <Send className="h-4 w-4" />
          </Button>
        </form>
        {limited ? (
          <p className="mt-1 text-xs font-medium text-red-600" role="status" data-testid="wait-hint">
            {COMPOSER_TEXT.wait(waitSeconds)}
          </p>
        ) : disabled && !connection.online ? (
          <p className="mt-1 text-xs text-muted-foreground" role="status">
            <span data-testid="composer-connection">{connection.label}</span>
            <span aria-hidden> · </span>
            <span data-testid="composer-queued-hint">{OUTBOX_TEXT.queuedHint}</span>
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** Who can be mentioned here: a public room's people online now, a private chat's other person; never oneself. */
function useMentionable(room: RoomDto, me: UserDto): Mentionable[] {
  const { data: feed } = useGetRoomFeedQuery(room.id);
  const people = room.type === 'public' ? (feed?.onlineUsers ?? []) : room.participants;
  return people.filter((p) => p.id !== me.id);
}

