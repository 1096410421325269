import type { MessageDto } from '@app/contracts';
import { EDIT_WINDOW_MS, MESSAGE_MAX } from '@app/contracts/browser';
import { CornerUpLeft, MoreHorizontal, Pencil, Trash2 } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { Menu, MenuContent, MenuItem, MenuTrigger } from '@/components/ui/menu';
import { errorMessage } from '@/lib/errors';
import { useDeleteMessageMutation, useEditMessageMutation } from '../api/chat-api';
import { MESSAGE_ACTS_TEXT, REPLY_TEXT } from '../chat-copy';
import { PinMenuItem } from './pin-menu-item';

export type OwnMessageProps = {
  message: MessageDto;
  now: number;
  /** The message as everyone sees it. */
  children: ReactNode;
  /** More actions beside the menu (adding a reaction). */
  extra?: ReactNode;
  /** Offered to those who may write in the room. */
  onReply?: () => void;
};

/** One's own message with its Edit (text, within 15 minutes) and Delete, and the editor in its place while editing. */
export function OwnMessage({ message, now, children, extra, onReply }: OwnMessageProps) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [remove, removing] = useDeleteMessageMutation();
  const editable = (message.type === 'text' || message.type === 'emoji') && now - Date.parse(message.createdAt) < EDIT_WINDOW_MS;

  const confirmDelete = async () => {
    const result = await remove({ roomId: message.roomId, messageId: message.id });
    setConfirming(false);
    if ('error' in result) toast({ title: errorMessage(result.error, MESSAGE_ACTS_TEXT.deleteFailed), variant: 'destructive' });
  };

  if (editing) return <MessageEditor message={message} onDone={() => setEditing(false)} />;
  return (
    <div className="group/message flex max-w-full flex-row-reverse items-start gap-1">
      {children}
      <div className="flex shrink-0 flex-row-reverse items-center opacity-60 group-hover/message:opacity-100 focus-within:opacity-100">
        <Menu>
          <MenuTrigger asChild>
            <button
              type="button"
              className="shrink-0 rounded-md p-1 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              aria-label={MESSAGE_ACTS_TEXT.menu}
              data-testid="own-message-menu"
            >
              <MoreHorizontal className="h-4 w-4" aria-hidden />
            </button>
          </MenuTrigger>
          <MenuContent align="end" sideOffset={4} className="w-44">
            {onReply ? (
              <MenuItem onSelect={onReply}>
                <CornerUpLeft className="h-4 w-4 text-muted-foreground" aria-hidden /> {REPLY_TEXT.reply}
              </MenuItem>
            ) : null}
            <PinMenuItem message={message} />
            {editable ? (
              <MenuItem onSelect={() => setEditing(true)}>
                <Pencil className="h-4 w-4 text-muted-foreground" aria-hidden /> {MESSAGE_ACTS_TEXT.edit}
              </MenuItem>
            ) : null}
            <MenuItem className="text-destructive" onSelect={() => setConfirming(true)}>
              <Trash2 className="h-4 w-4" aria-hidden /> {MESSAGE_ACTS_TEXT.delete}
            </MenuItem>
          </MenuContent>
        </Menu>
        {extra}
      </div>
      <Dialog open={confirming} onOpenChange={(open) => !open && setConfirming(false)}>
        <DialogContent role="alertdialog" className="max-w-sm">
          <DialogTitle className="pr-6 text-lg font-semibold">{MESSAGE_ACTS_TEXT.confirmTitle}</DialogTitle>
          <DialogDescription className="mt-2 text-sm text-muted-foreground">{MESSAGE_ACTS_TEXT.confirmBody}</DialogDescription>
          <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              {MESSAGE_ACTS_TEXT.keep}
            </Button>
            <Button variant="destructive" onClick={() => void confirmDelete()} disabled={removing.isLoading}>
              {MESSAGE_ACTS_TEXT.confirmDelete}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </div>
  );
}

/** The message's words in a box: Enter saves, Shift+Enter starts a new line, Escape puts it back as it was. */
function MessageEditor({ message, onDone }: { message: MessageDto; onDone: () => void }) {
  const [text, setText] = useState(message.content);
  const [problem, setProblem] = useState<string | null>(null);
  const [save, saving] = useEditMessageMutation();
  const hintId = useId();
  const unchanged = text.trim() === message.content.trim();

  const submit = async () => {
    if (!text.trim() || saving.isLoading) return;
    if (unchanged) return onDone();
    const result = await save({ roomId: message.roomId, messageId: message.id, content: text });
    if ('error' in result) setProblem(errorMessage(result.error, MESSAGE_ACTS_TEXT.editFailed));
    else onDone();
  };

  return (
    <form
      className="flex w-full min-w-[min(20rem,100%)] flex-col gap-1.5"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
      data-testid="message-editor"
    >
      <textarea
        className="min-h-[2.5rem] w-full resize-y rounded-lg border bg-background px-3 py-1.5 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        value={text}
        maxLength={MESSAGE_MAX}
        rows={Math.min(6, text.split('\n').length)}
        aria-label={MESSAGE_ACTS_TEXT.editorLabel}
        aria-describedby={hintId}
        aria-invalid={problem ? true : undefined}
        autoFocus
        onFocus={(event) => event.currentTarget.setSelectionRange(text.length, text.length)}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') {
            event.preventDefault();
            onDone();
          } else if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            void submit();
          }
        }}
      />
      {problem ? (
        <p className="text-xs text-destructive" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="flex items-center justify-end gap-2">
        <span id={hintId} className="mr-auto hidden text-xs text-muted-foreground sm:inline">
          {MESSAGE_ACTS_TEXT.editorHint}
        </span>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          {MESSAGE_ACTS_TEXT.cancel}
        </Button>
        <Button type="submit" size="sm" disabled={!text.trim() || saving.isLoading}>
          {saving.isLoading ? MESSAGE_ACTS_TEXT.saving : MESSAGE_ACTS_TEXT.save}
        </Button>
      </div>
    </form>
  );
}
