import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { PRIVATE_CHATS_TEXT } from '../chat-copy';

export type DeleteChatDialogProps = {
  /** Who the chat is with; no name, no dialog. */
  name: string | null;
  onConfirm: () => void;
  onCancel: () => void;
};

/** A deleted chat cannot be brought back, so the trash button asks first. */
export function DeleteChatDialog({ name, onConfirm, onCancel }: DeleteChatDialogProps) {
  return (
    <Dialog open={name !== null} onOpenChange={(open) => !open && onCancel()}>
      <DialogContent role="alertdialog" className="max-w-sm">
        <DialogTitle className="pr-6 text-lg font-semibold">{PRIVATE_CHATS_TEXT.confirmTitle}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">{name ? PRIVATE_CHATS_TEXT.confirmBody(name) : null}</DialogDescription>
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            {PRIVATE_CHATS_TEXT.cancelDelete}
          </Button>
          <Button variant="destructive" onClick={onConfirm}>
            {PRIVATE_CHATS_TEXT.confirmDelete}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
