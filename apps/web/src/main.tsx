import { startTransition } from 'react';
import { AppRoot, PRERENDERED_PATH } from './app/root';
import { preloadScreenAt } from './app/router';
import { storeHeldWhileHydrating } from './app/hydration-store';
import { makeStore } from './app/store';
import { DEFAULT_LANGUAGE } from '@app/contracts/browser';
import { startingLanguage, switchLanguage } from './i18n/i18n';
import { registerServiceWorker } from './sw/registration';
import './index.css';

// React's renderer is a chunk of its own, which every page's HTML links for preloading: the
// browser evaluates it in a task after the entry's, rather than both in one long task.
const renderer = import('react-dom/client');
const store = makeStore();
const container = document.getElementById('root')!;
const language = startingLanguage();
// English is in the bundle; another language's catalogue comes before the first render (without
// it, should its fetch fail, the page is drawn in English).
const spoken = language === DEFAULT_LANGUAGE ? Promise.resolve() : switchLanguage(language).catch(() => undefined);

// Both render in a transition, so React yields to the browser while it works rather than
// holding the main thread for the whole first screen.
if (window.location.pathname === PRERENDERED_PATH && container.firstElementChild && container.dataset.language === language) {
  // index.html (index.hi.html...) holds the landing page as the build rendered it in this language: with its code
  // and words here, React takes it over as it is. Without its code (a failed fetch) React still takes over the
  // rest, keeping the page's HTML until the code comes.
  const screen = preloadScreenAt(PRERENDERED_PATH).catch(() => undefined);
  void Promise.all([renderer, screen, spoken]).then(([{ hydrateRoot }]) =>
    startTransition(() => void hydrateRoot(container, <AppRoot store={storeHeldWhileHydrating(store)} />)),
  );
} else {
  // Any other page: the server sent the shell with an empty root (a host that sends index.html
  // everywhere, or an offline copy, gets the English landing page's HTML, which makes way here
  // unless English is spoken).
  container.replaceChildren();
  void Promise.all([renderer, spoken]).then(([{ createRoot }]) => startTransition(() => createRoot(container).render(<AppRoot store={store} />)));
}

// The service worker (the app offline, push notifications) is registered once the page has loaded,
// so it never competes with the first screen. Development runs without it: a worker's cache
// would serve stale modules to Vite's dev server.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  if (document.readyState === 'complete') registerServiceWorker();
  else window.addEventListener('load', registerServiceWorker, { once: true });
}
