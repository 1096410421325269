import 'reflect-metadata';
import type { INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  AuthEvents,
  AuthPatterns,
  ModerationErrorCode,
  ModerationMessages,
  SanctionPatterns,
  ServiceName,
  type ActorDto,
  type RpcErrorBody,
  type RpcPattern,
  type RpcRequest,
  type RpcResponse,
  type SessionIssuedDto,
  type UserRole,
} from '@app/contracts';
import { configureRpcApp, natsTransport, RpcCallError, RpcClient } from '@app/server';
import { captchaAnswers, eventually, startTestInfra, uniqueName, type TestInfra } from '@app/testing';
import { connect, JSONCodec, type NatsConnection } from 'nats';
import { AppModule } from '../src/app.module';
import { authEnv } from '../src/config/auth-env';
import { SessionStore } from '../src/sessions/session.store';

const PASSWORD = 'blue-tangerine-42';

describe('auth-svc account sanctions', () => {
  let infra: TestInfra;
  let apps: INestMicroservice[] = [];
  let rpc: RpcClient;
  let nc: NatsConnection;
  let moderator: ActorDto;
  const invalidated: Array<{ userId: number; tokenHash?: string }> = [];

  const call = <P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<RpcResponse<P>> => rpc.request(pattern, data, 10_000);
  async function fail<P extends RpcPattern>(pattern: P, data: RpcRequest<P>): Promise<RpcErrorBody> {
    try {
      await call(pattern, data);
    } catch (error) {
      if (error instanceof RpcCallError) return error.body;
      throw error;
    }
    throw new Error(`${pattern} succeeded but was expected to fail`);
  }
  const sql = (query: string, params: unknown[] = []) => apps[0].get(MikroORM).em.getConnection().execute(query, params);
  const address = () => `198.51.100.${Math.floor(Math.random() * 250) + 1}`;

  async function captcha(ip: string): Promise<string> {
    const challenge = await call(AuthPatterns.CreateCaptcha, { client: { ip } });
    return (await call(AuthPatterns.VerifyCaptcha, captchaAnswers(challenge))).token;
  }

  async function member(role: Exclude<UserRole, 'guest'> = 'user') {
    const ip = address();
    const username = uniqueName('member');
    const issued = await call(AuthPatterns.Register, {
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      captchaResponse: await captcha(ip),
      client: { ip },
    });
    if (role !== 'user') await call(AuthPatterns.SetRole, { userId: issued.user.id, role });
    const actor: ActorDto = { id: issued.user.id, username, avatar: null, role };
    return { actor, token: issued.token, username };
  }

  async function login(name: string, password = PASSWORD): Promise<SessionIssuedDto> {
    const ip = address();
    // These accounts have no two-step sign-in: the password alone opens a session.
    return (await call(AuthPatterns.Login, { email: name, password, captchaResponse: await captcha(ip), client: { ip } })) as SessionIssuedDto;
  }
  async function loginFails(name: string, password = PASSWORD): Promise<RpcErrorBody> {
    const ip = address();
    return fail(AuthPatterns.Login, { email: name, password, captchaResponse: await captcha(ip), client: { ip } });
  }
  const resolve = async (token: string) => ((await call(AuthPatterns.ResolveSessions, { tokens: [token] })) as unknown[])[0];
  const suspend = (userId: number, days = 3, actor = moderator) =>
    call(SanctionPatterns.Apply, { actor, userId, kind: 'suspension', days, reason: 'Harassing other members' });

  beforeAll(async () => {
    infra = await startTestInfra();
    Object.assign(process.env, { AUTH_DATABASE_URL: infra.databaseUrl('auth'), NATS_URL: infra.natsUrl, REDIS_URL: infra.redisUrl, LOG_LEVEL: 'warn', POW_MAX_NUMBER: '1000' });
    authEnv.reset();
    for (let i = 0; i < 2; i++) {
      const app = await NestFactory.createMicroservice(AppModule, { ...natsTransport(ServiceName.Auth, infra.natsUrl), logger: ['error'] });
      configureRpcApp(app);
      await app.listen();
      apps.push(app);
    }
    rpc = new RpcClient(ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [infra.natsUrl] } }) as never);
    nc = await connect({ servers: infra.natsUrl });
    const events = nc.subscribe(AuthEvents.SessionsInvalidated);
    void (async () => {
      for await (const msg of events) invalidated.push((JSONCodec().decode(msg.data) as { data: { userId: number } }).data);
    })();
    await nc.flush();
    moderator = (await member('moderator')).actor;
  }, 60_000);

  afterAll(async () => {
    await rpc?.onApplicationShutdown();
    for (const app of apps) await app.close().catch(() => undefined);
    await nc?.drain().catch(() => undefined);
    await infra?.stop();
    apps = [];
  });

  it('ends every session of a suspended account, tells the gateways, and says until when at sign-in', async () => {
    const { actor, token, username } = await member();
    const other = await login(username);
    expect(await resolve(token)).toMatchObject({ id: actor.id });

    const sanction = await suspend(actor.id, 3);
    expect(sanction).toMatchObject({ userId: actor.id, kind: 'suspension', reason: 'Harassing other members', active: true, createdById: moderator.id });
    expect(Date.parse(sanction.endsAt as string) - Date.now()).toBeGreaterThan(3 * 86_400_000 - 60_000);
    expect(await resolve(token)).toBeNull();
    expect(await resolve(other.token)).toBeNull();
    await eventually(() => expect(invalidated).toContainEqual({ userId: actor.id }));

    const refused = await loginFails(username);
    expect(refused).toMatchObject({
      status: 403,
      code: ModerationErrorCode.AccountSuspended,
      message: ModerationMessages.suspended(sanction.endsAt as string),
      details: { suspendedUntil: sanction.endsAt, reason: 'Harassing other members' },
    });
    expect(refused.message).toMatch(/^Your account is suspended until \d{1,2} \w+ \d{4}, \d\d:\d\d UTC$/);
    // A wrong password is told nothing about the account.
    expect(await loginFails(username, 'not-the-password')).toMatchObject({ status: 401, message: 'Invalid credentials' });

    // The suspension ends at its time: nothing has to lift it.
    await sql(`update account_sanctions set ends_at = now() - interval '1 second' where user_id = ?`, [actor.id]);
    const back = await login(username);
    expect(await resolve(back.token)).toMatchObject({ id: actor.id });
  });

  it('refuses a banned account for good, a ban replacing a suspension, until a moderator lifts it', async () => {
    const { actor, username } = await member();
    await suspend(actor.id, 10);
    const ban = await call(SanctionPatterns.Apply, { actor: moderator, userId: actor.id, kind: 'ban', reason: 'Selling scams' });
    expect(ban).toMatchObject({ kind: 'ban', endsAt: null, active: true });
    expect(await loginFails(username)).toMatchObject({ status: 403, code: ModerationErrorCode.AccountBanned, message: 'Your account has been banned' });

    const account = await call(SanctionPatterns.GetAccount, { actor: moderator, userId: actor.id });
    expect(account.sanction).toMatchObject({ id: ban.id, kind: 'ban' });
    expect(account.sanctions.map((s) => [s.kind, s.active, s.liftReason])).toEqual([
      ['ban', true, null],
      ['suspension', false, ModerationMessages.BanReplacesSuspension],
    ]);
    expect(await fail(SanctionPatterns.Apply, { actor: moderator, userId: actor.id, kind: 'suspension', days: 2, reason: 'x' })).toMatchObject({
      status: 409,
      message: ModerationMessages.AlreadyBanned,
    });
    expect(await fail(SanctionPatterns.Lift, { actor: moderator, userId: actor.id, kind: 'suspension', reason: 'x' })).toMatchObject({
      status: 409,
      message: ModerationMessages.NotSuspended,
    });

    const lifted = await call(SanctionPatterns.Lift, { actor: moderator, userId: actor.id, kind: 'ban', reason: 'Appeal accepted' });
    expect(lifted).toMatchObject({ active: false, liftedById: moderator.id, liftReason: 'Appeal accepted' });
    await expect(login(username)).resolves.toMatchObject({ user: { id: actor.id } });
  });

  it('takes the moderator role from its own records, and never sanctions a moderator', async () => {
    const pretender = await member();
    const target = await member();
    // The request says moderator; the account is not one.
    const claimed = { ...pretender.actor, role: 'moderator' as const };
    expect(await fail(SanctionPatterns.Apply, { actor: claimed, userId: target.actor.id, kind: 'ban', reason: 'x' })).toMatchObject({
      status: 403,
      message: ModerationMessages.ModeratorsOnly,
    });
    expect(await fail(SanctionPatterns.SearchAccounts, { actor: claimed, q: target.username })).toMatchObject({ status: 403 });
    const colleague = await member('moderator');
    expect(await fail(SanctionPatterns.Apply, { actor: moderator, userId: colleague.actor.id, kind: 'ban', reason: 'x' })).toMatchObject({
      status: 403,
      message: ModerationMessages.NotOnModerators,
    });
    expect(await fail(SanctionPatterns.Apply, { actor: moderator, userId: 999_999, kind: 'ban', reason: 'x' })).toMatchObject({ status: 404 });
    expect(await fail(SanctionPatterns.Apply, { actor: moderator, userId: target.actor.id, kind: 'suspension', reason: 'x' })).toMatchObject({
      status: 400,
      fields: { days: ['Days must be a whole number from 1 to 30'] },
    });
    expect(await resolve(target.token)).toMatchObject({ id: target.actor.id });
  });

  it('gives one suspension when moderators on two replicas act at once', async () => {
    const { actor } = await member();
    const others = await Promise.all([member('moderator'), member('moderator'), member('moderator')]);
    const results = await Promise.allSettled([moderator, ...others.map((o) => o.actor)].map((m, i) => suspend(actor.id, i + 1, m)));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results) if (r.status === 'rejected') expect((r.reason as RpcCallError).body.status).toBe(409);
    const account = await call(SanctionPatterns.GetAccount, { actor: moderator, userId: actor.id });
    expect(account.sanctions).toHaveLength(1);
  });

  it('ends a session opened while the account was being suspended at its next look-up', async () => {
    const { actor } = await member();
    await suspend(actor.id, 1);
    // A sign-in that passed its checks just before the suspension was written stores its session after it.
    const store = apps[0].get(SessionStore, { strict: false });
    const late = await store.create(actor.id, 60, 'password');
    expect(await resolve(late.token)).toBeNull();
    expect(await store.getMany([late.token])).toEqual([null]);
  });

  it('finds accounts by username or e-mail for moderators, the exact match first', async () => {
    const stem = uniqueName('fm');
    const { actor } = await member();
    await sql('update users set username = ?, email = ? where id = ?', [stem, `${stem}@example.org`, actor.id]);
    const longer = await member();
    await sql('update users set username = ? where id = ?', [`${stem}x`, longer.actor.id]);
    const byName = await call(SanctionPatterns.SearchAccounts, { actor: moderator, q: stem.toUpperCase() });
    expect(byName.map((a) => a.id)).toEqual([actor.id, longer.actor.id]);
    expect(byName[0]).toMatchObject({ username: stem, email: `${stem}@example.org`, role: 'user', sanction: null });
    const byMail = await call(SanctionPatterns.SearchAccounts, { actor: moderator, q: `${stem}@example.org` });
    expect(byMail.map((a) => a.id)).toEqual([actor.id]);
    await suspend(actor.id, 2);
    expect((await call(SanctionPatterns.SearchAccounts, { actor: moderator, q: stem }))[0].sanction).toMatchObject({ kind: 'suspension', active: true });
    // Wildcards are text, not patterns.
    expect(await call(SanctionPatterns.SearchAccounts, { actor: moderator, q: '%' })).toEqual([]);
  });
});
