import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';
import { makeStore, type RootState } from '../app/store';
import { api } from '../lib/api';
import { disconnectSocket } from '../lib/socket';

type AppStore = ReturnType<typeof makeStore>;
const rendered = new Set<AppStore>();

/** Renders components inside the app's providers with a store of their own. */
export function renderWithStore(ui: ReactNode, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  rendered.add(store);
  const view = render(<AppProvider store={store}>{ui}</AppProvider>);
  return { store, ...view };
}

/** What a test sees of the app's router: where it is now (after its redirects and navigations), and a way to go elsewhere. */
export interface TestRouter {
  state: { location: { pathname: string; search: string } };
  navigate: (to: string) => void;
}

function RouterProbe({ router }: { router: TestRouter }) {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  router.state.location = { pathname, search: search ? `?${search}` : '' };
  router.navigate = navigate;
  return null;
}

/** Renders the whole app at a route with its own store, as the browser would show it. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const router = { state: {} } as TestRouter;
  const view = renderWithStore(
    <Router hook={memoryLocation({ path }).hook}>
      <AppRoutes />
      <RouterProbe router={router} />
    </Router>,
    preloadedState,
  );
  return { router, ...view };
}

/**
 * Ends what a test's pages leave running: each page's socket is closed (its reconnect timer
 * would fire after the test, into a torn-down window), then the requests still in flight are
 * awaited, so none reaches the test server after it closed.
 */
export async function settleRenderedApps(): Promise<void> {
  const stores = [...rendered];
  rendered.clear();
  for (const store of stores) store.dispatch(disconnectSocket());
  await Promise.allSettled(stores.flatMap((store) => [
    ...store.dispatch(api.util.getRunningQueriesThunk()),
    ...store.dispatch(api.util.getRunningMutationsThunk()),
  ]));
}
