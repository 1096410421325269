import { RefreshCw } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '@/app/hooks';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { clearCacheDialogSet, selectClearCacheOpen } from '../chat-slice';
import { CLEAR_CACHE_TEXT } from '../chat-copy';

/** The hard-refresh keys of the browser the person uses. */
function hardRefreshKeys(userAgent: string): string {
  if (/Mac|iPhone|iPad/.test(userAgent)) return /Safari/.test(userAgent) && !/Chrome|Chromium|Firefox/.test(userAgent) ? 'Cmd+Option+R' : 'Cmd+Shift+R';
  if (/Firefox/.test(userAgent)) return 'Ctrl+F5 (or Ctrl+Shift+R)';
  return 'Ctrl+Shift+R (or Ctrl+F5)';
}

/** Wipes this site's storage and caches, then loads the page afresh. */
export async function clearCacheAndReload() {
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
    if ('caches' in window) {
      const names = await window.caches.keys();
      await Promise.all(names.map((name) => window.caches.delete(name)));
    }
  } finally {
    window.location.reload();
  }
}

export function ClearCacheDialog() {
  const open = useAppSelector(selectClearCacheOpen);
  const dispatch = useAppDispatch();
  if (!open) return null;
  return (
    <Dialog open onOpenChange={(next) => !next && dispatch(clearCacheDialogSet(false))}>
      <DialogContent className="max-w-md">
        <DialogTitle className="pr-6 text-lg font-semibold">{CLEAR_CACHE_TEXT.title}</DialogTitle>
        <DialogDescription className="mt-2 text-sm text-muted-foreground">{CLEAR_CACHE_TEXT.body}</DialogDescription>
        <div className="mt-4 space-y-3 text-sm">
          <p>
            <span className="font-semibold">{CLEAR_CACHE_TEXT.hardRefresh}: </span>
            {CLEAR_CACHE_TEXT.hardRefreshHint(hardRefreshKeys(navigator.userAgent))}
          </p>
          <p className="text-muted-foreground">{CLEAR_CACHE_TEXT.privateWindow}</p>
        </div>
        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => dispatch(clearCacheDialogSet(false))}>
            {CLEAR_CACHE_TEXT.cancel}
          </Button>
          <Button onClick={() => void clearCacheAndReload()}>
            <RefreshCw className="h-4 w-4" /> {CLEAR_CACHE_TEXT.clear}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
