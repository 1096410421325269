import type { ApiClient } from '../auth-stack';

/** Who the person is at the stand-in provider: its sign-in page asks exactly this. */
export interface ProviderIdentity {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

/** The browser's cookies at the provider's site, kept across its redirects. */
class ProviderCookies {
  private readonly jar = new Map<string, string>();

  header(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  keep(res: Response): void {
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at);
      const value = pair.slice(at + 1);
      if (!value || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }
}

/**
 * The person at the provider: opens its sign-in page from `authorizationUrl`, says who they are
 * and follows the provider's redirects until it sends the browser back to us. Answers the
 * callback's path and query on our site, as the browser would open it.
 */
export async function answerAtProvider(authorizationUrl: string, identity: ProviderIdentity): Promise<string> {
  const cookies = new ProviderCookies();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookies.header() } });
    cookies.keep(res);
    return res;
  };
  let res = await go(authorizationUrl);
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, res.url || authorizationUrl);
    if (next.pathname.startsWith('/api/auth/oidc/')) return `${next.pathname}${next.search}`;
    if (next.pathname.startsWith('/interaction/')) {
      const page = await go(next.href);
      if (page.status !== 200) throw new Error(`the provider's sign-in page answered ${page.status}`);
      const form = new URLSearchParams({ sub: identity.sub, ...(identity.email ? { email: identity.email } : {}), ...(identity.name ? { name: identity.name } : {}) });
      if (identity.emailVerified !== false) form.set('email_verified', 'true');
      res = await go(next.href, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form.toString() });
    } else {
      res = await go(next.href);
    }
  }
  throw new Error('the provider kept redirecting');
}

/** Where the gateway sent the browser after the provider's answer, and the fragment's values. */
export interface Landing {
  status: number;
  location: string;
  path: string;
  fragment: URLSearchParams;
  /** The session cookie set on the way back, as the browser got it (absent when none was set). */
  sessionCookie: string | undefined;
}

export async function openCallback(client: ApiClient, callbackPath: string): Promise<Landing> {
  const res = await client.navigate(callbackPath);
  const location = res.headers.get('location') ?? '';
  const [path, fragment = ''] = location.split('#');
  const sessionCookie = res.headers.getSetCookie().find((cookie) => cookie.startsWith('sid='));
  return { status: res.status, location, path, fragment: new URLSearchParams(fragment), sessionCookie };
}

/** The whole round trip of a sign-in (or, with `link`, of linking from Settings) with the stand-in provider `provider`. */
export async function providerRoundTrip(
  client: ApiClient,
  identity: ProviderIdentity,
  { provider = 'local', link = false, rememberMe, returnTo }: { provider?: string; link?: boolean; rememberMe?: boolean; returnTo?: 'settings' } = {},
): Promise<Landing & { callbackPath: string }> {
  const body = { ...(rememberMe === undefined ? {} : { rememberMe }), ...(returnTo ? { returnTo } : {}) };
  const started = link
    ? await client.post<{ url: string }>(`/api/users/me/identities/${provider}`)
    : await client.post<{ url: string }>(`/api/auth/oidc/${provider}/start`, body);
  if (started.status !== 200) throw new Error(`start refused: ${started.status} ${JSON.stringify(started.body)}`);
  const callbackPath = await answerAtProvider(started.body.url, identity);
  return { ...(await openCallback(client, callbackPath)), callbackPath };
}
