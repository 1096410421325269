import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { AuthEvents, DEMO_PASSWORD, DEMO_TWO_STEP_SECRET, type UserRole } from '@app/contracts';
import { createLogger, ensureDatabase, migrate, natsServerOptions, ormOptions } from '@app/server';
import * as argon2 from 'argon2';
import { lastValueFrom } from 'rxjs';
import { HASH_OPTIONS } from './accounts/password-hash';
import { authEnv } from './config/auth-env';
import { migrations } from './migrations';
import { User } from './users/user.entity';
import { toUserSummary } from './users/user.mapper';

interface DemoAccount {
  username: string;
  role: Exclude<UserRole, 'guest'>;
  bio: string | null;
}

const EXPERT_BIOS = [
  'Relationship coach helping people date with more confidence and less guesswork.',
  'Former recruiter at two tech firms; I review CVs and run mock interviews.',
  'Licensed counsellor. Calm, confidential conversations about stress and anxiety.',
  'Stand-up comedian and improv teacher. Book me for a laugh or to sharpen your wit.',
  'Career changer turned coach: from accounting to product management in 18 months.',
  'I help newcomers to a city find their people, clubs and weekend plans.',
  'Mindfulness teacher with ten years of practice; short guided sessions on call.',
  'Dating profile makeovers: photos, bio and first messages that get replies.',
  'Engineering manager. Salary negotiation, promotions and leading your first team.',
  'Peer supporter for grief and loss. I listen first and advise only if you ask.',
  'Tabletop game master. Quick one-shot adventures over voice, beginners welcome.',
  'Long-distance friendship expert: keeping in touch when life moves people apart.',
  'Public speaking trainer; rehearse your talk with me and get honest feedback.',
  'Couples communication coach focused on resolving recurring arguments.',
  'Startup founder (two exits). Pitch decks, first hires and fundraising questions.',
  'Sleep and burnout recovery coach with a background in occupational therapy.',
  'Trivia host and puzzle writer. Private quiz nights for you and your friends.',
  'Language exchange partner for Spanish and Portuguese, with culture tips on the side.',
];

export const DEMO_ACCOUNTS: DemoAccount[] = [
  { username: 'moderator', role: 'moderator', bio: 'Keeping the rooms friendly. Reach out if something looks wrong.' },
  { username: 'vip', role: 'vip', bio: 'VIP member. Here for the music and movie rooms.' },
  { username: 'seller', role: 'seller', bio: 'Life coach offering practical advice on goals, habits and motivation.' },
  { username: 'user', role: 'user', bio: null },
  ...EXPERT_BIOS.map((bio, i) => ({ username: `expert${String(i + 1).padStart(2, '0')}`, role: 'seller' as const, bio })),
];

/**
 * Upserts the demo accounts by username; running it again changes nothing that is already right.
 * With `demoTwoStep` (everywhere but production) the moderators have two-step sign-in on with
 * DEMO_TWO_STEP_SECRET, as the desk requires; its codes come from any authenticator app or otplib.
 */
export async function seedAccounts(orm: MikroORM, events: ClientProxy | null, log: (msg: string) => void, { demoTwoStep = true } = {}) {
  const em = orm.em.fork();
  let created = 0;
  let updated = 0;
  for (const account of DEMO_ACCOUNTS) {
    const twoStep = demoTwoStep && account.role === 'moderator';
    let user = await em.findOne(User, { username: account.username });
    const isNew = !user;
    if (!user) {
      user = Object.assign(new User(), {
        username: account.username,
        email: `${account.username}@example.com`,
        passwordHash: await argon2.hash(DEMO_PASSWORD, HASH_OPTIONS),
        role: account.role,
        bio: account.bio,
        // The example.com addresses can receive no link: the demo accounts come confirmed.
        isVerified: true,
      });
      if (twoStep) Object.assign(user, { totpSecret: DEMO_TWO_STEP_SECRET, twoStepEnabledAt: new Date() });
      em.persist(user);
    } else {
      const passwordOk = !!user.passwordHash && (await argon2.verify(user.passwordHash, DEMO_PASSWORD));
      const twoStepOk = !twoStep || (user.totpSecret === DEMO_TWO_STEP_SECRET && user.twoStepEnabledAt !== null);
      const changed = user.role !== account.role || !passwordOk || !user.isVerified || !twoStepOk;
      if (!changed) continue;
      user.role = account.role;
      user.isVerified = true;
      if (!passwordOk) user.passwordHash = await argon2.hash(DEMO_PASSWORD, HASH_OPTIONS);
      if (!twoStepOk) Object.assign(user, { totpSecret: DEMO_TWO_STEP_SECRET, twoStepEnabledAt: new Date(), totpLastStep: null });
    }
    await em.flush();
    if (isNew) created += 1;
    else updated += 1;
    if (events) {
      await lastValueFrom(events.emit(isNew ? AuthEvents.UserRegistered : AuthEvents.UserUpdated, toUserSummary(user)), {
        defaultValue: undefined,
      });
    }
  }
  log(`Demo accounts: ${created} created, ${updated} updated, ${DEMO_ACCOUNTS.length - created - updated} already in place`);
}

async function main() {
  const env = authEnv();
  const logger = createLogger('auth-svc-seed', env.LOG_LEVEL);
  await ensureDatabase(env.AUTH_DATABASE_URL);
  const orm = await MikroORM.init(ormOptions({ databaseUrl: env.AUTH_DATABASE_URL, entities: [User], migrations }));
  const events = ClientProxyFactory.create({ transport: Transport.NATS, options: { ...natsServerOptions(env.NATS_URL), name: 'auth-svc-seed' } });
  try {
    await migrate(orm);
    await events.connect();
    await seedAccounts(orm, events, (msg) => logger.info(msg), { demoTwoStep: env.NODE_ENV !== 'production' });
  } finally {
    await events.close();
    await orm.close();
  }
}

if (require.main === module) {
  main().catch((error) => {
    console.error(error instanceof Error ? (error.stack ?? error.message) : error);
    process.exit(1);
  });
}
