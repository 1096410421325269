import type { UserDto } from '@app/contracts';
import { canSendVoiceNotes, VOICE_NOTE_MAX_MS } from '@app/contracts/browser';
import { Mic, Square } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { useNow } from '@/hooks/use-now';
import { cn } from '@/lib/cn';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { uploadVoiceNote } from '@/features/media/api/upload-voice-note';
import { isAbort, UploadError } from '@/features/media/api/upload-request';
import { UploadProgress } from '@/features/media/components/upload-progress';
import { CHAT_TOASTS, VOICE_TEXT } from '../chat-copy';
import { useVoiceRecorder } from '../hooks/use-voice-recorder';
import { useOutbox } from '../outbox/use-outbox';
import { formatVoiceDuration } from '../voice-duration';

export type VoiceRecorderProps = {
  roomId: number;
  disabled: boolean;
  /** A role without voice notes: the button offers VIP instead. */
  onLocked: () => void;
};

const TICK_MS = 250;
const MAX = formatVoiceDuration(VOICE_NOTE_MAX_MS);

/** The composer's microphone: record up to 2 minutes in a dialog, then upload and send it to the room. */
export function VoiceRecorder({ roomId, disabled, onLocked }: VoiceRecorderProps) {
  const { user } = useCurrentUser();
  const allowed = !!user && canSendVoiceNotes(user.role);
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className={cn('h-8 w-8', !allowed && 'opacity-60')}
        aria-label={VOICE_TEXT.record}
        title={allowed ? VOICE_TEXT.record : VOICE_TEXT.locked}
        disabled={disabled}
        onClick={() => (allowed ? setOpen(true) : onLocked())}
      >
        <Mic className="h-4 w-4" />
      </Button>
      {open && user ? <VoiceNoteDialog roomId={roomId} me={user} onClose={() => setOpen(false)} /> : null}
    </>
  );
}

type Sending = { percent: number } | null;

function VoiceNoteDialog({ roomId, me, onClose }: { roomId: number; me: UserDto; onClose: () => void }) {
  const { state, start, stop, cancel } = useVoiceRecorder();
  const outbox = useOutbox(me);
  const [sending, setSending] = useState<Sending>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sendWhenStopped = useRef(false);
  const upload = useRef<AbortController | null>(null);
  const now = useNow(TICK_MS, state.status === 'recording');

  // The microphone is asked for as the dialog opens: one press to start recording.
  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => () => upload.current?.abort(), []);

  const preview = useObjectUrl(state.status === 'recorded' ? state.recording : null);

  const close = () => {
    upload.current?.abort();
    cancel();
    onClose();
  };

  const send = async (recording: Blob, durationMs: number) => {
    setFailure(null);
    setSending({ percent: 0 });
    const controller = new AbortController();
    upload.current = controller;
    try {
      const uploaded = await uploadVoiceNote(recording, durationMs, ({ percent }) => setSending({ percent }), controller.signal);
      // Uploaded, it is a message like any other: kept in the outbox until the room has it.
      outbox.enqueue(roomId, {
        content: uploaded.url,
        type: 'voice',
        metadata: { durationMs: uploaded.durationMs, mimeType: uploaded.file.format === 'ogg' ? 'audio/ogg' : 'audio/webm', size: uploaded.file.size },
      });
      onClose();
    } catch (error) {
      if (isAbort(error)) return;
      const message = error instanceof UploadError && (error.body?.message || (error.status === 0 && error.message)) ? error.message : VOICE_TEXT.failed;
      setFailure(message);
      setSending(null);
      toast({ title: CHAT_TOASTS.uploadFailed, description: message, variant: 'destructive' });
    }
  };

  // Send pressed while recording: the recording is sent as soon as the recorder hands it over.
  useEffect(() => {
    if (state.status !== 'recorded' || !sendWhenStopped.current) return;
    sendWhenStopped.current = false;
    void send(state.recording, state.durationMs);
  }, [state]);

  const elapsed = state.status === 'recording' ? Math.min(now - state.startedAt, VOICE_NOTE_MAX_MS) : state.status === 'recorded' ? state.durationMs : 0;
  const problem = failure ?? (state.status === 'failed' ? state.message : null);

  return (
    <Dialog open onOpenChange={(next) => !next && close()}>
      <DialogContent className="max-w-sm" aria-describedby="voice-note-description">
        <DialogTitle className="pr-6 text-lg font-semibold">{VOICE_TEXT.title}</DialogTitle>
        <DialogDescription id="voice-note-description" className="mt-1 text-sm text-muted-foreground">
          {VOICE_TEXT.description}
        </DialogDescription>

        <div className="mt-5 space-y-4" data-testid="voice-recorder" data-status={sending ? 'uploading' : state.status}>
          {state.status === 'starting' ? (
            <p className="text-sm text-muted-foreground" role="status">
              {VOICE_TEXT.starting}
            </p>
          ) : null}
          {state.status === 'recording' || state.status === 'recorded' ? (
            <div className="flex items-center justify-center gap-3">
              {state.status === 'recording' ? <span className="h-3 w-3 animate-pulse rounded-full bg-red-500" aria-hidden /> : null}
              <span className="text-2xl font-semibold tabular-nums" role="timer" aria-label={state.status === 'recording' ? VOICE_TEXT.recording : VOICE_TEXT.recorded}>
                {VOICE_TEXT.elapsed(formatVoiceDuration(elapsed), MAX)}
              </span>
            </div>
          ) : null}
          {state.status === 'recorded' ? (
            <>
              <p className="text-center text-sm text-muted-foreground" role="status">
                {state.atLimit ? VOICE_TEXT.stoppedAtLimit : VOICE_TEXT.recorded}
              </p>
              {preview ? <audio controls src={preview} className="w-full" aria-label={VOICE_TEXT.player(formatVoiceDuration(state.durationMs))} /> : null}
            </>
          ) : null}
          {sending ? <UploadProgress percent={sending.percent} /> : null}
          {problem ? (
            <p className="rounded-md bg-destructive/10 px-3 py-2 text-sm text-destructive" role="alert">
              {problem}
            </p>
          ) : null}
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close}>
            {VOICE_TEXT.cancel}
          </Button>
          {state.status === 'recording' ? (
            <Button variant="secondary" onClick={stop}>
              <Square className="h-4 w-4" aria-hidden /> {VOICE_TEXT.stop}
            </Button>
          ) : null}
          {state.status === 'failed' ? (
            <Button onClick={() => void start()}>{VOICE_TEXT.retry}</Button>
          ) : (
            <Button
              disabled={!!sending || (state.status !== 'recording' && state.status !== 'recorded')}
              onClick={() => {
                if (state.status === 'recorded') return void send(state.recording, state.durationMs);
                sendWhenStopped.current = true;
                stop();
              }}
            >
              {failure ? VOICE_TEXT.retry : VOICE_TEXT.send}
            </Button>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** A URL for a recorded blob while it is shown, revoked after. */
function useObjectUrl(blob: Blob | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return setUrl(null);
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => URL.revokeObjectURL(made);
  }, [blob]);
  return url;
}
