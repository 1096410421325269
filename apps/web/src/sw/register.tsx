import { createRoot } from 'react-dom/client';
import { navigate } from 'wouter/use-browser-location';
import { Workbox } from 'workbox-window';
import { ServiceWorkerStatus } from './service-worker-status';
import { isOpenInAppMessage } from './sw-messages';
import { updateStore } from './update-store';

/** Where the build puts the worker (vite.config.ts, serviceWorker()). */
const WORKER_URL = '/service-worker.js';

/**
 * Registers the service worker and shows its news (a new version, no network) in a root of its
 * own beside the app's: main.tsx loads this chunk once the page has loaded, so the first screen
 * neither carries nor waits for it.
 */
export function registerServiceWorker(): void {
  const workbox = new Workbox(WORKER_URL, { scope: '/' });
  const updates = updateStore(workbox, () => window.location.reload());
  const container = document.createElement('div');
  container.id = 'app-status';
  document.body.append(container);
  createRoot(container).render(<ServiceWorkerStatus updates={updates} />);
  // A notification pressed while this tab is open: its page is shown here, as a link in the app would.
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent) => {
    if (!isOpenInAppMessage(event.data)) return;
    navigate(event.data.path);
    event.ports[0]?.postMessage('shown');
  });
  navigator.serviceWorker.startMessages();
  workbox.register().catch((error: unknown) => console.warn('The service worker could not be registered', error));
}
