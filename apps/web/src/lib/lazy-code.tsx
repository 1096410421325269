import { lazy, Suspense, useState, type ComponentType, type ReactElement, type ReactNode } from 'react';

export interface LazyScreen {
  /** The route's element: it suspends until the screen's code is here, unless it already is. */
  element: ReactElement;
  /** Fetches the code now, so the screen renders at once when shown. */
  preload: () => Promise<void>;
}

export interface LazyPart<P extends object> {
  /** Shows `fallback` (nothing unless given) until the part's code is here, unless it already is; then the part. */
  Part: ComponentType<P>;
  /** Fetches the code now, so the part renders at once when shown. */
  preload: () => Promise<void>;
}

/** Every lazily loaded module, screen and part, for preloadLazyCode. */
const registered: Array<() => Promise<unknown>> = [];

/** Fetches the code of every lazy module, screen and part made so far, so none of them waits when needed. */
export async function preloadLazyCode(): Promise<void> {
  await Promise.all(registered.map((preload) => preload()));
}

export interface LazyModule<M> {
  /** The module, fetched the first time it is asked for, then kept. */
  (): Promise<M>;
  /** The module if its code has already arrived, else undefined: what needs it can start at once. */
  loaded(): M | undefined;
}

/** Code fetched the first time it is needed (a chunk of its own), then kept. */
export function lazyModule<M>(load: () => Promise<M>): LazyModule<M> {
  let module: Promise<M> | undefined;
  let arrived: M | undefined;
  const fetchModule = () => {
    // A fetch that failed (the network) is tried again the next time.
    module ??= load().then(
      (loaded) => (arrived = loaded),
      (error: unknown) => {
        module = undefined;
        throw error;
      },
    );
    return module;
  };
  registered.push(fetchModule);
  return Object.assign(fetchModule, { loaded: () => arrived });
}

/** A component exported as `name` from a module of its own, so the bundler gives it a chunk. */
function lazyComponent<K extends string, P extends object>(load: () => Promise<Record<K, ComponentType<P>>>, name: K) {
  let loaded: ComponentType<P> | undefined;
  const fetchComponent = (): Promise<ComponentType<P>> => load().then((module) => (loaded = module[name]));
  const Lazy = lazy(async () => ({ default: await fetchComponent() })) as unknown as ComponentType<P>;
  function Loaded(props: P) {
    // Chosen once per mount, so a component never swaps its type (and loses its state).
    const [Component] = useState<ComponentType<P>>(() => loaded ?? Lazy);
    return <Component {...props} />;
  }
  const preload = async () => {
    await fetchComponent();
  };
  registered.push(preload);
  return { Loaded, preload };
}

/** A screen exported as `name` from a module of its own, so the bundler gives it a chunk. */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  const { Loaded, preload } = lazyComponent(load, name);
  return { element: <Loaded />, preload };
}

/**
 * A part of a page that only some visits use (a dialog, a menu, the call screen), exported as
 * `name` from a module of its own: its code is fetched the first time it is rendered.
 */
export function lazyPart<K extends string, P extends object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  fallback?: (props: P) => ReactNode,
): LazyPart<P> {
  const { Loaded, preload } = lazyComponent(load, name);
  function Part(props: P) {
    return (
      <Suspense fallback={fallback ? fallback(props) : null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return { Part, preload };
}
