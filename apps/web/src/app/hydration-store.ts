import type { Store } from '@reduxjs/toolkit';

/**
 * The store as React sees it while it takes over the prerendered landing page: its state as it
 * was when that began, until the browser is next idle (hydration done) or the visitor presses a
 * key or a pointer. React hydrates the page's Suspense boundaries in small slices; a store change
 * reaching it meanwhile (the header's queries starting) would make it hydrate every waiting
 * boundary at once, in one long task. Held back, the changes land in one render after: change
 * notices in the meantime find the state React reads unchanged. Actions still reach the store at
 * once: only what React reads waits.
 */
export function storeHeldWhileHydrating<S extends Store>(store: S): S {
  let held = true;
  const frozen = store.getState();
  const listeners = new Set<() => void>();
  const release = () => {
    if (!held) return;
    held = false;
    window.removeEventListener('pointerdown', release, true);
    window.removeEventListener('keydown', release, true);
    if (store.getState() !== frozen) for (const listener of [...listeners]) listener();
  };
  const whenIdle = window.requestIdleCallback ?? ((callback: () => void) => window.setTimeout(callback, IDLE_FALLBACK_MS));
  whenIdle(release, { timeout: RELEASE_TIMEOUT_MS });
  window.addEventListener('pointerdown', release, true);
  window.addEventListener('keydown', release, true);
  return {
    ...store,
    getState: () => (held ? frozen : store.getState()),
    subscribe(listener: () => void) {
      listeners.add(listener);
      const unsubscribe = store.subscribe(listener);
      return () => {
        listeners.delete(listener);
        unsubscribe();
      };
    },
  };
}

/** However busy the browser stays, React sees the store by then. */
const RELEASE_TIMEOUT_MS = 3000;
/** Where the browser has no idle callback (Safari), a guess at how long hydration takes. */
const IDLE_FALLBACK_MS = 300;
