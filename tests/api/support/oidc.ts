import { answerAtProvider, type ProviderIdentity } from '@app/testing';
import type { ApiClient } from '../auth-stack';

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
