/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, ServiceName, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { captchaAnswers, eventually, startMailCatcher, startTestInfra, uniqueName, type MailCatcher, type TestInfra } from '@app/testing';
import { Redis } from 'ioredis';
// The real auth-svc runs in-process beside the gateway, talking over a private NATS server.
import { AppModule as AuthAppModule } from '@app/auth-svc/src/app.module';
import { authEnv } from '@app/auth-svc/src/config/auth-env';
import { apiClient, prepareGateway, startService, type ApiResponse } from './support/gateway-harness';
import { enrolAndSignInWithCode } from './support/two-step';

export interface AuthStack {
  infra: TestInfra;
  /** The mail catcher auth-svc sends to: what each person would find in their inbox. */
  mail: MailCatcher;
  baseUrl: string;
  origin: string;
  redis: Redis;
  rpc: RpcClient;
  gateway: NestExpressApplication;
  /** auth-svc itself, for what no client can reach (its scheduled work, its database). */
  auth: INestMicroservice;
  stop(): Promise<void>;
}

/** Private NATS, Redis and database; auth-svc and the gateway in-process on a free port. */
export async function startAuthStack(env: Record<string, string> = {}): Promise<AuthStack> {
  const infra = await startTestInfra();
  const mail = await startMailCatcher();
  const gateway = await prepareGateway(infra, {
    AUTH_DATABASE_URL: infra.databaseUrl('auth'),
    SMTP_URL: mail.smtpUrl,
    // Lets a test speak for different client addresses through X-Forwarded-For.
    TRUST_PROXY_HOPS: '1',
    ...env,
  });
  authEnv.reset();

  let auth: INestMicroservice | undefined;
  const redis = new Redis(infra.redisUrl);
  const stop = async () => {
    await gateway.close();
    await auth?.close();
    redis.disconnect();
    await mail.stop();
    await infra.stop();
  };
  try {
    auth = await startService(AuthAppModule, ServiceName.Auth, infra.natsUrl);
    const app = await gateway.listen();
    return { infra, mail, baseUrl: gateway.baseUrl, origin: gateway.origin, redis, rpc: app.get(RpcClient), gateway: app, auth, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** A browser as the API sees it: one cookie jar, our Origin, and a client address of its own. */
export class ApiClient {
  sid: string | undefined;
  /** The device cookie a browser keeps across sign-ins (the new-device mail knows the browser by it). */
  did: string | undefined;
  /** Sent as User-Agent when set (the sessions list reads the browser and system from it). */
  userAgent: string | undefined;
  /** The cookie a provider sign-in started in this browser ties its answer to. */
  oidcBrowser: string | undefined;
  private readonly send: ReturnType<typeof apiClient>;

  constructor(
    stack: AuthStack,
    readonly ip = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  ) {
    this.send = apiClient(stack.baseUrl, stack.origin);
  }

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, redirect?: RequestRedirect): Promise<ApiResponse<T>> {
    const cookies = [this.sid ? `sid=${this.sid}` : '', this.did ? `did=${this.did}` : '', this.oidcBrowser ? `oidc_browser=${this.oidcBrowser}` : '']
      .filter(Boolean)
      .join('; ');
    const res = await this.send<T>(method, path, {
      body,
      cookie: cookies || undefined,
      headers: { 'x-forwarded-for': this.ip, ...(this.userAgent ? { 'user-agent': this.userAgent } : {}), ...headers },
      redirect,
    });
    const binding = res.headers.getSetCookie().find((c) => c.startsWith('oidc_browser='));
    if (binding) {
      const value = binding.slice('oidc_browser='.length, binding.indexOf(';'));
      this.oidcBrowser = value && !/expires=Thu, 01 Jan 1970/i.test(binding) ? value : undefined;
    }
    const device = res.headers.getSetCookie().find((c) => c.startsWith('did='));
    if (device) this.did = device.slice(4, device.indexOf(';'));
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (setCookie) {
      const value = setCookie.slice(4, setCookie.indexOf(';'));
      this.sid = value && !/expires=Thu, 01 Jan 1970/i.test(setCookie) ? value : undefined;
    }
    return res;
  }

  get<T = any>(path: string) {
    return this.request<T>('GET', path);
  }

  /** A top-level navigation to an address of the gateway: its redirect is answered, not followed. */
  navigate(path: string) {
    return this.request('GET', path, undefined, {}, 'manual');
  }

  post<T = any>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }

  /** Reads the question and types the answer, as a person would, while the page proves its work. */
  async solveCaptcha(): Promise<string> {
    const { body: challenge } = await this.get('/api/auth/captcha');
    const verified = await this.post<{ token: string }>('/api/auth/captcha/verify', captchaAnswers(challenge));
    if (verified.status !== 200) throw new Error(`captcha not accepted: ${JSON.stringify(verified.body)}`);
    return verified.body.token;
  }

  async register(fields: { username: string; email: string; password?: string; rememberMe?: boolean; language?: string }) {
    const password = fields.password ?? 'blue-tangerine-42';
    return this.post('/api/auth/register', {
      ...fields,
      password,
      confirmPassword: password,
      captchaResponse: await this.solveCaptcha(),
    });
  }

  async login(login: string, password: string, rememberMe?: boolean) {
    return this.post('/api/auth/login', { email: login, password, rememberMe, captchaResponse: await this.solveCaptcha() });
  }
}

export type Member = ApiClient & { id: number; username: string };

/**
 * A new member signed up through the gateway, given `role` by auth-svc (and seen by the gateway) when one is named.
 * A moderator turns two-step sign-in on and signs in with a code, as the moderation desk requires.
 */
export async function signedUpMember(stack: AuthStack, role?: Exclude<UserRole, 'guest'>, name = uniqueName('member')): Promise<Member> {
  const client = new ApiClient(stack);
  const { body } = await client.register({ username: name, email: `${name}@example.com` });
  if (!body.user) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
  if (role) {
    await stack.rpc.request(AuthPatterns.SetRole, { userId: body.user.id, role });
    await eventually(async () => expect((await client.get('/api/users/me')).body.role).toBe(role));
    if (role === 'moderator') await enrolAndSignInWithCode(client, name);
  }
  return Object.assign(client, { id: body.user.id as number, username: body.user.username as string });
}
