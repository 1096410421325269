/** The parts of a ServiceWorkerRegistration the update prompt follows (tests give stand-ins). */
export interface UpdatableRegistration {
  readonly installing: ServiceWorker | null;
  readonly waiting: ServiceWorker | null;
  addEventListener(type: 'updatefound', listener: () => void): void;
}

/** navigator.serviceWorker, as far as the prompt uses it. */
export interface WorkerContainer {
  readonly controller: ServiceWorker | null;
  addEventListener(type: 'controllerchange', listener: () => void): void;
}

export interface UpdateStore {
  subscribe(listener: () => void): () => void;
  /** Whether a new version of the app is installed and waiting for this page to let it take over. */
  getSnapshot(): boolean;
  /** Lets the waiting version take over, then reloads the page into it. */
  apply(): void;
  /** Hides the prompt for this page; the next page load offers the update again. */
  dismiss(): void;
}

/** What the worker takes as the person's word to take over (service-worker.ts). */
export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * Follows the registration for a new version: one installed while an older one controls the
 * page waits (the first install takes the page at once, and is no update). The page reloads
 * only once the new version controls it: reloading sooner would load the old version again.
 */
export function updateStore(registration: UpdatableRegistration, container: WorkerContainer, reload: () => void): UpdateStore {
  let waiting = false;
  const listeners = new Set<() => void>();
  const set = (next: boolean) => {
    waiting = next;
    listeners.forEach((listener) => listener());
  };
  const check = () => {
    if (registration.waiting && container.controller) set(true);
  };
  const follow = (worker: ServiceWorker | null) => worker?.addEventListener('statechange', check);
  registration.addEventListener('updatefound', () => follow(registration.installing));
  follow(registration.installing);
  check();
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => waiting,
    apply() {
      container.addEventListener('controllerchange', () => reload());
      registration.waiting?.postMessage({ type: SKIP_WAITING });
    },
    dismiss: () => set(false),
  };
}
