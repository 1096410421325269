import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { routes } from '../app/router';
import { makeStore, type RootState } from '../app/store';
import { api } from '../lib/api';

type AppStore = ReturnType<typeof makeStore>;
const rendered = new Set<AppStore>();

/** Renders the whole app at a route with its own store, as the browser would show it. */
export function renderApp(path: string, preloadedState?: Partial<RootState>) {
  const store = makeStore(preloadedState);
  rendered.add(store);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { store, router, ...view };
}

/**
 * Waits for the requests a test's page still has in flight, so that none of them reaches
 * the test server after it closed (a failed fetch would be logged after the test).
 */
export async function settleRenderedApps(): Promise<void> {
  const stores = [...rendered];
  rendered.clear();
  await Promise.allSettled(stores.flatMap((store) => [
    ...store.dispatch(api.util.getRunningQueriesThunk()),
    ...store.dispatch(api.util.getRunningMutationsThunk()),
  ]));
}
