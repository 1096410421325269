import { navigate } from 'wouter/use-browser-location';
import { activeLanguage, i18n } from '../i18n/i18n';
import { LANGUAGE_MESSAGE, type LanguageMessage } from './sw-language';
import { isOpenInAppMessage } from './sw-messages';

/** Where the build puts the worker (vite.config.ts, serviceWorker()). */
const WORKER_URL = '/service-worker.js';

/**
 * Registers the service worker. The banners of its news (src/sw/status-root.tsx) are a chunk
 * fetched only when there is news: a new version waiting, or no network. So a visit with none
 * fetches no script beyond those its page links.
 */
export function registerServiceWorker(): void {
  const container = navigator.serviceWorker;
  const showStatus = (registration?: ServiceWorkerRegistration) =>
    void import('./status-root').then((status) => status.showServiceWorkerStatus(registration)).catch(() => undefined);

  container
    .register(WORKER_URL, { scope: '/' })
    .then((registration) => {
      // A version found while an older one controls the page is an update (the first install is none).
      if (container.controller && (registration.waiting || registration.installing)) showStatus(registration);
      registration.addEventListener('updatefound', () => container.controller && showStatus(registration));
    })
    .catch((error: unknown) => console.warn('The service worker could not be registered', error));

  if (navigator.onLine) window.addEventListener('offline', () => showStatus(), { once: true });
  else showStatus();

  // A notification pressed while this tab is open: its page is shown here, as a link in the app would.
  container.addEventListener('message', (event: MessageEvent) => {
    if (!isOpenInAppMessage(event.data)) return;
    navigate(event.data.path);
    event.ports[0]?.postMessage('shown');
  });
  container.startMessages();
  followLanguage(container);
}

/**
 * Tells the worker the language this page speaks, now and whenever it changes (the footer,
 * Settings), so its own words (the offline page, a push it cannot read) are in that language.
 */
export function followLanguage(container: Pick<ServiceWorkerContainer, 'ready'>): () => void {
  const tell = () =>
    void container.ready
      .then((registration) => registration.active?.postMessage({ type: LANGUAGE_MESSAGE, language: activeLanguage() } satisfies LanguageMessage))
      .catch(() => undefined);
  tell();
  return i18n.on('change', tell);
}
