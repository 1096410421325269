import { BellRing } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { DESKTOP_ALERTS_TEXT } from '../notifications-copy';
import { canShowBrowserNotifications, playAlertTones } from '../seller-alert';

/** What the prompt says: why to allow notifications, and what to do once they were refused. */
export type AlertsPromptWords = { title: string; body: string; denied: string; enable: string };

export type DesktopAlertsPromptProps = {
  /** Another screen's reason (a seller's calls); the notifications' own by default. */
  words?: AlertsPromptWords;
  /** Whether the click plays the alert tones too, which also unlocks the page's sound for them. */
  tones?: boolean;
  className?: string;
};

/** Browsers grant notifications only after a click: people ask for them here, where the reason is plain. */
export function DesktopAlertsPrompt({ words = DESKTOP_ALERTS_TEXT, tones = true, className }: DesktopAlertsPromptProps) {
  const [permission, setPermission] = useState(() => (canShowBrowserNotifications() ? Notification.permission : 'unsupported'));
  if (permission === 'unsupported' || permission === 'granted') return null;
  return (
    <Card className={cn('flex flex-col gap-3 p-4 sm:flex-row sm:items-center', className ?? 'mb-4')}>
      <BellRing className="h-6 w-6 shrink-0 text-primary" aria-hidden />
      <div className="flex-1">
        <p className="text-sm font-semibold">{words.title}</p>
        <p className="text-sm text-muted-foreground">{permission === 'denied' ? words.denied : words.body}</p>
      </div>
      {permission === 'default' ? (
        <Button
          size="sm"
          onClick={async () => {
            if (tones) playAlertTones();
            setPermission(await Notification.requestPermission());
          }}
        >
          {words.enable}
        </Button>
      ) : null}
    </Card>
  );
}
