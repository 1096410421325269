import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { usePushDevice } from '@/features/push/hooks/use-push-device';
import { CALL_ALERTS_OFFERED_KEY, CALLS_TEXT } from '../calls-copy';

function offeredBefore(): boolean {
  try {
    return localStorage.getItem(CALL_ALERTS_OFFERED_KEY) !== null;
  } catch {
    return true; // storage refused (private mode): better never offered than offered after every call
  }
}

function rememberOffered(): void {
  try {
    localStorage.setItem(CALL_ALERTS_OFFERED_KEY, new Date().toISOString());
  } catch {
    // Storage refused: the offer may come again after a later call.
  }
}

/**
 * After a seller's first call, on this browser once: push notifications for calls, so the next
 * buyer reaches them with the app closed. The browser is asked only when the button is pressed.
 */
export function CallAlertsOffer() {
  const device = usePushDevice();
  const [before] = useState(offeredBefore);
  const [enabled, setEnabled] = useState(false);
  const [shown, setShown] = useState(false);
  const offer = !before && device.status === 'ready' && device.endpoint === null;

  useEffect(() => {
    if (!offer || shown) return;
    setShown(true);
    rememberOffered();
  }, [offer, shown]);

  // Once shown it stays for this summary, so the outcome of the press is seen.
  if (!shown) return null;
  return (
    <section className="mt-5 flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center" aria-labelledby="call-alerts-offer-title" data-testid="call-alerts-offer">
      <BellRing className="h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="flex-1 text-sm">
        <h3 id="call-alerts-offer-title" className="font-semibold">
          {CALLS_TEXT.offerTitle}
        </h3>
        {enabled ? (
          <p role="status">{CALLS_TEXT.offerDone}</p>
        ) : device.status === 'denied' ? (
          <p role="alert">{CALLS_TEXT.alertsDenied}</p>
        ) : (
          <p className="text-muted-foreground">{CALLS_TEXT.offerBody}</p>
        )}
        {device.problem && !enabled ? (
          <p className="mt-1 text-destructive" role="alert">
            {device.problem}
          </p>
        ) : null}
      </div>
      {enabled || device.status === 'denied' ? null : (
        <Button size="sm" disabled={device.working} onClick={() => void device.enable().then(setEnabled)}>
          {device.working ? CALLS_TEXT.offerEnabling : CALLS_TEXT.offerEnable}
        </Button>
      )}
    </section>
  );
}
