import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { DEMO_PASSWORD, DEMO_TWO_STEP_SECRET } from '@app/contracts';
import { ensureDatabase, migrate, ormOptions } from '@app/server';
import { startTestInfra, type TestInfra } from '@app/testing';
import * as argon2 from 'argon2';
import { migrations } from '../src/migrations';
import { DEMO_ACCOUNTS, seedAccounts } from '../src/seed';
import { User } from '../src/users/user.entity';

describe('demo accounts seed', () => {
  let infra: TestInfra;
  let orm: MikroORM;

  beforeAll(async () => {
    infra = await startTestInfra();
    const databaseUrl = infra.databaseUrl('auth_seed');
    await ensureDatabase(databaseUrl);
    orm = await MikroORM.init(ormOptions({ databaseUrl, entities: [User], migrations }));
    await migrate(orm);
  }, 60_000);

  afterAll(async () => {
    await orm?.close();
    await infra?.stop();
  });

  it('creates every role and the eighteen experts, and a second run changes nothing', async () => {
    const messages: string[] = [];
    await seedAccounts(orm, null, (m) => messages.push(m));
    await seedAccounts(orm, null, (m) => messages.push(m));
    expect(messages).toEqual([
      `Demo accounts: ${DEMO_ACCOUNTS.length} created, 0 updated, 0 already in place`,
      `Demo accounts: 0 created, 0 updated, ${DEMO_ACCOUNTS.length} already in place`,
    ]);

    const users = await orm.em.fork().find(User, {}, { orderBy: { username: 'asc' } });
    expect(users).toHaveLength(22);
    const roles = Object.fromEntries(users.map((u) => [u.username, u.role]));
    expect(roles).toMatchObject({ moderator: 'moderator', vip: 'vip', seller: 'seller', user: 'user', expert01: 'seller', expert18: 'seller' });
    expect(users.filter((u) => /^expert\d\d$/.test(u.username))).toHaveLength(18);
    const moderator = users.find((u) => u.username === 'moderator')!;
    expect(await argon2.verify(moderator.passwordHash!, DEMO_PASSWORD)).toBe(true);
    // Their e-mail is confirmed, so nobody is asked to verify an @example.com address.
    expect(users.filter((u) => !u.isVerified).map((u) => u.username)).toEqual([]);
    // The desk needs two-step sign-in: the demo moderator has it, with the documented key; nobody else does.
    expect(users.filter((u) => u.twoStepEnabledAt !== null).map((u) => [u.username, u.totpSecret])).toEqual([['moderator', DEMO_TWO_STEP_SECRET]]);
  });

  it('leaves the known demo key out in production', async () => {
    const em = orm.em.fork();
    await em.nativeUpdate(User, { username: 'moderator' }, { totpSecret: null, twoStepEnabledAt: null });
    const messages: string[] = [];
    await seedAccounts(orm, null, (m) => messages.push(m), { demoTwoStep: false });
    expect(messages[0]).toBe(`Demo accounts: 0 created, 0 updated, ${DEMO_ACCOUNTS.length} already in place`);
    expect((await orm.em.fork().findOneOrFail(User, { username: 'moderator' })).twoStepEnabledAt).toBeNull();
    // Outside production the next run puts it back.
    await seedAccounts(orm, null, () => undefined);
    expect((await orm.em.fork().findOneOrFail(User, { username: 'moderator' })).totpSecret).toBe(DEMO_TWO_STEP_SECRET);
  });

  it('puts a changed demo role back', async () => {
    const em = orm.em.fork();
    await em.nativeUpdate(User, { username: 'vip' }, { role: 'user' });
    await em.nativeUpdate(User, { username: 'seller' }, { isVerified: false });
    const messages: string[] = [];
    await seedAccounts(orm, null, (m) => messages.push(m));
    expect(messages[0]).toBe(`Demo accounts: 0 created, 2 updated, ${DEMO_ACCOUNTS.length - 2} already in place`);
    expect((await orm.em.fork().findOneOrFail(User, { username: 'vip' })).role).toBe('vip');
    expect((await orm.em.fork().findOneOrFail(User, { username: 'seller' })).isVerified).toBe(true);
  });
});
