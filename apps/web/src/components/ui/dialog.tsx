import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { useText } from '@/i18n/use-text';
import { cn } from '@/lib/cn';

export const Dialog = DialogPrimitive.Root;
export const DialogTitle = DialogPrimitive.Title;
export const DialogDescription = DialogPrimitive.Description;
export const DialogClose = DialogPrimitive.Close;

export type DialogContentProps = ComponentProps<typeof DialogPrimitive.Content> & {
  children: ReactNode;
  /** 'left' and 'right' slide in from that edge (the mobile drawer, a room's people); 'full' covers the screen on a dark backdrop (pictures, a call). */
  placement?: 'center' | 'left' | 'right' | 'full';
  /** False for what only its own buttons end (a ringing call, a call): no close button, and neither Escape nor a click outside closes it. */
  dismissible?: boolean;
};

const PLACEMENTS = {
  center:
    'top-1/2 left-1/2 max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl border bg-card p-6 shadow-lg',
  left: 'inset-y-0 left-0 h-full w-72 max-w-[85vw] overflow-y-auto border bg-card p-6 shadow-lg',
  right: 'inset-y-0 right-0 h-full w-80 max-w-[85vw] overflow-y-auto border-l bg-card p-4 shadow-lg',
  full: 'inset-0 h-dvh w-full overflow-hidden bg-black text-white',
} as const;

/** A handler of a way to close the dialog that, on a dialog only its own buttons end, keeps it open. */
function holdOpen<E extends Event>(handler: ((event: E) => void) | undefined, dismissible: boolean) {
  if (dismissible) return handler;
  return (event: E) => {
    handler?.(event);
    event.preventDefault();
  };
}

export function DialogContent({ className, children, placement = 'center', dismissible = true, ...props }: DialogContentProps) {
  const t = useText();
  const full = placement === 'full';
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/50" />
      <DialogPrimitive.Content
        className={cn('fixed z-50 focus:outline-none', PLACEMENTS[placement], className)}
        {...props}
        onEscapeKeyDown={holdOpen(props.onEscapeKeyDown, dismissible)}
        onPointerDownOutside={holdOpen(props.onPointerDownOutside, dismissible)}
        onInteractOutside={holdOpen(props.onInteractOutside, dismissible)}
      >
        {children}
        {dismissible ? (
          <DialogPrimitive.Close
            className={cn(
              'absolute focus-visible:ring-2',
              full
                ? 'top-[max(0.5rem,env(safe-area-inset-top))] right-2 rounded-full bg-black/50 p-2.5 text-white hover:bg-white/20 focus-visible:ring-white focus-visible:outline-none'
                : 'top-4 right-4 rounded-sm opacity-70 hover:opacity-100 focus-visible:ring-ring',
            )}
            aria-label={t('layout.close')}
          >
            <X className={full ? 'h-5 w-5' : 'h-4 w-4'} aria-hidden />
          </DialogPrimitive.Close>
        ) : null}
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}
