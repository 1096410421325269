/**
 * Every path the web app has a screen for, written as its router writes them (`:id` is one
 * segment, `:id?` an optional last one). The gateway answers any other page path with 404 and
 * the app's own not-found screen, so crawlers and monitors see what a person sees.
 */
export const APP_ROUTE_PATHS = [
  '/',
  '/auth',
  '/auth/provider',
  '/chat/:roomId?',
  '/marketplace',
  '/seller/:id',
  '/seller-registration',
  '/seller-profile',
  '/public-rooms',
  '/private-chats',
  '/my-chats',
  '/calls',
  '/profile',
  '/settings',
  '/notifications',
  '/search',
  '/privacy-policy',
  '/terms-of-use',
  '/refund-policy',
  '/cookie-policy',
  '/community-guidelines',
  '/media-test',
  '/moderation',
  '/verify-email',
  '/forgot-password',
  '/reset-password',
  '/end-session',
] as const;

/** Paths that only send the browser on to another route. */
export const APP_ROUTE_REDIRECTS = { '/rooms': '/public-rooms' } as const;

function matches(pattern: string, segments: string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return false;
  return segments.every((segment, i) => parts[i].startsWith(':') || parts[i] === segment);
}

/** Whether the web app shows a screen (or a redirect) for this path; a trailing slash is ignored. */
export function isAppRoute(pathname: string): boolean {
  let segments: string[];
  try {
    segments = pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return false;
  }
  const paths: readonly string[] = [...APP_ROUTE_PATHS, ...Object.keys(APP_ROUTE_REDIRECTS)];
  return paths.some((pattern) => matches(pattern, segments));
}
