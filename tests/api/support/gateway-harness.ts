/* eslint-disable @typescript-eslint/no-explicit-any -- tests read JSON bodies loosely and let the assertions check their shape */
import 'reflect-metadata';
import { Controller, Module, type INestMicroservice, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern, Payload } from '@nestjs/microservices';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, SESSION_COOKIE, type ServiceName, type UserDto, type UserRole } from '@app/contracts';
import { configureRpcApp, natsTransport, REDIS } from '@app/server';
import { freePort, testUser, type TestInfra } from '@app/testing';
import type { Redis } from 'ioredis';
import { createGateway } from '@app/gateway/src/bootstrap';
import { authEnv } from '@app/auth-svc/src/config/auth-env';
import { chatEnv } from '@app/chat-svc/src/config/chat-env';
import { gatewayEnv } from '@app/gateway/src/config/gateway-env';
import { marketplaceEnv } from '@app/marketplace-svc/src/config/marketplace-env';
import { mediaEnv } from '@app/media-svc/src/config/media-env';

export interface GatewayInProcess {
  /** What a browser on our site sends as Origin. */
  origin: string;
  baseUrl: string;
  wsUrl: string;
  app: NestExpressApplication | undefined;
  /** Starts the gateway; call it once the services it talks to are listening. */
  listen(): Promise<NestExpressApplication>;
  close(): Promise<void>;
}

/**
 * Points the gateway, and every service started after it, at the private infrastructure, with
 * the gateway on a free port; `env` adds the services' own variables.
 */
export async function prepareGateway(infra: TestInfra, env: Record<string, string> = {}): Promise<GatewayInProcess> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  Object.assign(process.env, {
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    EXTRA_ORIGINS: '',
    WEB_DIST: '',
    LOG_LEVEL: 'error',
    // Every test signs up through the captcha: its proof of work kept cheap (auth.int-spec checks it).
    POW_MAX_NUMBER: '1000',
    ...env,
  });
  // Each app reads its configuration once: make the next read see this infrastructure.
  for (const config of [gatewayEnv, authEnv, chatEnv, marketplaceEnv, mediaEnv]) config.reset();

  const gateway: GatewayInProcess = {
    origin,
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    app: undefined,
    async listen() {
      const app = await createGateway();
      gateway.app = app;
      await app.startAllMicroservices();
      await app.listen(port, '127.0.0.1');
      return app;
    },
    async close() {
      // The gateway's shared Redis client has no shutdown hook of its own; left open it keeps jest alive.
      const redis = gateway.app?.get<Redis>(REDIS);
      await gateway.app?.close();
      redis?.disconnect();
    },
  };
  return gateway;
}

/** One more gateway in this process, with the environment the first was prepared with: a browser may land on either. */
export async function startAnotherGateway(): Promise<{ baseUrl: string; wsUrl: string; close(): Promise<void> }> {
  const port = await freePort();
  const app = await createGateway();
  await app.startAllMicroservices();
  await app.listen(port, '127.0.0.1');
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    async close() {
      const redis = app.get<Redis>(REDIS);
      await app.close();
      redis.disconnect();
    },
  };
}

/** A service (or a stand-in for one) in-process on the private NATS server, in its queue group. */
export async function startService(
  module: Type<unknown>,
  service: ServiceName,
  natsUrl: string,
  logger: false | Array<'error'> = false,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice(module, { ...natsTransport(service, natsUrl), logger });
  configureRpcApp(app);
  await app.listen();
  return app;
}

export interface SignedIn {
  user: UserDto;
  token: string;
  /** The Cookie header of the signed-in browser. */
  cookie: string;
}

export interface FakeSessions {
  /** A new user of this role with a live session. */
  signIn(role: UserRole, username?: string): SignedIn;
  /** The session's user as auth-svc would answer it, or null. */
  resolve(token: string): UserDto | null;
  /** Every signed-in user by id. */
  users: Map<number, UserDto>;
  /** A module answering session look-ups in auth-svc's place; start it as ServiceName.Auth. */
  responder: Type<unknown>;
}

/** Signed-in users of every role, as auth-svc would resolve their session cookies. */
export function fakeSessions(): FakeSessions {
  const sessions = new Map<string, UserDto>();
  const users = new Map<number, UserDto>();
  const resolve = (token: string) => sessions.get(token) ?? null;

  @Controller()
  class SessionsResponder {
    @MessagePattern(AuthPatterns.ResolveSessions)
    resolve(@Payload() data: { tokens: string[] }): Array<UserDto | null> {
      return data.tokens.map(resolve);
    }
  }

  @Module({ controllers: [SessionsResponder] })
  class SessionsResponderModule {}

  return {
    signIn(role, username) {
      const user = testUser(role, username);
      const token = `token-${user.id}-${Math.random().toString(36).slice(2)}`;
      sessions.set(token, user);
      users.set(user.id, user);
      return { user, token, cookie: `${SESSION_COOKIE}=${token}` };
    },
    resolve,
    users,
    responder: SessionsResponderModule,
  };
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiRequest {
  cookie?: string;
  /** Sent as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
  /** 'manual' answers a redirect itself (its Location), as the browser receives it. */
  redirect?: RequestRedirect;
}

/** Requests as our own pages send them: our Origin, the session cookie, JSON bodies. */
export function apiClient(baseUrl: string, origin: string) {
  return async function request<T = any>(method: string, path: string, { cookie, body, headers = {}, redirect }: ApiRequest = {}): Promise<ApiResponse<T>> {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      ...(redirect ? { redirect } : {}),
      headers: {
        origin,
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: the assertions see the text
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  };
}
