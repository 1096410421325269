import type { IncomingCallFrame } from '@app/contracts';
import { inDoNotDisturb } from '@app/contracts/browser';
import { Phone, PhoneOff, Video } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useAppDispatch } from '@/app/hooks';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { toast } from '@/components/ui/toast-store';
import { errorMessage } from '@/lib/errors';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { canShowBrowserNotifications } from '@/features/notifications/seller-alert';
import { formatRate } from '../call-money';
import { pushCoversCall } from '../call-notifications';
import { incomingCleared } from '../calls-slice';
import { CALLS_TEXT } from '../calls-copy';
import { useCallController } from '../hooks/use-call-controller';
import { startRingTone } from '../media/ring-tone';

/** The server ends an unanswered call at ringExpiresAt; if that news is lost, the prompt goes a little later on its own. */
const LOCAL_GRACE_MS = 5000;
const MAX_RING_MS = 60_000;

export type IncomingCallPromptProps = { incoming: IncomingCallFrame };

/** A seller's incoming call, on whatever page they have open: who, which kind, the price, Accept or Decline. */
export function IncomingCallPrompt({ incoming }: IncomingCallPromptProps) {
  const controller = useCallController();
  const dispatch = useAppDispatch();
  const [answer, setAnswer] = useState<'accept' | 'decline' | null>(null);
  useRinging(incoming);

  async function accept() {
    setAnswer('accept');
    try {
      await controller.accept(incoming);
    } catch (error) {
      toast({ title: CALLS_TEXT.answerFailed, description: errorMessage(error, ''), variant: 'destructive' });
      dispatch(incomingCleared(incoming.sessionId));
    } finally {
      setAnswer(null);
    }
  }

  async function decline() {
    setAnswer('decline');
    try {
      await controller.decline(incoming);
    } catch (error) {
      toast({ title: CALLS_TEXT.declineFailed, description: errorMessage(error, ''), variant: 'destructive' });
    } finally {
      dispatch(incomingCleared(incoming.sessionId));
      setAnswer(null);
    }
  }

  const Icon = incoming.callType === 'video' ? Video : Phone;
  return (
    <Dialog open>
      <DialogContent
        role="alertdialog"
        className="max-w-sm text-center"
        dismissible={false}
        data-testid="incoming-call"
        data-session-id={incoming.sessionId}
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          (event.currentTarget as HTMLElement | null)?.querySelector<HTMLButtonElement>('[data-answer="accept"]')?.focus();
        }}
      >
        <p className="flex items-center justify-center gap-1.5 text-sm font-medium text-muted-foreground">
          <Icon className="h-4 w-4" aria-hidden /> {CALLS_TEXT.incoming(incoming.callType)}
        </p>
        <div className="relative mx-auto mt-4 h-20 w-20">
          <span className="absolute inset-0 animate-ping rounded-full bg-green-500/30 motion-reduce:animate-none" aria-hidden />
          <UserAvatar name={incoming.buyerName} src={incoming.buyerAvatar} className="relative h-20 w-20 text-2xl" />
        </div>
        <DialogTitle className="mt-4 text-xl font-semibold break-words">{incoming.buyerName}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-muted-foreground">
          {CALLS_TEXT.incomingFrom(incoming.buyerName, incoming.callType)}
          {incoming.pricePerMinute > 0 ? (
            <span className="block" data-testid="incoming-price">
              {CALLS_TEXT.incomingPrice(formatRate(incoming.pricePerMinute))}
            </span>
          ) : null}
        </DialogDescription>
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Button variant="destructive" size="lg" onClick={() => void decline()} disabled={answer !== null}>
            <PhoneOff className="h-5 w-5" aria-hidden /> {CALLS_TEXT.decline}
          </Button>
          <Button data-answer="accept" size="lg" className="bg-green-600 text-white hover:bg-green-700" onClick={() => void accept()} disabled={answer !== null}>
            <Icon className="h-5 w-5" aria-hidden /> {answer === 'accept' ? CALLS_TEXT.accepting : CALLS_TEXT.accept}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** The ring tone, a system notification while the tab is hidden, and the local end of ringing. */
function useRinging(incoming: IncomingCallFrame) {
  const dispatch = useAppDispatch();
  const { sessionId, buyerName, callType, ringExpiresAt } = incoming;
  // The server pushes a ringing call to the seller's devices unless their settings hold it back.
  const notifications = useCurrentUser().user?.settings?.notifications;
  const quiet = notifications?.doNotDisturb;
  const pushed = !!notifications?.push && !(quiet && inDoNotDisturb(quiet) && !quiet.allowCalls);

  useEffect(() => startRingTone(), [sessionId]);

  useEffect(() => {
    const left = Date.parse(ringExpiresAt) - Date.now();
    const wait = Math.min(Math.max(Number.isFinite(left) ? left : 0, 0), MAX_RING_MS) + LOCAL_GRACE_MS;
    const timer = setTimeout(() => dispatch(incomingCleared(sessionId)), wait);
    return () => clearTimeout(timer);
  }, [dispatch, sessionId, ringExpiresAt]);

  useEffect(() => {
    if (!canShowBrowserNotifications()) return;
    let notification: Notification | null = null;
    let asking = false;
    let live = true;
    const show = () => {
      if (!live || notification) return;
      try {
        notification = new Notification(CALLS_TEXT.notificationTitle(buyerName), {
          body: CALLS_TEXT.notificationBody(callType),
          tag: `call-${sessionId}`,
          requireInteraction: true,
        });
        notification.onclick = () => {
          window.focus();
          notification?.close();
        };
      } catch (error) {
        console.warn('Call notification failed', error);
      }
    };
    const notify = () => {
      if (notification || asking || document.visibilityState !== 'hidden' || Notification.permission !== 'granted') return;
      if (!('serviceWorker' in navigator)) {
        show();
        return;
      }
      // The pushed notification (Accept and Decline, even with the tab closed) has the same tag:
      // the page's own would replace it, so it shows none where push brings one.
      asking = true;
      void pushCoversCall(sessionId, pushed).then((covered) => {
        asking = false;
        if (!covered) show();
      });
    };
    notify();
    document.addEventListener('visibilitychange', notify);
    return () => {
      live = false;
      document.removeEventListener('visibilitychange', notify);
      notification?.close();
    };
  }, [sessionId, buyerName, callType, pushed]);
}
