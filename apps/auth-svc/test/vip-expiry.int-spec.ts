import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { AuthEvents, ServiceName, VipEvents, VipPatterns, type ActorDto, type UserRole } from '@app/contracts';
import { configureRpcApp, natsTransport, RpcClient } from '@app/server';
import { eventually, ManualClock, startTestInfra, uniqueName, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AppModule } from '../src/app.module';
import { authEnv } from '../src/config/auth-env';
import { User } from '../src/users/user.entity';
import { VipClock } from '../src/vip/vip-clock';
import { VipService } from '../src/vip/vip.service';

const DAY_MS = 86_400_000;

/** VIP periods end by themselves at their date, on a clock the test moves, with one reminder before. */
describe('auth-svc VIP periods over time', () => {
  let infra: TestInfra;
  const apps: INestMicroservice[] = [];
  let rpc: RpcClient;
  let nc: NatsConnection;
  let moderator: ActorDto;
  const clock = new ManualClock(Date.parse('2026-12-01T12:00:00Z'));
  const events: Array<{ subject: string; data: { userId?: number; id?: number; [key: string]: unknown } }> = [];

  const em = () => apps[0].get(MikroORM).em.fork() as EntityManager;
  const sweep = (replica = 0) => apps[replica].get(VipService).sweep();
  // VIP events name the account as userId; user.updated carries the user summary itself.
  const eventsOf = (subject: string, userId: number) => events.filter((e) => e.subject === subject && (e.data.userId ?? e.data.id) === userId);

  async function account(role: UserRole, roleBeforeSeller: UserRole | null = null): Promise<User> {
    const fork = em();
    const user = Object.assign(new User(), { username: uniqueName('v').slice(0, 20), email: `${uniqueName('v')}@example.com`, role, roleBeforeSeller });
    await fork.persistAndFlush(user);
    return user;
  }
  const roleOf = async (id: number) => (await em().findOneOrFail(User, { id })).role;

  beforeAll(async () => {
    infra = await startTestInfra();
    Object.assign(process.env, { AUTH_DATABASE_URL: infra.databaseUrl('auth'), NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl, LOG_LEVEL: 'warn' });
    authEnv.reset();
    // Two replicas sweep the same table: each period ends, and is announced, once.
    for (let i = 0; i < 2; i++) {
      const moduleRef = await Test.createTestingModule({ imports: [AppModule] }).overrideProvider(VipClock).useValue(clock).compile();
      moduleRef.useLogger(['error']);
      const app = moduleRef.createNestMicroservice(natsTransport(ServiceName.Auth, infra.natsUrl));
      configureRpcApp(app);
      await app.listen();
      apps.push(app);
    }
    rpc = new RpcClient(ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [infra.natsUrl] } }) as never);
    nc = await connect({ servers: infra.natsUrl });
    for (const subject of [VipEvents.Expiring, VipEvents.Changed, AuthEvents.UserUpdated]) {
      const sub = nc.subscribe(subject);
      void (async () => {
        for await (const msg of sub) events.push({ subject, data: (JSONCodec().decode(msg.data) as { data: { userId?: number; id?: number } }).data });
      })();
    }
    await nc.flush();
    const mod = await account('moderator');
    moderator = { id: mod.id, username: mod.username, avatar: null, role: 'moderator' };
  }, 60_000);

  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    for (const app of apps) await app.close().catch(() => undefined);
    await nc?.drain().catch(() => undefined);
    await infra?.stop();
  });

  it('reminds the holder once, three days before, and ends the period at its date', async () => {
    const member = await account('user');
    const granted = await rpc.request(VipPatterns.Grant, { actor: moderator, userId: member.id, days: 5, reason: 'Paid for five days' });
    expect(granted.vipUntil).toBe(new Date(clock.now() + 5 * DAY_MS).toISOString());

    clock.advance(DAY_MS);
    await sweep();
    expect(eventsOf(VipEvents.Expiring, member.id)).toEqual([]);

    clock.advance(DAY_MS + 60_000);
    const [a, b] = await Promise.all([sweep(0), sweep(1)]);
    expect(a.reminded + b.reminded).toBe(1);
    await eventually(() => expect(eventsOf(VipEvents.Expiring, member.id)).toEqual([{ subject: VipEvents.Expiring, data: { userId: member.id, vipUntil: granted.vipUntil } }]));
    await sweep();
    expect(await roleOf(member.id)).toBe('vip');

    clock.advance(3 * DAY_MS);
    const [c, d] = await Promise.all([sweep(0), sweep(1)]);
    expect(c.ended + d.ended).toBe(1);
    expect(await roleOf(member.id)).toBe('user');
    expect((await em().findOneOrFail(User, { id: member.id })).vipUntil).toBeNull();
    await eventually(() => expect(eventsOf(AuthEvents.UserUpdated, member.id).at(-1)?.data).toMatchObject({ role: 'user' }));
    expect(eventsOf(VipEvents.Expiring, member.id)).toHaveLength(1);

    const history = await rpc.request(VipPatterns.History, { actor: moderator, userId: member.id });
    expect(history.map((h) => [h.action, h.actorUsername])).toEqual([
      ['expire', null],
      ['grant', moderator.username],
    ]);
    // The period is over: a new one may be granted.
    await expect(rpc.request(VipPatterns.Grant, { actor: moderator, userId: member.id, reason: 'Paid again' })).resolves.toMatchObject({ action: 'grant' });
  });

  it('leaves a VIP who became a seller a seller, falling back to a plain member afterwards', async () => {
    const member = await account('user');
    await rpc.request(VipPatterns.Grant, { actor: moderator, userId: member.id, days: 1, reason: 'One day' });
    await em().nativeUpdate(User, { id: member.id }, { role: 'seller', roleBeforeSeller: 'vip' });

    clock.advance(DAY_MS + 1);
    await sweep();
    const after = await em().findOneOrFail(User, { id: member.id });
    expect({ role: after.role, roleBeforeSeller: after.roleBeforeSeller, vipUntil: after.vipUntil }).toEqual({ role: 'seller', roleBeforeSeller: 'user', vipUntil: null });
  });
});
