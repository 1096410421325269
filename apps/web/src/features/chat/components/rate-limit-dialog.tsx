import { Clock, Crown } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { env } from '@/config/env';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { vipRequestMessage, whatsappLink } from '@/features/vip/vip-copy';
import { rateLimitDialogClosed, rateLimitReason, selectRateLimit } from '../chat-slice';
import { RATE_LIMIT_TEXT } from '../chat-copy';

/** Opened by a 429 on send: what the limit was, the wait, and the way to VIP. */
export function RateLimitDialog() {
  const notice = useAppSelector(selectRateLimit);
  const dispatch = useAppDispatch();
  const { user } = useCurrentUser();
  const close = () => dispatch(rateLimitDialogClosed());
  return (
    <Dialog open={notice !== null} onOpenChange={(open) => !open && close()}>
      <DialogContent className="max-w-md">
        {notice ? (
          <>
            <DialogTitle className="flex items-center gap-2 pr-6 text-lg font-semibold">
              <Clock className="h-5 w-5 text-amber-500" aria-hidden /> {RATE_LIMIT_TEXT.title}
            </DialogTitle>
            <DialogDescription className="mt-3 text-sm">
              {RATE_LIMIT_TEXT[rateLimitReason(notice)]}
            </DialogDescription>
            <p className="mt-2 text-sm font-semibold text-red-600" data-testid="rate-limit-wait">
              {RATE_LIMIT_TEXT.wait(notice.waitSeconds)}
            </p>
            <div className="mt-4 rounded-lg border border-yellow-400 bg-yellow-50/60 p-3 text-sm dark:bg-yellow-950/20">
              <p className="flex items-start gap-2">
                <Crown className="mt-0.5 h-4 w-4 shrink-0 text-yellow-500" aria-hidden /> {RATE_LIMIT_TEXT.upgrade}
              </p>
            </div>
            <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={close}>
                {RATE_LIMIT_TEXT.continue}
              </Button>
              <Button asChild className="bg-green-600 text-white hover:bg-green-700">
                <a href={whatsappLink(env.whatsappNumber, vipRequestMessage(user?.username))} target="_blank" rel="noopener noreferrer" onClick={close}>
                  {RATE_LIMIT_TEXT.contact}
                </a>
              </Button>
            </div>
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
