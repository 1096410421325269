import { lazy, useState, type ComponentType, type ReactElement } from 'react';

export interface LazyScreen {
  /** The route's element: it suspends until the screen's code is here, unless it already is. */
  element: ReactElement;
  /** Fetches the code now, so the screen renders at once when shown. */
  preload: () => Promise<void>;
}

/** A screen exported as `name` from a module of its own, so the bundler gives it a chunk. */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let loaded: ComponentType | undefined;
  const fetchScreen = (): Promise<ComponentType> => load().then((module) => (loaded = module[name]));
  const Lazy: ComponentType = lazy(async () => ({ default: await fetchScreen() }));
  function Screen() {
    // Chosen once per mount, so a screen never swaps its component (and loses its state).
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return <Component />;
  }
  return {
    element: <Screen />,
    preload: async () => {
      await fetchScreen();
    },
  };
}
