import '@testing-library/jest-dom';

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
Element.prototype.releasePointerCapture ??= () => undefined;
window.scrollTo = () => undefined;

// Toasts live in a module store that outlives a test's render: close them between tests.
import { dismissToast, getToasts } from '../components/ui/toast-store';

afterEach(() => getToasts().forEach((t) => t.open && dismissToast(t.id)));
