import 'reflect-metadata';
import { MikroORM } from '@mikro-orm/postgresql';
import { ClientProxyFactory, Transport } from '@nestjs/microservices';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import {
  AuthPatterns,
  DEFAULT_WORKING_HOURS,
  fieldErrors,
  MarketplaceEvents,
  MEDIA_URL_PREFIX,
  RegisterSellerDto,
  type SellerUpdatedEvent,
  type UserSummary,
} from '@app/contracts';
import { ensureDatabase, migrate, natsServerOptions, ormOptions, RpcClient, validationFields } from '@app/server';
import { marketplaceSeedEnv } from './config/marketplace-env';
import { migrations } from './migrations';
import { Review } from './reviews/review.entity';
import { SEED_SELLERS, type SeedSeller } from './seed-data';
import { drawDemoPicture, isServed, uploadDemoPictures } from './seed-pictures';
import { rankingScore, roundRating } from './sellers/ranking';
import { Seller } from './sellers/seller.entity';

/** The application a demo seller would have sent; the seed obeys the same rules as the wizard. */
export function seedApplication(seed: SeedSeller, profileMedia: string[] = []): RegisterSellerDto {
  return plainToInstance(RegisterSellerDto, {
    displayName: seed.displayName,
    category: seed.category,
    bio: seed.bio,
    aboutMe: seed.aboutMe,
    experience: seed.experience,
    education: seed.education,
    workHistory: seed.workHistory,
    languages: seed.languages,
    services: seed.services,
    specialties: seed.specialties,
    certifications: seed.certifications,
    achievements: seed.achievements,
    audioPricing: seed.audio,
    videoPricing: seed.video,
    acceptsCalls: !seed.offline,
    callAvailability: seed.offline ? 'unavailable' : 'available',
    timeZone: seed.timeZone,
    responseTime: seed.responseTime,
    workingHours: {
      start: seed.hours?.[0] ?? DEFAULT_WORKING_HOURS.start,
      end: seed.hours?.[1] ?? DEFAULT_WORKING_HOURS.end,
      days: seed.days ?? DEFAULT_WORKING_HOURS.days,
    },
    socialMediaLinks: { website: `https://example.com/${seed.username}` },
    portfolioItems: seed.portfolioItems,
    testimonials: seed.testimonials,
    profileMedia,
    agreeToTerms: true,
    agreeToCommission: true,
  });
}

export function seedProblems(seed: SeedSeller): Record<string, string[]> {
  return fieldErrors(validationFields(validateSync(seedApplication(seed), { whitelist: true, forbidNonWhitelisted: true }))).fields;
}

async function lookUpUsers(rpc: RpcClient, usernames: string[]): Promise<Map<string, UserSummary>> {
  const users = await rpc.request(AuthPatterns.FindByUsernames, { usernames }, 10_000);
  return new Map(users.map((user) => [user.username.toLowerCase(), user]));
}

/** Upserts the demo sellers by account and the demo buyers' reviews by (seller, buyer): safe to run again. */
async function seed() {
  const env = marketplaceSeedEnv();
  for (const entry of SEED_SELLERS) {
    const problems = seedProblems(entry);
    if (Object.keys(problems).length > 0) throw new Error(`Demo seller ${entry.username} is invalid: ${JSON.stringify(problems)}`);
  }
  const client = ClientProxyFactory.create({ transport: Transport.NATS, options: { ...natsServerOptions(env.NATS_URL), name: 'marketplace-seed' } });
  const rpc = new RpcClient(client as never);
  await ensureDatabase(env.MARKETPLACE_DATABASE_URL);
  const orm = await MikroORM.init(ormOptions({ databaseUrl: env.MARKETPLACE_DATABASE_URL, entities: [Seller, Review], migrations }));
  try {
    await migrate(orm);
    const users = await lookUpUsers(rpc, [...SEED_SELLERS.map((s) => s.username), 'user', 'vip']);
    const em = orm.em.fork();
    const seeded: SellerUpdatedEvent[] = [];
    let count = 0;
    for (const entry of SEED_SELLERS) {
      const account = users.get(entry.username);
      if (!account) {
        console.warn(`Demo account ${entry.username} not found; its seller profile is skipped`);
        continue;
      }
      const existing = await em.findOne(Seller, { userId: account.id });
      const profileMedia = await demoGallery(env.MEDIA_SVC_URL, entry, account.id, existing?.profileMedia);
      const seller = await upsertSeller(em, entry, account, profileMedia, existing);
      for (const review of entry.reviews) {
        const buyer = users.get(review.from);
        if (!buyer) continue;
        const existing = await em.findOne(Review, { sellerId: seller.id, buyerId: buyer.id });
        if (existing) Object.assign(existing, { rating: review.rating, comment: review.comment, buyerName: buyer.username });
        else em.create(Review, { sellerId: seller.id, buyerId: buyer.id, buyerName: buyer.username, rating: review.rating, comment: review.comment });
      }
      await em.flush();
      const [stats] = await em.execute<Array<{ average: string | null; count: string }>>(
        'select avg("rating") as "average", count(*) as "count" from "reviews" where "seller_id" = ?',
        [seller.id],
      );
      const average = stats.average === null ? 0 : Number(stats.average);
      seller.reviewCount = Number(stats.count);
      seller.rating = roundRating(average);
      seller.rankingScore = rankingScore({
        averageRating: average,
        reviewCount: seller.reviewCount,
        totalSessions: seller.totalSessions,
        responseTime: seller.responseTime,
      });
      await em.flush();
      seeded.push({
        sellerId: seller.id,
        userId: seller.userId,
        displayName: seller.displayName,
        isVerified: seller.isVerified,
        verificationStatus: seller.verificationStatus,
      });
      count++;
    }
    // The accounts service gives verified sellers the seller role, as after a moderator's decision.
    for (const event of seeded) await rpc.emit(MarketplaceEvents.SellerUpdated, event);
    console.log(`Seeded ${count} demo sellers`);
  } finally {
    await orm.close();
    await client.close();
  }
}

/** The pictures of the seller's Media tab: those an earlier run stored while they are still served, or new ones. */
async function demoGallery(mediaSvcUrl: string, entry: SeedSeller, ownerId: number, stored: string[] = []): Promise<string[]> {
  const count = entry.gallery ?? 0;
  const kept = stored.length === count && stored.every((url) => url.startsWith(MEDIA_URL_PREFIX));
  if (kept && (await Promise.all(stored.map((url) => isServed(mediaSvcUrl, url)))).every(Boolean)) return stored;
  const pictures = await Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const name = `${entry.username}-${i + 1}`;
      return { name, data: await drawDemoPicture(name, entry.category) };
    }),
  );
  return uploadDemoPictures(mediaSvcUrl, ownerId, 'gallery', pictures);
}

async function upsertSeller(
  em: MikroORM['em'],
  entry: SeedSeller,
  account: UserSummary,
  profileMedia: string[],
  existing: Seller | null,
): Promise<Seller> {
  const application = seedApplication(entry, profileMedia);
  const fields = {
    username: account.username,
    userAvatar: account.avatar,
    displayName: application.displayName,
    category: application.category,
    bio: application.bio,
    aboutMe: application.aboutMe,
    experience: application.experience,
    education: application.education,
    workHistory: application.workHistory,
    languages: application.languages,
    services: application.services,
    specialties: application.specialties,
    certifications: application.certifications ?? [],
    achievements: application.achievements ?? [],
    pricing: { audio: { price: entry.audio, currency: 'USD' as const }, video: { price: entry.video, currency: 'USD' as const } },
    acceptsCalls: application.acceptsCalls,
    callAvailability: application.callAvailability as Seller['callAvailability'],
    isBusy: entry.isBusy ?? false,
    availability: entry.isBusy ? ('busy' as const) : entry.offline ? ('offline' as const) : ('available' as const),
    timeZone: application.timeZone,
    responseTime: application.responseTime,
    workingHours: { ...DEFAULT_WORKING_HOURS, ...application.workingHours },
    socialMediaLinks: { website: `https://example.com/${entry.username}` },
    portfolioItems: entry.portfolioItems,
    testimonials: entry.testimonials,
    profileMedia: application.profileMedia ?? [],
    isVerified: entry.status === 'verified',
    verificationStatus: entry.status,
    rejectionReason: entry.rejectionReason ?? null,
    reviewedAt: entry.status === 'pending' ? null : new Date(),
    totalSessions: entry.sessions,
    // Sessions average about twenty minutes, two in three by audio.
    totalAudioCallTime: Math.round(entry.sessions * 0.66 * 20 * 60),
    totalVideoCallTime: Math.round(entry.sessions * 0.34 * 25 * 60),
  };
  if (existing) {
    Object.assign(existing, fields);
    return existing;
  }
  const created = em.create(Seller, { userId: account.id, ...fields });
  await em.flush();
  return created;
}

if (require.main === module) {
  seed().then(
    () => process.exit(0),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
