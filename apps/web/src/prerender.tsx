import type { Language } from '@app/contracts/browser';
// The build renders the landing page once per language (vite.config.ts reads them from here, where the aliases resolve).
export { DEFAULT_LANGUAGE, LANGUAGES } from '@app/contracts/browser';
import { renderToString } from 'react-dom/server';
import { AppRoot, PRERENDERED_PATH } from './app/root';
import { preloadScreenAt } from './app/router';
import { makeStore } from './app/store';
import { switchLanguage } from './i18n/i18n';

/**
 * The landing page as the browser's first render draws it in `language` (nobody known to be
 * signed in yet, the server's numbers still loading), as HTML: the build puts it into
 * index.html (index.hi.html...), so the page shows before any script has run, and main.tsx
 * hydrates it.
 */
export async function renderLandingPage(language: Language): Promise<string> {
  await preloadScreenAt(PRERENDERED_PATH);
  await switchLanguage(language);
  return renderToString(<AppRoot store={makeStore()} location={PRERENDERED_PATH} />);
}
