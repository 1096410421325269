import { Loader2 } from 'lucide-react';

export const SCREEN_LOADING_TEXT = 'Loading...';

/** What a screen shows while its code arrives: a spinner that screen readers announce. */
export function ScreenLoading() {
  return (
    <div className="flex min-h-[50vh] items-center justify-center gap-2 text-muted-foreground" role="status" aria-live="polite">
      <Loader2 className="h-5 w-5 animate-spin" aria-hidden />
      <span>{SCREEN_LOADING_TEXT}</span>
    </div>
  );
}
