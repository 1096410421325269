import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
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

/** Renders the whole app at a route with its own store, as the browser would show it. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  return { router, ...renderWithStore(<RouterProvider router={router} />, preloadedState) };
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
