import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

export interface StandInOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The variables that configure it in auth-svc as the provider `id`, named `name`. */
  env(id?: string, name?: string): Record<string, string>;
  stop(): Promise<void>;
}

const SCRIPT = join(__dirname, '../oidc/stand-in-provider.mjs');
const CLIENT_ID = 'chatmarket-local';
const CLIENT_SECRET = 'stand-in-client-secret-for-tests-only';

/**
 * The stand-in OpenID Connect provider (oidc-provider, in a process of its own: it is an ES
 * module) on a free loopback port. Its sign-in page asks who to be; see stand-in-provider.mjs.
 */
export async function startOidcProvider(): Promise<StandInOidcProvider> {
  const child = spawn(process.execPath, [SCRIPT], {
    env: { ...process.env, OIDC_STAND_IN_PORT: '0', OIDC_STAND_IN_CLIENT_ID: CLIENT_ID, OIDC_STAND_IN_CLIENT_SECRET: CLIENT_SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stderr: string[] = [];
  child.stderr.on('data', (chunk: Buffer) => stderr.push(chunk.toString()));
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    const timer = setTimeout(() => reject(new Error(`the stand-in provider did not start: ${stderr.join('')}`)), 15_000);
    lines.on('line', (line) => {
      const started = /^oidc stand-in listening (\S+)$/.exec(line);
      if (!started) return;
      clearTimeout(timer);
      resolve(started[1]);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the stand-in provider exited (${code}): ${stderr.join('')}`));
    });
  });
  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    env: (id = 'local', name = 'Local provider') => {
      const prefix = `OIDC_${id.toUpperCase()}_`;
      return {
        OIDC_PROVIDERS: id,
        [`${prefix}ISSUER`]: issuer,
        [`${prefix}CLIENT_ID`]: CLIENT_ID,
        [`${prefix}CLIENT_SECRET`]: CLIENT_SECRET,
        [`${prefix}NAME`]: name,
      };
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** Who the person is at the stand-in provider: its sign-in page asks exactly this. */
export interface ProviderIdentity {
  sub: string;
  email?: string;
  emailVerified?: boolean;
  name?: string;
}

/**
 * One request as the person's browser sends it, redirects answered rather than followed: fetch by
 * default, or one that reaches the provider where fetch alone would not (compose's stand-in at
 * oidc.localhost, a name browsers resolve themselves).
 */
export type BrowserRequest = (url: string, init?: RequestInit) => Promise<Response>;

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
 * The person at the stand-in provider: opens its sign-in page from `authorizationUrl`, says who
 * they are and follows the provider's redirects until it sends the browser back to the site.
 * Answers the callback's path and query on the site, as the browser would open it.
 */
export async function answerAtProvider(authorizationUrl: string, identity: ProviderIdentity, send: BrowserRequest = (url, init) => fetch(url, init)): Promise<string> {
  const cookies = new ProviderCookies();
  const go = async (url: string, init: RequestInit = {}) => {
    const res = await send(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookies.header() } });
    cookies.keep(res);
    return res;
  };
  let res = await go(authorizationUrl);
  let at = authorizationUrl;
  for (let hops = 0; hops < 10; hops++) {
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider answered ${res.status}: ${await res.text()}`);
    const next = new URL(location, res.url || at);
    if (next.pathname.startsWith('/api/auth/oidc/')) return `${next.pathname}${next.search}`;
    at = next.href;
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
