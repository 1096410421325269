import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { Test } from '@nestjs/testing';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  BlockPatterns,
  CallEvents,
  ChatPatterns,
  ServiceName,
  type ActorDto,
  type CallUserFrame,
  type RpcErrorBody,
  type SellerStatusChangedEvent,
  type UserRole,
  type RpcPattern,
} from '@app/contracts';
import { configureRpcApp, natsTransport, RpcCallError, RpcClient } from '@app/server';
import { startTestInfra, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AppModule } from '../src/app.module';
import { marketplaceEnv } from '../src/config/marketplace-env';
import { CallClock } from '../src/calls/call-clock';
import { Seller } from '../src/sellers/seller.entity';

const codec = JSONCodec<Record<string, unknown>>();

/** The calls' clock, moved by the test instead of waited for. */
export class FakeClock extends CallClock {
  private current = Date.parse('2026-03-02T09:00:00.000Z');

  override now(): Date {
    return new Date(this.current);
  }

  advance(ms: number) {
    this.current += ms;
  }
}

export interface SellerSetup {
  verified?: boolean;
  acceptsCalls?: boolean;
  availability?: 'available' | 'busy' | 'offline';
  isBusy?: boolean;
  audio?: number;
  video?: number;
  /** The seller's account, when it should be one the test already made (a seller who also buys). */
  user?: ActorDto;
}

export interface CallsHarness {
  infra: TestInfra;
  apps: INestMicroservice[];
  clock: FakeClock;
  nc: NatsConnection;
  orm: MikroORM;
  /** Every frame published for a user's sockets, in order. */
  framesOf(userId: number): CallUserFrame[];
  /** The seller status events heard, in order. */
  statusEvents: SellerStatusChangedEvent[];
  /** Marketplace chats chat-svc was asked for, by buyer and seller account. */
  chatRequests: Array<{ actor: ActorDto; otherUserId: number; sellerId: number }>;
  /** Blocks chat-svc would report, as "blockerId:blockedId". */
  blocks: Set<string>;
  actor(role: UserRole, name?: string): ActorDto;
  seller(setup?: SellerSetup): Promise<{ seller: Seller; user: ActorDto }>;
  call<T>(pattern: string, data: unknown): Promise<T>;
  /** The error a call fails with (fails the test when it succeeds). */
  fail(pattern: string, data: unknown): Promise<RpcErrorBody>;
  sql<T = Record<string, unknown>>(query: string, params?: unknown[]): Promise<T[]>;
  stop(): Promise<void>;
}

let nextUserId = 5000;

/**
 * marketplace-svc in-process (as many replicas as asked, sharing one fake clock) against a
 * private NATS, Redis and database, with chat-svc answered by a stand-in and every call frame
 * and seller status event recorded.
 */
export async function startCallsHarness({ replicas = 2 } = {}): Promise<CallsHarness> {
  const infra = await startTestInfra();
  Object.assign(process.env, {
    MARKETPLACE_DATABASE_URL: infra.databaseUrl('marketplace'),
    NATS_URL: infra.natsUrl,
    REDIS_URL: infra.redisUrl,
    LOG_LEVEL: 'warn',
    FX_RATE_URL: '',
    CALL_SWEEP_INTERVAL_MS: '100',
  });
  marketplaceEnv.reset();
  const clock = new FakeClock();
  const nc = await connect({ servers: infra.natsUrl });

  const frames = new Map<number, CallUserFrame[]>();
  const userFrames = nc.subscribe('user.*.call');
  void (async () => {
    for await (const msg of userFrames) {
      const userId = Number(msg.subject.split('.')[1]);
      if (!frames.has(userId)) frames.set(userId, []);
      frames.get(userId)!.push(codec.decode(msg.data) as unknown as CallUserFrame);
    }
  })();
  const statusEvents: SellerStatusChangedEvent[] = [];
  const status = nc.subscribe(CallEvents.SellerStatusChanged);
  void (async () => {
    for await (const msg of status) statusEvents.push((codec.decode(msg.data) as { data: SellerStatusChangedEvent }).data);
  })();

  const chatRequests: CallsHarness['chatRequests'] = [];
  const rooms = new Map<string, number>();
  const respond = (subject: string, answer: (data: Record<string, unknown>) => unknown) => {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const packet = codec.decode(msg.data) as { id: string; data: Record<string, unknown> };
        msg.respond(codec.encode({ id: packet.id, response: answer(packet.data), isDisposed: true }));
      }
    })();
  };
  respond(ChatPatterns.StartPrivateChat, (data) => {
    const request = data as unknown as CallsHarness['chatRequests'][number];
    chatRequests.push(request);
    const key = `${request.actor.id}:${request.otherUserId}`;
    if (!rooms.has(key)) rooms.set(key, 700 + rooms.size);
    return { id: rooms.get(key) };
  });
  // Nobody has written to anyone: reviews need a connected call.
  respond(ChatPatterns.HasConversation, () => ({ exists: false }));
  const blocks = new Set<string>();
  respond(BlockPatterns.Between, ({ userA, userB }) => ({ aBlockedB: blocks.has(`${userA}:${userB}`), bBlockedA: blocks.has(`${userB}:${userA}`) }));
  await nc.flush();

  const apps: INestMicroservice[] = [];
  for (let i = 0; i < replicas; i++) {
    const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).overrideProvider(CallClock).useValue(clock).compile();
    moduleRef.useLogger(['error']);
    const app = moduleRef.createNestMicroservice(natsTransport(ServiceName.Marketplace, infra.natsUrl));
    configureRpcApp(app);
    await app.listen();
    apps.push(app);
  }
  const orm = apps[0].get<MikroORM, MikroORM>(MikroORM);

  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [infra.natsUrl] } });
  const rpc = new RpcClient(client as never);

  const actor = (role: UserRole, name?: string): ActorDto => {
    const id = nextUserId++;
    return { id, username: name ?? `${role}${id}`, avatar: null, role };
  };

  return {
    infra,
    apps,
    clock,
    nc,
    orm,
    framesOf: (userId) => frames.get(userId) ?? [],
    statusEvents,
    chatRequests,
    blocks,
    actor,
    async seller(setup = {}) {
      const user = setup.user ?? actor('seller');
      const em = orm.em.fork();
      const seller = em.create(Seller, {
        userId: user.id,
        username: user.username,
        displayName: `Expert ${user.id}`,
        category: 'career',
        bio: 'Career coach helping people land the job they want, from CV to final interview.',
        aboutMe: 'Ten years of hiring engineers and designers.',
        experience: '10 years',
        education: 'MSc Organisational Psychology',
        workHistory: 'Recruiter, then head of talent.',
        languages: ['English'],
        services: ['Mock interviews'],
        specialties: ['Tech careers'],
        pricing: { audio: { price: setup.audio ?? 25, currency: 'USD' }, video: { price: setup.video ?? 35, currency: 'USD' } },
        timeZone: 'UTC+00:00',
        isVerified: setup.verified ?? true,
        verificationStatus: (setup.verified ?? true) ? 'verified' : 'pending',
        acceptsCalls: setup.acceptsCalls ?? true,
        availability: setup.availability ?? 'available',
        isBusy: setup.isBusy ?? false,
      });
      await em.flush();
      return { seller, user };
    },
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
    sql: (query, params = []) => orm.em.fork().execute(query, params as never[]),
    async stop() {
      await client.close();
      for (const app of apps) await app.close().catch(() => undefined);
      await nc.drain().catch(() => undefined);
      await infra.stop();
    },
  };
}
