import { createRoot, type Root } from 'react-dom/client';
import { ServiceWorkerStatus } from './service-worker-status';
import { updateStore, type UpdateStore } from './update-store';

let root: Root | null = null;
let updates: UpdateStore | null = null;

/**
 * Shows the worker's news (a new version waiting, no network) in a root of its own beside the
 * app's. Fetched only once there is something to say, so a visit that has none fetches nothing.
 */
export function showServiceWorkerStatus(registration?: ServiceWorkerRegistration): void {
  if (registration && !updates) updates = updateStore(registration, navigator.serviceWorker, () => window.location.reload());
  if (!root) {
    const container = document.createElement('div');
    container.id = 'app-status';
    document.body.append(container);
    root = createRoot(container);
  }
  root.render(<ServiceWorkerStatus updates={updates} />);
}
