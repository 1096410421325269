import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { canShowBrowserNotifications } from '../../notifications/seller-alert';
import { CALLS_TEXT } from '../calls-copy';

/** Browsers grant notifications after a click: a seller asks for them here, where the reason is plain. */
export function CallAlertsPrompt() {
  const [permission, setPermission] = useState(() => (canShowBrowserNotifications() ? Notification.permission : 'unsupported'));
  if (permission === 'unsupported' || permission === 'granted') return null;
  return (
    <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <BellRing className="h-6 w-6 shrink-0 text-primary" aria-hidden />
      <div className="flex-1">
        <p className="text-sm font-semibold">{CALLS_TEXT.alertsTitle}</p>
        <p className="text-sm text-muted-foreground">{permission === 'denied' ? CALLS_TEXT.alertsDenied : CALLS_TEXT.alertsBody}</p>
      </div>
      {permission === 'default' ? (
        <Button size="sm" onClick={() => void Notification.requestPermission().then(setPermission)}>
          {CALLS_TEXT.alertsEnable}
        </Button>
      ) : null}
    </Card>
  );
}
