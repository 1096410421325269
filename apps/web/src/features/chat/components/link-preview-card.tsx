import type { MessageDto } from '@app/contracts';
import { X } from 'lucide-react';
import { Picture } from '@/components/ui/picture';
import { toast } from '@/components/ui/toast-store';
import { cn } from '@/lib/cn';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useRemoveLinkPreviewMutation } from '../api/chat-api';
import { LINK_PREVIEW_TEXT } from '../chat-copy';

export type LinkPreviewCardProps = {
  message: MessageDto;
};

/**
 * The preview of a message's first link, under the message: the site, the page's title and
 * description (two lines each at most) and its picture, our own copy under /media. The whole
 * card is one link to the page, marked as the sender's (ugc, nofollow), in a new tab. Its sender
 * may remove it (×). Nothing shows for a reader who turned link previews off in Settings.
 */
export function LinkPreviewCard({ message }: LinkPreviewCardProps) {
  const { user } = useCurrentUser();
  const [remove, removing] = useRemoveLinkPreviewMutation();
  const preview = message.linkPreview;
  if (!preview || message.removedBy || user?.settings?.chat.linkPreviews === false) return null;
  const removable = user?.id === message.senderId;

  const removePreview = async () => {
    const result = await remove({ roomId: message.roomId, messageId: message.id });
    if ('error' in result) toast({ title: errorMessage(result.error, LINK_PREVIEW_TEXT.removeFailed), variant: 'destructive' });
  };

  return (
    <div className="relative w-full max-w-sm" data-testid="link-preview" data-message-id={message.id}>
      <a
        href={preview.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="flex min-h-20 overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm transition-colors hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {preview.image ? <Picture src={preview.image} alt="" loading="lazy" className="w-20 shrink-0 self-stretch border-r object-cover sm:w-24" /> : null}
        <span className={cn('flex min-w-0 flex-1 flex-col gap-0.5 px-3 py-2', removable && 'pr-8')}>
          <span className="truncate text-[11px] uppercase tracking-wide text-muted-foreground">{preview.siteName}</span>
          <span className="line-clamp-2 text-sm font-semibold break-words" data-testid="link-preview-title">
            {preview.title}
          </span>
          {preview.description ? <span className="line-clamp-2 text-xs break-words text-muted-foreground">{preview.description}</span> : null}
          <span className="sr-only">{LINK_PREVIEW_TEXT.opensNewTab}</span>
        </span>
      </a>
      {removable ? (
        <button
          type="button"
          onClick={() => void removePreview()}
          disabled={removing.isLoading}
          aria-label={LINK_PREVIEW_TEXT.remove(preview.title)}
          title={LINK_PREVIEW_TEXT.remove(preview.title)}
          className="absolute top-1 right-1 rounded-full bg-card/90 p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
          data-testid="link-preview-remove"
        >
          <X className="h-3.5 w-3.5" aria-hidden />
        </button>
      ) : null}
    </div>
  );
}
