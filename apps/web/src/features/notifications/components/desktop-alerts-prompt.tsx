import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { spoken } from '../../../i18n/spoken';
// The notifications catalogue's English, wherever this prompt is shown.
import '../notifications-copy';
import { canShowBrowserNotifications, playAlertTones } from '../seller-alert';

export const DESKTOP_ALERTS_TEXT = spoken({
  title: 'notifications.desktop.title',
  body: 'notifications.desktop.body',
  enable: 'notifications.desktop.enable',
  denied: 'notifications.desktop.denied',
});

/** Browsers grant notifications only after a click: people ask for them here. */
export function DesktopAlertsPrompt() {
  const [permission, setPermission] = useState(() => (canShowBrowserNotifications() ? Notification.permission : 'unsupported'));
  if (permission === 'unsupported' || permission === 'granted') return null;
  return (
    <Card className="mb-4 flex flex-col gap-3 p-4 sm:flex-row sm:items-center">
      <BellRing className="h-6 w-6 shrink-0 text-primary" aria-hidden />
      <div className="flex-1">
        <p className="text-sm font-semibold">{DESKTOP_ALERTS_TEXT.title}</p>
        <p className="text-sm text-muted-foreground">{permission === 'denied' ? DESKTOP_ALERTS_TEXT.denied : DESKTOP_ALERTS_TEXT.body}</p>
      </div>
      {permission === 'default' ? (
        <Button
          size="sm"
          onClick={async () => {
            // The click also unlocks the page's sound for the alert tones.
            playAlertTones();
            setPermission(await Notification.requestPermission());
          }}
        >
          {DESKTOP_ALERTS_TEXT.enable}
        </Button>
      ) : null}
    </Card>
  );
}
