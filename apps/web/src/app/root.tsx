import { StrictMode, type ComponentProps } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import type { AppStore } from './store';

/** The path whose page the build renders into index.html (the server sends shell.html, its root empty, for every other path). */
export const PRERENDERED_PATH = '/';

export type AppRootProps = { store: AppStore; router: ComponentProps<typeof RouterProvider>['router'] };

/** The whole app: the browser renders it, and the build renders it once for the landing page's HTML. */
export function AppRoot({ store, router }: AppRootProps) {
  return (
    <StrictMode>
      <AppProvider store={store}>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>
  );
}
