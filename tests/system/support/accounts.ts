import { AuthPatterns, SESSION_COOKIE, type UserDto, type UserRole } from '@app/contracts';
import { captchaAnswers, freshTotpCode, uniqueName } from '@app/testing';
import { RpcClient } from '@app/server';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';

/** A signed-in person: the session cookie a browser would hold, and who it is. */
export interface Session {
  cookie: string;
  user: UserDto;
}

export interface ApiResponse {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are loose JSON read as a browser would
  body: any;
}

/** A request as the browser makes it: same-site Origin on unsafe methods, the session cookie. */
export async function api(baseUrl: string, method: string, path: string, session?: Session, body?: unknown): Promise<ApiResponse> {
  const headers: Record<string, string> = { origin: baseUrl };
  if (session) headers.cookie = session.cookie;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

async function captchaToken(baseUrl: string): Promise<string> {
  const challenge = await api(baseUrl, 'GET', '/api/auth/captcha');
  if (challenge.status !== 200) throw new Error(`captcha: ${challenge.status}`);
  const verified = await api(baseUrl, 'POST', '/api/auth/captcha/verify', undefined, captchaAnswers(challenge.body));
  if (verified.status !== 200) throw new Error(`captcha verify: ${verified.status} ${JSON.stringify(verified.body)}`);
  return verified.body.token as string;
}

async function enter(baseUrl: string, path: string, payload: object, captcha = true): Promise<Session> {
  const captchaResponse = captcha ? await captchaToken(baseUrl) : undefined;
  const res = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { origin: baseUrl, 'content-type': 'application/json' },
    body: JSON.stringify({ ...payload, captchaResponse }),
  });
  const body = (await res.json()) as { user: UserDto };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  const sid = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
  if (!sid) throw new Error(`${path} set no session cookie`);
  return { cookie: sid.split(';')[0], user: body.user };
}

/** The password of every account register() makes. */
export const PASSWORD = 'Correct-Horse-Battery-42';

/** A new account registered through the sign-up calls, signed in. */
export function register(baseUrl: string, prefix: string): Promise<Session> {
  const username = uniqueName(prefix);
  return enter(baseUrl, '/api/auth/register', { username, email: `${username}@example.com`, password: PASSWORD, confirmPassword: PASSWORD });
}

/** Signs in with a username (or e-mail) and password, the captcha answered, as the sign-in form does. */
export function signIn(baseUrl: string, login: string, password = PASSWORD): Promise<Session> {
  return enter(baseUrl, '/api/auth/login', { email: login, password });
}

/** A guest session (reads public rooms, cannot send). */
export function enterAsGuest(baseUrl: string): Promise<Session> {
  return enter(baseUrl, '/api/auth/guest', {});
}

/**
 * The operator's role change (there is no public call for it): auth-svc's set-role request
 * over NATS. The gateways drop cached sessions of that user when auth-svc announces it.
 */
export async function setRole(natsUrl: string, session: Session, role: Exclude<UserRole, 'guest'>): Promise<Session> {
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [natsUrl], name: 'system-test-operator' } });
  try {
    const user = await new RpcClient(client as never).request(AuthPatterns.SetRole, { userId: session.user.id, role });
    return { ...session, user };
  } finally {
    await client.close();
  }
}

/**
 * Turns two-step sign-in on as Settings does (otplib in the authenticator's place), then signs in
 * anew with the password and a code: the moderation desk asks for a session opened with a second
 * factor. Answers that new session.
 */
export async function enrolTwoStep(baseUrl: string, session: Session): Promise<Session> {
  const setup = await api(baseUrl, 'POST', '/api/users/me/two-step/setup', session, {});
  if (setup.status !== 200) throw new Error(`two-step setup: ${setup.status} ${JSON.stringify(setup.body)}`);
  const confirmed = await api(baseUrl, 'POST', '/api/users/me/two-step/confirm', session, { code: await freshTotpCode(setup.body.secret) });
  if (confirmed.status !== 200) throw new Error(`two-step confirm: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  const step = await api(baseUrl, 'POST', '/api/auth/login', undefined, { email: session.user.username, password: PASSWORD, captchaResponse: await captchaToken(baseUrl) });
  if (step.status !== 200 || !step.body.challenge) throw new Error(`password step: ${step.status} ${JSON.stringify(step.body)}`);
  return enter(baseUrl, '/api/auth/login/two-step', { challenge: step.body.challenge, code: await freshTotpCode(setup.body.secret) }, false);
}
