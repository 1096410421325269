/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { AuthPatterns, ServiceName, type UserRole } from '@app/contracts';
import { startTestInfra, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import WebSocket from 'ws';
// chat-svc runs in-process beside the gateway, talking over a private NATS server.
import { AppModule as ChatAppModule } from '@app/chat-svc/src/app.module';
import { apiClient, fakeSessions, prepareGateway, startService, type ApiResponse, type SignedIn } from './support/gateway-harness';

const codec = JSONCodec<Record<string, any>>();


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
  /** chat-svc, in-process. */
  chat: INestMicroservice;
  sellers: Map<number, { id: number; userId: number; displayName: string }>;
  signIn(role: UserRole, username?: string): SignedIn;
  api<T = any>(method: string, path: string, who?: SignedIn, body?: unknown): Promise<ApiResponse<T>>;
  socket(who: SignedIn): Promise<TestSocket>;
  /** A socket of theirs in the room, as a page that has it open: one sends only into a public room one is in. */
  enter(who: SignedIn, roomId: number): Promise<TestSocket>;
  stop(): Promise<void>;
}

/** Sockets of a stack's gateway: signed in and authed (`socket`), or in a room (`enter`); `opened` to close them all. */
export function stackSockets(wsUrl: string, origin: string) {
  const opened: TestSocket[] = [];
  const socket = async (who: SignedIn) => {
    const socket = new TestSocket(new WebSocket(wsUrl, { headers: { origin, cookie: who.cookie } }));
    opened.push(socket);
    await socket.opened;
    socket.send({ type: 'auth', userId: who.user.id });
    await socket.next('auth_success');
    return socket;
  };
  const enter = async (who: SignedIn, roomId: number) => {
    const inside = await socket(who);
    inside.send({ type: 'join_room', roomId });
    await inside.next('room_joined');
    return inside;
  };
  return { opened, socket, enter };
}

export async function startChatStack(): Promise<ChatStack> {
  const infra = await startTestInfra();
  const gateway = await prepareGateway(infra, { CHAT_DATABASE_URL: infra.databaseUrl('chat') });

  const nc = await connect({ servers: infra.natsUrl });
  const sessions = fakeSessions();
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
  respond(AuthPatterns.ResolveSessions, (d) => ({ response: d.tokens.map((token: string) => sessions.resolve(token)) }));
  respond(AuthPatterns.GetUsers, (d) => ({ response: d.ids.map((id: number) => sessions.users.get(id)).filter(Boolean) }));
  respond(AuthPatterns.CountUsers, () => ({ response: { count: sessions.users.size } }));
  respond('marketplace.seller.get', (d) => {
    const seller = sellers.get(d.id);
    return seller ? { response: seller } : { err: { status: 404, code: 'not_found', message: 'Seller not found' } };
  });
  await nc.flush();

  const chat = await startService(ChatAppModule, ServiceName.Chat, infra.natsUrl, ['error']);
  await gateway.listen();

  const { baseUrl, wsUrl, origin } = gateway;
  const request = apiClient(baseUrl, origin);
  const { opened, socket, enter } = stackSockets(wsUrl, origin);
  return {
    infra,
    baseUrl,
    wsUrl,
    origin,
    nc,
    chat,
    sellers,
    signIn: sessions.signIn,
    api: (method, path, who, body) => request(method, path, { cookie: who?.cookie, body }),
    socket,
    enter,
    async stop() {
      for (const open of opened) open.close();
      await gateway.close();
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
