/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AuthPatterns, DEFAULT_USER_SETTINGS, ServiceName, type UserDto, type UserRole } from '@app/contracts';
import { configureRpcApp, natsTransport, REDIS } from '@app/server';
import type { Redis } from 'ioredis';
import { freePort, startTestInfra, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import WebSocket from 'ws';
// chat-svc runs in-process beside the gateway, talking over a private NATS server.
import { AppModule as ChatAppModule } from '../../apps/chat-svc/src/app.module';
import { createGateway } from '../../apps/gateway/src/bootstrap';
import { resetGatewayEnv } from '../../apps/gateway/src/config/gateway-env';

const codec = JSONCodec<Record<string, any>>();

export interface SignedIn {
  user: UserDto;
  cookie: string;
}

/**
 * The gateway and chat-svc in-process on private infrastructure. Sessions are answered by a
 * small NATS responder standing in for auth-svc (token -> user), as are seller look-ups.
 */
export interface ChatStack {
  infra: TestInfra;
  baseUrl: string;
  wsUrl: string;
  origin: string;
  nc: NatsConnection;
  sellers: Map<number, { id: number; userId: number; displayName: string }>;
  signIn(role: UserRole, username?: string): SignedIn;
  api<T = any>(method: string, path: string, who?: SignedIn, body?: unknown): Promise<{ status: number; body: T; headers: Headers }>;
  socket(who: SignedIn): Promise<TestSocket>;
  stop(): Promise<void>;
}

let nextId = 5000;

export async function startChatStack(): Promise<ChatStack> {
  const infra = await startTestInfra();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  Object.assign(process.env, {
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    CHAT_DATABASE_URL: infra.databaseUrl('chat'),
    PORT: String(port),
    PUBLIC_ORIGIN: origin,
    EXTRA_ORIGINS: '',
    WEB_DIST: '',
    LOG_LEVEL: 'error',
  });
  resetGatewayEnv();

  const nc = await connect({ servers: infra.natsUrl });
  const sessions = new Map<string, UserDto>();
  const users = new Map<number, UserDto>();
  const sellers = new Map<number, { id: number; userId: number; displayName: string }>();
  const respond = (subject: string, answer: (data: any) => { response?: unknown; err?: unknown }) => {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const packet = codec.decode(msg.data);
        msg.respond(codec.encode({ id: packet.id, ...answer(packet.data), isDisposed: true }));
      }
    })();
  };
  respond(AuthPatterns.ResolveSession, (d) => ({ response: sessions.get(d.token) ?? null }));
  respond(AuthPatterns.GetUsers, (d) => ({ response: d.ids.map((id: number) => users.get(id)).filter(Boolean) }));
  respond(AuthPatterns.CountUsers, () => ({ response: { count: users.size } }));
  respond('marketplace.seller.get', (d) => {
    const seller = sellers.get(d.id);
    return seller ? { response: seller } : { err: { status: 404, code: 'not_found', message: 'Seller not found' } };
  });
  await nc.flush();

  const chat: INestMicroservice = await NestFactory.createMicroservice(ChatAppModule, { ...natsTransport(ServiceName.Chat, infra.natsUrl), logger: ['error'] });
  configureRpcApp(chat);
  await chat.listen();
  const gateway: NestExpressApplication = await createGateway();
  await gateway.startAllMicroservices();
  await gateway.listen(port, '127.0.0.1');

  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    infra,
    baseUrl,
    wsUrl: `ws://127.0.0.1:${port}/ws`,
    origin,
    nc,
    sellers,
    signIn(role, username) {
      const id = nextId++;
      const now = new Date().toISOString();
      const user: UserDto = {
        id,
        username: username ?? `${role}${id}`,
        email: role === 'guest' ? null : `${role}${id}@example.com`,
        role,
        avatar: null,
        bio: null,
        categories: [],
        isVerified: false,
        isOnline: true,
        lastSeen: null,
        createdAt: now,
        joinedAt: now,
        settings: DEFAULT_USER_SETTINGS,
      };
      const token = `token-${id}-${Math.random().toString(36).slice(2)}`;
      sessions.set(token, user);
      users.set(id, user);
      return { user, cookie: `sid=${token}` };
    },
    async api(method, path, who, body) {
      const headers: Record<string, string> = { origin };
      if (who) headers.cookie = who.cookie;
      if (body !== undefined) headers['content-type'] = 'application/json';
      const res = await fetch(`${baseUrl}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null, headers: res.headers };
    },
    async socket(who) {
      const socket = new TestSocket(new WebSocket(`ws://127.0.0.1:${port}/ws`, { headers: { origin, cookie: who.cookie } }));
      await socket.opened;
      socket.send({ type: 'auth', userId: who.user.id });
      await socket.next('auth_success');
      return socket;
    },
    async stop() {
      const redis = gateway.get<Redis>(REDIS);
      await gateway.close();
      redis.disconnect();
      await chat.close();
      await nc.drain().catch(() => undefined);
      await infra.stop();
    },
  };
}

/** A browser's socket: every frame it received, and waiting for the next of a type. */
export class TestSocket {
  readonly frames: Record<string, any>[] = [];
  readonly opened: Promise<void>;
  private readonly cursors = new Map<string, number>();
  private waiters: Array<() => void> = [];

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The next frame of that type after the ones of that type already taken. */
  async next(type: string, timeoutMs = 5000): Promise<Record<string, any>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const from = this.cursors.get(type) ?? 0;
      const index = this.frames.findIndex((f, i) => i >= from && f.type === type);
      if (index >= 0) {
        this.cursors.set(type, index + 1);
        return this.frames[index];
      }
      if (Date.now() > deadline) throw new Error(`No ${type} frame within ${timeoutMs} ms; got ${this.frames.map((f) => f.type).join(', ')}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 100);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  ofType(type: string) {
    return this.frames.filter((f) => f.type === type);
  }

  close() {
    this.ws.close(1000);
  }
}
