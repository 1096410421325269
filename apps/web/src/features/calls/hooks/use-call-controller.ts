import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CallController, CallMedia } from '../call-controller';

/** The tab's call controller; null until its code has arrived (it is fetched once someone signs in). */
export const CallControllerContext = createContext<CallController | null>(null);

/** For what renders only once calls are ready (the call center and what it shows). */
export function useCallController(): CallController {
  const controller = useContext(CallControllerContext);
  if (!controller) throw new Error('Calls need a ready CallProvider above them (the app shell mounts one)');
  return controller;
}

/** The controller if its code has arrived, else null. */
export function useLoadedCallController(): CallController | null {
  return useContext(CallControllerContext);
}

/** The running call's streams and byte counts, as they change. */
export function useCallMedia(): CallMedia {
  const controller = useCallController();
  return useSyncExternalStore(controller.subscribe, controller.getMedia, controller.getMedia);
}
