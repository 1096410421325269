import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '@/app/store';
import { lazyModule } from '@/lib/lazy-code';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import type { CallController } from '../call-controller';
import { CallControllerContext } from '../hooks/use-call-controller';

export type CallProviderProps = { children: ReactNode };

const controllerCode = lazyModule(() => import('../call-controller'));

/**
 * One call controller for the app's lifetime, so a call goes on from page to page. Its code
 * (media, the peer connection, signalling) is fetched once someone is signed in: a visitor
 * never calls or is called, and the first page loads without it.
 */
export function CallProvider({ children }: CallProviderProps) {
  const store = useStore() as AppStore;
  const signedIn = useCurrentUser().user !== null;
  const [code, setCode] = useState(controllerCode.loaded);
  const [controller, setController] = useState<CallController | null>(null);
  useEffect(() => {
    if (!signedIn || code) return;
    let wanted = true;
    controllerCode()
      .then((arrived) => {
        if (wanted) setCode(arrived);
      })
      // Calls stay unavailable on this page (their buttons disabled); the next sign-in or page load tries again.
      .catch(() => undefined);
    return () => {
      wanted = false;
    };
  }, [signedIn, code]);
  // Made in the render that first has both, so when the code was already here (fetched
  // before, or preloaded) the call center comes with the signed-in page, not a moment after it.
  if (signedIn && code && !controller) setController(new code.CallController(store.dispatch, store.getState));
  useEffect(() => controller?.attach(), [controller]);
  return <CallControllerContext.Provider value={controller}>{children}</CallControllerContext.Provider>;
}
