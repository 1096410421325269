import { useEffect, useState, type ReactNode } from 'react';
import { useStore } from 'react-redux';
import type { AppStore } from '../../../app/store';
import { CallController } from '../call-controller';
import { CallControllerContext } from '../hooks/use-call-controller';

export type CallProviderProps = { children: ReactNode };

/** One call controller for the app's lifetime, so a call goes on from page to page. */
export function CallProvider({ children }: CallProviderProps) {
  const store = useStore() as AppStore;
  const [controller] = useState(() => new CallController(store.dispatch, store.getState));
  useEffect(() => controller.attach(), [controller]);
  return <CallControllerContext.Provider value={controller}>{children}</CallControllerContext.Provider>;
}
