import { DEFAULT_LANGUAGE, isAppRoute, type Language } from '@app/contracts/browser';

/** Requests the worker leaves to the network untouched: the API, the socket and uploaded media are never cached. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/ws$/, /^\/media\//];

export const OFFLINE_PAGE = '/offline.html';

/** A page the build writes once per language: English by its own name, another as `index.hi.html`. */
export function pageIn(page: 'index' | 'offline', language: Language): string {
  return language === DEFAULT_LANGUAGE ? `/${page}.html` : `/${page}.${language}.html`;
}

/**
 * The precached pages that may answer a page the network could not fetch, best first: the
 * landing page as the build rendered it in the person's language, the app's shell (which draws
 * any screen of the app, in the language the page chose), and, for a path the app has no screen
 * for, the offline page in their language; the English pages last, should theirs be missing.
 */
export function offlinePagesFor(pathname: string, language: Language): string[] {
  const offline = [...new Set([pageIn('offline', language), OFFLINE_PAGE])];
  if (pathname === '/') return [...new Set([pageIn('index', language), '/index.html']), '/shell.html', ...offline];
  if (isAppRoute(pathname)) return ['/shell.html', ...offline];
  return offline;
}
