import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// The suite runs beside the services' integration tests on two cores: give findBy* queries
// time to see a server's answer arrive under that load.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks the layout APIs Radix primitives call; they only need them to exist.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener() {},
  removeEventListener() {},
  addListener() {},
  removeListener() {},
  dispatchEvent: () => false,
})) as unknown as typeof window.matchMedia;
Element.prototype.scrollIntoView ??= function scrollIntoView() {};
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.setPointerCapture ??= () => undefined;
Element.prototype.releasePointerCapture ??= () => undefined;
window.scrollTo = () => undefined;

// Toasts live in a module store that outlives a test's render: close them between tests.
import { dismissToast, getToasts } from '../components/ui/toast-store';

afterEach(() => getToasts().forEach((t) => t.open && dismissToast(t.id)));

// Declared before any test file's hooks, so it runs before a test closes its server.
import { settleRenderedApps } from './render';
// Screens render as soon as a test shows them, as when every screen was in one bundle.
import { preloadScreens } from '../app/router';

beforeAll(() => preloadScreens());

afterEach(() => settleRenderedApps());
