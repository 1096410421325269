import { RefreshCw, WifiOff } from 'lucide-react';
import { useOnline } from '../hooks/use-online';
import { Button } from './ui/button';

export type UpdatePromptProps = {
  title: string;
  description: string;
  reloadLabel: string;
  dismissLabel: string;
  onReload: () => void;
  onDismiss: () => void;
};

/** A new version of the app is ready: the person chooses when to reload into it. */
export function UpdatePrompt({ title, description, reloadLabel, dismissLabel, onReload, onDismiss }: UpdatePromptProps) {
  return (
    <section
      role="status"
      aria-label={title}
      className="pointer-events-auto flex items-center gap-3 rounded-xl border bg-card p-3 text-foreground shadow-lg"
      data-testid="update-prompt"
    >
      <RefreshCw className="h-5 w-5 shrink-0 text-primary" aria-hidden />
      <div className="min-w-0 flex-1 text-sm">
        <p className="font-semibold">{title}</p>
        <p className="text-muted-foreground">{description}</p>
      </div>
      <Button size="sm" variant="ghost" onClick={onDismiss}>
        {dismissLabel}
      </Button>
      <Button size="sm" onClick={onReload}>
        {reloadLabel}
      </Button>
    </section>
  );
}

export type OfflineNoticeProps = { message: string };

/** Shown while the browser has no network; it goes by itself once the network is back. */
export function OfflineNotice({ message }: OfflineNoticeProps) {
  const online = useOnline();
  return (
    <div role="status" aria-live="polite" className="contents">
      {online ? null : (
        <p
          className="pointer-events-auto mx-auto flex max-w-md items-center gap-2 rounded-full border bg-card px-4 py-2 text-sm text-foreground shadow-lg"
          data-testid="offline-notice"
        >
          <WifiOff className="h-4 w-4 shrink-0 text-destructive" aria-hidden />
          {message}
        </p>
      )}
    </div>
  );
}
