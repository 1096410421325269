import type { Workbox } from 'workbox-window';

/** The part of workbox-window's Workbox the update prompt uses (tests give a stand-in). */
export type UpdatableWorker = Pick<Workbox, 'addEventListener' | 'messageSkipWaiting'>;

export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  /** Whether a new version of the app is installed and waiting for this page to let it take over. */
  getSnapshot(): boolean;
  /** Lets the waiting version take over, then reloads the page into it. */
  apply(): void;
  /** Hides the prompt for this page; the next page load offers the update again. */
  dismiss(): void;
}

/**
 * Follows the worker's lifecycle from before it is registered, so a version already waiting
 * when the page loaded is offered too. The page reloads only after the new version controls
 * it: reloading sooner would load the old version once more.
 */
export function updateStore(worker: UpdatableWorker, reload: () => void): UpdateStore {
  let waiting = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    waiting = next;
    listeners.forEach((listener) => listener());
  };
  worker.addEventListener('waiting', () => set(true));
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => waiting,
    apply() {
      worker.addEventListener('controlling', () => reload());
      worker.messageSkipWaiting();
    },
    dismiss: () => set(false),
  };
}
