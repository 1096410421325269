import { isAppRoute } from '@app/contracts/browser';

/** Requests the worker leaves to the network untouched: the API, the socket and uploaded media are never cached. */
export const NEVER_CACHED = [/^\/api(\/|$)/, /^\/ws$/, /^\/media\//];

export const OFFLINE_PAGE = '/offline.html';

/**
 * The precached pages that may answer a page the network could not fetch, best first: the
 * landing page as the build rendered it, the app's shell (which draws any screen of the app),
 * and, for a path the app has no screen for, the offline page.
 */
export function offlinePagesFor(pathname: string): string[] {
  if (pathname === '/') return ['/index.html', '/shell.html', OFFLINE_PAGE];
  if (isAppRoute(pathname)) return ['/shell.html', OFFLINE_PAGE];
  return [OFFLINE_PAGE];
}
