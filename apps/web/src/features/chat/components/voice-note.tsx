import type { MessageDto } from '@app/contracts';
import { Mic } from 'lucide-react';
import { cn } from '@/lib/cn';
import { VOICE_TEXT } from '../chat-copy';
import { formatVoiceDuration } from '../voice-duration';

export type VoiceNoteProps = { message: MessageDto; mine: boolean };

/**
 * A voice message played inline. Its length comes from the message: recorders write WebM
 * without one, so a player alone would show none until the end.
 */
export function VoiceNote({ message, mine }: VoiceNoteProps) {
  const durationMs = Number(message.metadata?.durationMs);
  const duration = Number.isFinite(durationMs) && durationMs > 0 ? formatVoiceDuration(durationMs) : null;
  return (
    <div
      className={cn('flex w-full max-w-xs flex-col gap-1 rounded-2xl px-3 py-2', mine ? 'rounded-tr-sm bg-primary/10' : 'rounded-tl-sm bg-muted')}
      data-testid="message"
      data-message-id={message.id}
      data-kind="voice"
    >
      <span className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Mic className="h-3.5 w-3.5" aria-hidden /> {duration ? VOICE_TEXT.player(duration) : VOICE_TEXT.title}
      </span>
      <audio controls preload="metadata" src={message.content} className="h-10 w-full min-w-0" aria-label={duration ? VOICE_TEXT.player(duration) : VOICE_TEXT.title} />
    </div>
  );
}
