import { createContext, useContext, useSyncExternalStore } from 'react';
import type { CallController, CallMedia } from '../call-controller';

export const CallControllerContext = createContext<CallController | null>(null);

export function useCallController(): CallController {
  const controller = useContext(CallControllerContext);
  if (!controller) throw new Error('Calls need a CallProvider above them (the app shell mounts one)');
  return controller;
}

/** The running call's streams and byte counts, as they change. */
export function useCallMedia(): CallMedia {
  const controller = useCallController();
  return useSyncExternalStore(controller.subscribe, controller.getMedia, controller.getMedia);
}
