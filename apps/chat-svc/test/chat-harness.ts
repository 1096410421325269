import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import {
  AuthPatterns,
  ChatPatterns,
  PRESENCE_HEARTBEAT_MS,
  ServiceName,
  type ActorDto,
  type JoinRoomResultDto,
  type RpcErrorBody,
  type RpcPattern,
  type UserRole,
  type UserSummary,
} from '@app/contracts';
import { configureRpcApp, natsTransport, RpcCallError, RpcClient } from '@app/server';
import { startTestInfra, testUser, userSummary, type ManualClock, type TestInfra } from '@app/testing';
import { Test } from '@nestjs/testing';
import { connect, JSONCodec, type NatsConnection, type Subscription } from 'nats';
import { AppModule } from '../src/app.module';
import { chatEnv } from '../src/config/chat-env';
import { Clock } from '../src/limits/clock';

const codec = JSONCodec<Record<string, unknown>>();

/**
 * chat-svc started in-process against a private NATS, Redis and database, a NATS client to
 * call it as the gateway does, and a stand-in for auth-svc's user lookup.
 */
export interface ChatHarness {
  infra: TestInfra;
  apps: INestMicroservice[];
  rpc: RpcClient;
  nc: NatsConnection;
  /** Users auth-svc knows; chat-svc asks for them by id. */
  knownUsers: Map<number, UserSummary>;
  actor(role: UserRole, name?: string): ActorDto;
  /** The actor has the room open, as through a browser socket on a live gateway: one may send only into a public room one is in. */
  enter(actor: ActorDto, roomId: number): Promise<JoinRoomResultDto>;
  call<T>(pattern: string, data: unknown): Promise<T>;
  /** The RpcErrorBody a call fails with (fails the test when it succeeds). */
  fail(pattern: string, data: unknown): Promise<RpcErrorBody>;
  collect(subject: string): { frames: Record<string, unknown>[]; sub: Subscription };
  startReplica(): Promise<INestMicroservice>;
  stop(): Promise<void>;
}

export interface ChatHarnessOptions {
  replicas?: number;
  /** The time the service reads (send limits, archiving), moved by the test. */
  clock?: ManualClock;
}

export async function startChatHarness({ replicas = 1, clock }: ChatHarnessOptions = {}): Promise<ChatHarness> {
  const infra = await startTestInfra();
  process.env.CHAT_DATABASE_URL = infra.databaseUrl('chat');
  process.env.NATS_URL = infra.natsUrl;
  process.env.REDIS_URL = infra.redisUrl;
  process.env.LOG_LEVEL = 'warn';
  chatEnv.reset();

  const nc = await connect({ servers: infra.natsUrl });
  const knownUsers = new Map<number, UserSummary>();
  const getMany = nc.subscribe(AuthPatterns.GetUsers);
  void (async () => {
    for await (const msg of getMany) {
      const packet = codec.decode(msg.data) as { id: string; data: { ids: number[] } };
      const response = packet.data.ids.map((id) => knownUsers.get(id)).filter(Boolean);
      msg.respond(codec.encode({ id: packet.id, response, isDisposed: true }));
    }
  })();

  const quietTestingModule = async (moved: Clock) => {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).overrideProvider(Clock).useValue(moved).compile();
    moduleRef.useLogger(['error']);
    return moduleRef;
  };
  const startReplica = async () => {
    const transport = natsTransport(ServiceName.Chat, infra.natsUrl);
    const app = clock
      ? await quietTestingModule(clock).then((moduleRef) => moduleRef.createNestMicroservice(transport))
      : await NestFactory.createMicroservice(AppModule, { ...transport, logger: ['error'] });
    configureRpcApp(app);
    await app.listen();
    return app;
  };
  const apps: INestMicroservice[] = [];
  for (let i = 0; i < replicas; i++) apps.push(await startReplica());

  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [infra.natsUrl] } });
  const rpc = new RpcClient(client as never);
  // The sockets `enter` opens belong to this stand-in gateway, alive while the harness runs.
  const gateway = 'harness-gateway';
  const beat = () => rpc.request(ChatPatterns.Heartbeat, { instance: gateway }, PRESENCE_HEARTBEAT_MS).catch(() => undefined);
  await beat();
  const heartbeat = setInterval(beat, PRESENCE_HEARTBEAT_MS);

  const harness: ChatHarness = {
    infra,
    apps,
    rpc,
    nc,
    knownUsers,
    actor(role, name) {
      const user = userSummary(testUser(role, name));
      knownUsers.set(user.id, user);
      return user;
    },
    enter: (actor, roomId) =>
      rpc.request(ChatPatterns.JoinRoom, { actor, roomId, instance: gateway, socketId: `harness-${actor.id}` }, 10_000),
    // Tests send payloads no contract allows on purpose: the harness takes any pattern and payload.
    call: (pattern, data) => rpc.request(pattern as RpcPattern, data as never, 10_000) as never,
    async fail(pattern, data) {
      try {
        await rpc.request(pattern as RpcPattern, data as never, 10_000);
      } catch (error) {
        if (error instanceof RpcCallError) return error.body;
        throw error;
      }
      throw new Error(`${pattern} succeeded but was expected to fail`);
    },
    collect(subject) {
      const frames: Record<string, unknown>[] = [];
      const sub = nc.subscribe(subject);
      void (async () => {
        for await (const msg of sub) frames.push(codec.decode(msg.data));
      })();
      return { frames, sub };
    },
    async startReplica() {
      const app = await startReplica();
      apps.push(app);
      return app;
    },
    async stop() {
      clearInterval(heartbeat);
      await client.close();
      for (const app of apps) await app.close().catch(() => undefined);
      await nc.drain().catch(() => undefined);
      await infra.stop();
    },
  };
  await nc.flush();
  return harness;
}
