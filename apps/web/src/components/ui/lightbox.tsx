import { ChevronLeft, ChevronRight, ExternalLink, ZoomIn, ZoomOut } from 'lucide-react';
import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useZoomPan, ZOOM_STEPS } from '@/hooks/use-zoom-pan';
import { cn } from '@/lib/cn';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';
import { Picture } from './picture';

export const LIGHTBOX_TEXT = {
  previous: 'Previous image',
  next: 'Next image',
  zoomIn: 'Zoom in',
  zoomOut: 'Zoom out',
  original: 'Open original',
  position: (n: number, total: number) => `${n} of ${total}`,
  zoom: (percent: number) => `Zoom ${percent}%`,
} as const;

export type LightboxItem = {
  key: number;
  src: string;
  alt: string;
  /** The dialog's name, shown above the picture: what it is and whose. */
  title: string;
  /** Under the title: when it was sent. */
  caption?: ReactNode;
};

export type LightboxProps = {
  /** The pictures one can move between, in order. */
  items: LightboxItem[];
  /** The picture shown; null (or a key no longer among the items) when closed. */
  openKey: number | null;
  onOpenKeyChange: (key: number | null) => void;
  /** Where focus goes back to on closing: the shown picture's thumbnail, so the reader keeps their place. */
  returnFocusTo?: (key: number) => HTMLElement | null | undefined;
};

const ROUND_BUTTON =
  'inline-flex items-center justify-center rounded-full bg-black/50 text-white hover:bg-white/20 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white aria-disabled:cursor-default aria-disabled:opacity-30 aria-disabled:hover:bg-black/50';

/**
 * Pictures shown large over the page, one at a time: Escape or the close button closes,
 * focus stays inside and goes back to the thumbnail. Left and Right (or the buttons, or a
 * swipe) move between the pictures; a double click or tap, + and -, or a pinch zoom, and a
 * zoomed picture pans under the pointer or finger. A swipe down closes.
 */
export function Lightbox({ items, openKey, onOpenKeyChange, returnFocusTo }: LightboxProps) {
  const index = openKey === null ? -1 : items.findIndex((item) => item.key === openKey);
  const item = index >= 0 ? items[index] : undefined;
  const shown = useRef<number | null>(null);
  if (item) shown.current = item.key;
  const content = useRef<HTMLDivElement>(null);
  const hasPrevious = index > 0;
  const hasNext = index >= 0 && index < items.length - 1;
  const go = (step: -1 | 1) => {
    const next = items[index + step];
    if (next) onOpenKeyChange(next.key);
  };
  const zoom = useZoomPan({ resetKey: openKey, onSwipe: (direction) => go(direction === 'next' ? 1 : -1), onDismiss: () => onOpenKeyChange(null) });
  const { scale } = zoom.view;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === 'ArrowLeft') go(-1);
    else if (event.key === 'ArrowRight') go(1);
    else if (event.key === '+' || event.key === '=') zoom.zoomIn();
    else if (event.key === '-' || event.key === '_') zoom.zoomOut();
    else if (event.key === '0') zoom.reset();
    else return;
    event.preventDefault();
  };

  // Buttons at an end stay focusable (aria-disabled): a disabled button would drop focus out of the dialog.
  const unless = (allowed: boolean, action: () => void) => () => {
    if (allowed) action();
  };

  return (
    <Dialog open={item !== undefined} onOpenChange={(open) => !open && onOpenKeyChange(null)}>
      {item ? (
        <DialogContent
          ref={content}
          placement="full"
          className="flex flex-col"
          data-testid="lightbox"
          onKeyDown={onKeyDown}
          // The dialog itself takes focus: the arrows work at once and no button looks chosen.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            content.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            const thumbnail = shown.current === null ? null : returnFocusTo?.(shown.current);
            if (!thumbnail?.isConnected) return;
            event.preventDefault();
            thumbnail.focus();
          }}
        >
          <header className="flex items-center gap-2 px-3 pt-[max(0.5rem,env(safe-area-inset-top))] pr-14 pb-2 sm:px-4 sm:pr-16">
            <div className="min-w-0 flex-1">
              <DialogTitle className="truncate text-sm font-semibold">{item.title}</DialogTitle>
              <DialogDescription className="text-xs text-white/70">
                {item.caption}
                {item.caption && items.length > 1 ? ' · ' : null}
                {items.length > 1 ? <span data-testid="lightbox-position">{LIGHTBOX_TEXT.position(index + 1, items.length)}</span> : null}
              </DialogDescription>
            </div>
            <span className="sr-only text-xs text-white/70 tabular-nums sm:not-sr-only" aria-live="polite" data-testid="lightbox-zoom">
              {LIGHTBOX_TEXT.zoom(Math.round(scale * 100))}
            </span>
            <button
              type="button"
              className={cn(ROUND_BUTTON, 'h-10 w-10')}
              aria-label={LIGHTBOX_TEXT.zoomOut}
              aria-disabled={scale <= ZOOM_STEPS[0] || undefined}
              onClick={unless(scale > ZOOM_STEPS[0], zoom.zoomOut)}
            >
              <ZoomOut className="h-5 w-5" aria-hidden />
            </button>
            <button
              type="button"
              className={cn(ROUND_BUTTON, 'h-10 w-10')}
              aria-label={LIGHTBOX_TEXT.zoomIn}
              aria-disabled={scale >= ZOOM_STEPS[ZOOM_STEPS.length - 1] || undefined}
              onClick={unless(scale < ZOOM_STEPS[ZOOM_STEPS.length - 1], zoom.zoomIn)}
            >
              <ZoomIn className="h-5 w-5" aria-hidden />
            </button>
            <a href={item.src} target="_blank" rel="noopener noreferrer" className={cn(ROUND_BUTTON, 'h-10 w-10')} aria-label={LIGHTBOX_TEXT.original} title={LIGHTBOX_TEXT.original}>
              <ExternalLink className="h-5 w-5" aria-hidden />
            </a>
          </header>
          <div
            className={cn('relative flex min-h-0 flex-1 touch-none items-center justify-center overflow-hidden select-none', scale > 1 ? 'cursor-grab active:cursor-grabbing' : 'cursor-zoom-in')}
            data-testid="lightbox-stage"
            {...zoom.stageProps}
          >
            <Picture
              ref={zoom.image}
              key={item.key}
              src={item.src}
              alt={item.alt}
              draggable={false}
              className={cn(
                'max-h-full max-w-full object-contain will-change-transform',
                !zoom.gesturing && 'transition-[transform,opacity] duration-200 ease-out motion-reduce:transition-none',
              )}
              style={zoom.style}
              data-testid="lightbox-image"
            />
          </div>
          {items.length > 1 ? (
            <>
              <button
                type="button"
                className={cn(ROUND_BUTTON, 'absolute top-1/2 left-2 h-11 w-11 -translate-y-1/2 sm:left-4')}
                aria-label={LIGHTBOX_TEXT.previous}
                aria-disabled={!hasPrevious || undefined}
                onClick={unless(hasPrevious, () => go(-1))}
              >
                <ChevronLeft className="h-6 w-6" aria-hidden />
              </button>
              <button
                type="button"
                className={cn(ROUND_BUTTON, 'absolute top-1/2 right-2 h-11 w-11 -translate-y-1/2 sm:right-4')}
                aria-label={LIGHTBOX_TEXT.next}
                aria-disabled={!hasNext || undefined}
                onClick={unless(hasNext, () => go(1))}
              >
                <ChevronRight className="h-6 w-6" aria-hidden />
              </button>
            </>
          ) : null}
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
