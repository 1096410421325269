import { renderToString } from 'react-dom/server';
import { AppRoot, PRERENDERED_PATH } from './app/root';
import { preloadScreenAt } from './app/router';
import { makeStore } from './app/store';

/**
 * The landing page as the browser's first render draws it (nobody known to be signed in yet,
 * the server's numbers still loading), as HTML: the build puts it into index.html, so the
 * page shows before any script has run, and main.tsx hydrates it.
 */
export async function renderLandingPage(): Promise<string> {
  await preloadScreenAt(PRERENDERED_PATH);
  return renderToString(<AppRoot store={makeStore()} location={PRERENDERED_PATH} />);
}
