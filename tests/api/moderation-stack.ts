/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { AuthPatterns, MarketplacePatterns, ServiceName, type UserDto, type UserRole } from '@app/contracts';
import { RpcClient } from '@app/server';
import { eventually, startTestInfra, uniqueName, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import WebSocket from 'ws';
// The real accounts and chat services behind two gateways: sanctions cross all of them.
import { AppModule as AuthAppModule } from '@app/auth-svc/src/app.module';
import { AppModule as ChatAppModule } from '@app/chat-svc/src/app.module';
import { ApiClient, type AuthStack } from './auth-stack';
import { TestSocket } from './chat-stack';
import { prepareGateway, startAnotherGateway, startService } from './support/gateway-harness';
import { enrolAndSignInWithCode } from './support/two-step';

const codec = JSONCodec<Record<string, any>>();

/** A socket that remembers how it was closed (undefined while open). */
export type ClosingSocket = TestSocket & { closeCode: number | undefined };

export interface Member {
  user: UserDto;
  username: string;
  password: string;
  /** The browser's cookie jar, talking to gateway 0. */
  client: ApiClient;
}

/**
 * auth-svc and chat-svc in-process behind two gateways (a browser may land on either), on
 * private infrastructure. Seller profiles are answered by a stand-in for marketplace-svc.
 */
export interface ModerationStack {
  infra: TestInfra;
  rpc: RpcClient;
  sellers: Map<number, { id: number; userId: number; displayName: string }>;
  /** A new account signed in on gateway 0 (with the role set by auth-svc when not a plain user). */
  member(role?: Exclude<UserRole, 'guest'>): Promise<Member>;
  /** The same browser (cookie) talking to another gateway. */
  on(client: ApiClient, gateway: number): ApiClient;
  /** A new browser of no one, talking to a gateway. */
  browser(gateway?: number): ApiClient;
  /** An authenticated socket of that browser's session on a gateway. */
  socket(client: ApiClient, userId: number, gateway?: number): Promise<ClosingSocket>;
  /** A socket of that browser's session that the server is expected to close: how it closed it. */
  refusal(client: ApiClient, gateway?: number): Promise<{ code: number; reason: string }>;
  stop(): Promise<void>;
}

/** `env`: settings of the apps beside the stack's own (both gateways read them). */
export async function startModerationStack(env: Record<string, string> = {}): Promise<ModerationStack> {
  const infra = await startTestInfra();
  const first = await prepareGateway(infra, {
    AUTH_DATABASE_URL: infra.databaseUrl('auth'),
    CHAT_DATABASE_URL: infra.databaseUrl('chat'),
    TRUST_PROXY_HOPS: '1',
    LOG_LEVEL: 'silent',
    ...env,
  });
  const nc: NatsConnection = await connect({ servers: infra.natsUrl });
  const sellers = new Map<number, { id: number; userId: number; displayName: string }>();
  const sub = nc.subscribe(MarketplacePatterns.GetSeller);
  void (async () => {
    for await (const msg of sub) {
      const packet = codec.decode(msg.data);
      const seller = sellers.get(packet.data.id);
      const answer = seller
        ? { response: { ...seller, category: 'career', bio: 'Career coaching', aboutMe: 'Hiring for ten years', avatar: null } }
        : { err: { status: 404, code: 'not_found', message: 'Seller not found' } };
      msg.respond(codec.encode({ id: packet.id, ...answer, isDisposed: true }));
    }
  })();
  await nc.flush();

  // The services first: a gateway's first presence heartbeat must find chat-svc answering.
  const services: INestMicroservice[] = [
    await startService(AuthAppModule, ServiceName.Auth, infra.natsUrl),
    await startService(ChatAppModule, ServiceName.Chat, infra.natsUrl),
  ];
  const app = await first.listen();
  // A second gateway in the same process and environment: a browser may land on either.
  const second = await startAnotherGateway();
  const gateways = [
    { baseUrl: first.baseUrl, wsUrl: first.wsUrl },
    { baseUrl: second.baseUrl, wsUrl: second.wsUrl },
  ];
  const rpc = app.get(RpcClient);
  const sockets: TestSocket[] = [];
  // ApiClient needs only where to send and as which site.
  const target = (gateway: number) => ({ baseUrl: gateways[gateway].baseUrl, origin: first.origin }) as AuthStack;

  const stack: ModerationStack = {
    infra,
    rpc,
    sellers,
    async member(role) {
      const client = new ApiClient(target(0));
      const username = uniqueName('mod');
      const password = 'blue-tangerine-42';
      const { body } = await client.register({ username, email: `${username}@example.com`, password });
      if (!body.user) throw new Error(`sign-up failed: ${JSON.stringify(body)}`);
      let user: UserDto = body.user;
      if (role && role !== 'user') {
        user = await rpc.request(AuthPatterns.SetRole, { userId: user.id, role });
        await eventually(async () => expect((await client.get('/api/users/me')).body.role).toBe(role));
        // The desk is for moderators signed in with a second factor.
        if (role === 'moderator') {
          await enrolAndSignInWithCode(client, username, password);
          user = { ...user, twoStepEnabled: true };
        }
      }
      return { user, username, password, client };
    },
    on(client, gateway) {
      const other = new ApiClient(target(gateway), client.ip);
      other.sid = client.sid;
      return other;
    },
    browser(gateway = 0) {
      return new ApiClient(target(gateway));
    },
    async socket(client, userId, gateway = 0) {
      const ws = new WebSocket(gateways[gateway].wsUrl, { headers: { origin: first.origin, cookie: `sid=${client.sid}` } });
      const socket: ClosingSocket = Object.assign(new TestSocket(ws), { closeCode: undefined });
      ws.once('close', (code) => (socket.closeCode = code));
      sockets.push(socket);
      await socket.opened;
      socket.send({ type: 'auth', userId });
      await socket.next('auth_success');
      return socket;
    },
    refusal(client, gateway = 0) {
      const ws = new WebSocket(gateways[gateway].wsUrl, { headers: { origin: first.origin, cookie: `sid=${client.sid}` } });
      return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    },
    async stop() {
      for (const socket of sockets) socket.close();
      await second.close();
      await first.close();
      for (const service of services) await service.close();
      await nc.drain().catch(() => undefined);
      await infra.stop();
    },
  };
  return stack;
}
