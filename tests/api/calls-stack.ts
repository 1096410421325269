/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { BlockPatterns, ChatPatterns, ServiceName, type UserRole } from '@app/contracts';
import { eventually, startTestInfra, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import WebSocket from 'ws';
// Calls are tested as browsers meet them: marketplace-svc in-process behind the gateway.
import { AppModule as MarketplaceModule } from '@app/marketplace-svc/src/app.module';
import { Seller } from '@app/marketplace-svc/src/sellers/seller.entity';
import { apiClient, fakeSessions, prepareGateway, startAnotherGateway, startService, type ApiResponse, type SignedIn } from './support/gateway-harness';

const codec = JSONCodec<Record<string, any>>();

export const TURN_SECRET = 'turn-shared-secret-for-tests';
export const TURN_URL = 'turn:turn.example.com:3478?transport=udp';
export const STUN_URL = 'stun:turn.example.com:3478';

export interface SellerSetup {
  verified?: boolean;
  acceptsCalls?: boolean;
  audio?: number;
}

/**
 * Gateways (two, to show what crosses between them) and marketplace-svc in-process on private
 * infrastructure. auth-svc's session look-up and chat-svc's marketplace chats are answered by
 * stand-ins on NATS.
 */
export interface CallsStack {
  infra: TestInfra;
  nc: NatsConnection;
  signIn(role: UserRole, username?: string): SignedIn;
  /** A signed-in seller with a seller profile (verified and taking calls unless told). */
  seller(setup?: SellerSetup): Promise<SignedIn & { sellerId: number }>;
  /** A request to gateway 0 or 1, as our own pages send it. */
  api<T = any>(method: string, path: string, who?: SignedIn, body?: unknown, gateway?: number): Promise<ApiResponse<T>>;
  /** A signed-in browser socket on gateway 0 or 1, authenticated. */
  socket(who: SignedIn, gateway?: number): Promise<TestSocket>;
  stop(): Promise<void>;
}

export async function startCallsStack(): Promise<CallsStack> {
  const infra = await startTestInfra();
  const first = await prepareGateway(infra, {
    MARKETPLACE_DATABASE_URL: infra.databaseUrl('marketplace'),
    CALL_SWEEP_INTERVAL_MS: '200',
    STUN_URLS: STUN_URL,
    TURN_URLS: TURN_URL,
    TURN_SECRET,
    TURN_CREDENTIAL_TTL_SECONDS: '3600',
    LOG_LEVEL: 'silent',
  });

  const nc = await connect({ servers: infra.natsUrl });
  const sessions = fakeSessions();
  const rooms = new Map<string, number>();
  const respond = (subject: string, answer: (data: any) => unknown) => {
    const sub = nc.subscribe(subject);
    void (async () => {
      for await (const msg of sub) {
        const packet = codec.decode(msg.data);
        msg.respond(codec.encode({ id: packet.id, response: answer(packet.data), isDisposed: true }));
      }
    })();
  };
  respond(ChatPatterns.StartPrivateChat, (data) => {
    const key = `${data.actor.id}:${data.otherUserId}`;
    if (!rooms.has(key)) rooms.set(key, 900 + rooms.size);
    return { id: rooms.get(key) };
  });
  respond(ChatPatterns.HasConversation, () => ({ exists: false }));
  respond(BlockPatterns.Between, () => ({ aBlockedB: false, bBlockedA: false }));
  respond(ChatPatterns.Heartbeat, () => ({ ok: true }));
  respond(ChatPatterns.DropInstance, () => ({ ok: true }));
  await nc.flush();

  const services: INestMicroservice[] = [
    await startService(sessions.responder, ServiceName.Auth, infra.natsUrl),
    await startService(MarketplaceModule, ServiceName.Marketplace, infra.natsUrl),
  ];
  const orm = services[1].get<MikroORM, MikroORM>(MikroORM);

  await first.listen();
  // A second gateway in the same process and environment: a browser may land on either.
  const second = await startAnotherGateway();
  const gateways = [
    { baseUrl: first.baseUrl, wsUrl: first.wsUrl },
    { baseUrl: second.baseUrl, wsUrl: second.wsUrl },
  ];
  const requests = gateways.map((g) => apiClient(g.baseUrl, first.origin));
  const sockets: TestSocket[] = [];

  return {
    infra,
    nc,
    signIn: sessions.signIn,
    async seller(setup = {}) {
      const who = sessions.signIn('seller');
      const em = orm.em.fork();
      const seller = em.create(Seller, {
        userId: who.user.id,
        username: who.user.username,
        displayName: `Expert ${who.user.username}`,
        category: 'career',
        bio: 'Career coach helping people land the job they want, from CV to final interview.',
        aboutMe: 'Ten years of hiring engineers and designers.',
        experience: '10 years',
        education: 'MSc Organisational Psychology',
        workHistory: 'Recruiter, then head of talent.',
        languages: ['English'],
        services: ['Mock interviews'],
        specialties: ['Tech careers'],
        pricing: { audio: { price: setup.audio ?? 25, currency: 'USD' }, video: { price: 35, currency: 'USD' } },
        timeZone: 'UTC+00:00',
        isVerified: setup.verified ?? true,
        verificationStatus: (setup.verified ?? true) ? 'verified' : 'pending',
        acceptsCalls: setup.acceptsCalls ?? true,
      });
      await em.flush();
      return { ...who, sellerId: seller.id };
    },
    api: (method, path, who, body, gateway = 0) => requests[gateway](method, path, { cookie: who?.cookie, body }),
    async socket(who, gateway = 0) {
      const socket = new TestSocket(new WebSocket(gateways[gateway].wsUrl, { headers: { origin: first.origin, cookie: who.cookie } }));
      sockets.push(socket);
      await socket.opened;
      socket.send({ type: 'auth', userId: who.user.id });
      await socket.next('auth_success');
      return socket;
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
}

/** A browser's socket: every frame it received, and waiting for the next one of a type. */
export class TestSocket {
  readonly frames: Record<string, any>[] = [];
  readonly opened: Promise<void>;
  private readonly taken = new Map<string, number>();

  constructor(readonly ws: WebSocket) {
    this.opened = new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('error', reject);
    });
    ws.on('message', (data) => this.frames.push(JSON.parse(data.toString())));
  }

  send(frame: object) {
    this.ws.send(JSON.stringify(frame));
  }

  /** The next frame of that type (and matching `where`) after the ones already taken. */
  async next(type: string, where: (frame: Record<string, any>) => boolean = () => true): Promise<Record<string, any>> {
    return eventually(() => {
      const from = this.taken.get(type) ?? 0;
      const index = this.frames.findIndex((f, i) => i >= from && f.type === type && where(f));
      if (index < 0) throw new Error(`No ${type} frame yet; got ${this.frames.map((f) => f.type).join(', ') || 'none'}`);
      this.taken.set(type, index + 1);
      return this.frames[index];
    });
  }

  ofType(type: string) {
    return this.frames.filter((f) => f.type === type);
  }

  close() {
    if (this.ws.readyState === WebSocket.OPEN) this.ws.close(1000);
  }
}
