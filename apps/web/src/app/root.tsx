import { StrictMode } from 'react';
import { Router, type AroundNavHandler } from 'wouter';
import { useSpokenLanguage } from '../i18n/use-text';
import { AppProvider } from './provider';
import { AppRoutes } from './router';
import type { AppStore } from './store';

/** The path whose page the build renders into index.html (the server sends shell.html, its root empty, for every other path). */
export const PRERENDERED_PATH = '/';

/**
 * A link to the page already shown replaces its history entry, as the browser does for a plain
 * link, rather than adding one that Back would have to step over.
 */
const navigateAsALink: AroundNavHandler = (navigate, to, options) => {
  const here = window.location;
  const next = new URL(to, here.href);
  const samePage = next.pathname === here.pathname && next.search === here.search && next.hash === here.hash;
  navigate(to, samePage ? { ...options, replace: true } : options);
};

/** location: render that page, not the browser's (the build renders the landing page so). */
export type AppRootProps = { store: AppStore; location?: string };

/** The whole app: the browser renders it, and the build renders it once for the landing page's HTML. */
export function AppRoot({ store, location }: AppRootProps) {
  // The whole app renders again when the language changes: the screens read their copy objects
  // (spoken() in src/i18n/i18n.ts) in the language of the moment (nothing in the app is memoised).
  useSpokenLanguage();
  return (
    <StrictMode>
      <AppProvider store={store}>
        {/* Without a location the router follows the browser's address. */}
        <Router ssrPath={location} aroundNav={navigateAsALink}>
          <AppRoutes />
        </Router>
      </AppProvider>
    </StrictMode>
  );
}
