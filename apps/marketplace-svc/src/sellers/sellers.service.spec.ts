import { Test } from '@nestjs/testing';
import { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_WORKING_HOURS,
  ErrorCode,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_CATEGORY_LABELS,
  MarketplaceEvents,
  type ActorDto,
  type LocaleDto,
  type RegisterSellerRequestDto,
  type UpdateSellerRequestDto,
  type UserRole,
} from '@app/contracts';
import { ContentFilter, RpcClient } from '@app/server';
import { LocaleService } from '../locale/locale.service';
import { Review } from '../reviews/review.entity';
import { rankingScore } from './ranking';
import { Seller } from './seller.entity';
import { SellersRepository, type SellerFilter } from './sellers.repository';
import { SellersService } from './sellers.service';
import { fn, refusal, statementLog, type Fake } from '@app/testing/fakes';

// Who sees which seller, what an application and an edit store, and the moderators' decisions,
// over typed fakes of the sellers' repository, the content filter, the locale and NATS. The
// repository's statements are pinned below; the one-profile-per-account key and the rating
// figures run for real in tests/api/marketplace.int-spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
const OWNER = 20;
const actorOf = (role: UserRole, id = 11): ActorDto => ({ id, username: `${role}${id}`, avatar: null, role });
const moderator = actorOf('moderator', 90);

const sellerOf = (fields: Partial<Seller> = {}): Seller =>
  Object.assign(new Seller(), {
    id: 3,
    userId: OWNER,
    username: 'maya',
    displayName: 'Maya Career Coach',
    category: 'career',
    bio: 'Coach',
    isVerified: true,
    verificationStatus: 'verified',
    pricing: { audio: { price: 2, currency: 'USD' }, video: { price: 3, currency: 'USD' } },
    responseTime: 'within 1 hour',
    createdAt: NOW,
    updatedAt: NOW,
    ...fields,
  });

const application = (fields: Partial<RegisterSellerRequestDto> = {}): RegisterSellerRequestDto => ({
  user: { id: OWNER, username: 'maya', avatar: 'https://cdn.example.com/maya.png' },
  displayName: '  Maya Career Coach ',
  category: 'career',
  bio: ' Career coach. ',
  aboutMe: ' Ten years of hiring. ',
  experience: '10 years',
  education: 'MSc',
  workHistory: 'Recruiter',
  languages: ['English'],
  services: [' CV review '],
  specialties: ['Tech careers'],
  audioPricing: 25,
  videoPricing: 35,
  acceptsCalls: true,
  callAvailability: 'available',
  timeZone: 'UTC+05:30',
  responseTime: 'within 15 minutes',
  socialMediaLinks: { linkedin: ' https://www.linkedin.com/in/maya ', website: '  ' },
  agreeToTerms: true,
  agreeToCommission: true,
  ...fields,
});

async function build({ sellers = [sellerOf()], average = 0, reviews = { average: null as number | null, count: 0 }, byCategory = new Map<string, number>() } = {}) {
  const rows = [...sellers];
  const repository = {
    list: fn(async (..._args: [SellerFilter, number]) => rows),
    listedByCategory: fn(async () => byCategory),
    findById: fn(async (...[id]: [number]) => rows.find((s) => s.id === id) ?? null),
    findByUserId: fn(async (...[userId]: [number]) => rows.find((s) => s.userId === userId) ?? null),
    hasProfile: fn(async (...[userId]: [number]) => rows.some((s) => s.userId === userId)),
    insert: fn(async (...[data]: Parameters<SellersRepository['insert']>) => {
      const seller = Object.assign(new Seller(), { id: 40, createdAt: NOW, updatedAt: NOW }, data);
      rows.push(seller);
      return seller;
    }),
    edit: fn(async (...[by, edit]: Parameters<SellersRepository['edit']>) => {
      const found = rows.find((s) => ('id' in by ? s.id === by.id : s.userId === by.userId));
      if (!found) return null;
      const draft = Object.assign(new Seller(), found);
      await edit(draft);
      Object.assign(found, draft);
      return found;
    }),
    withStatus: fn(async (...[status]: [Seller['verificationStatus']]) => rows.filter((s) => s.verificationStatus === status)),
    copyAccount: fn(async () => undefined),
    allReviews: fn(async () => reviews),
    averageRating: fn(async () => average),
    reviewCount: fn(async () => 4),
  } satisfies Fake<SellersRepository>;
  const filter = { isOffensive: fn((...[text]: [string]) => /\bdarn\b/i.test(text)) } satisfies Fake<ContentFilter>;
  const inr: LocaleDto = { countryCode: 'IN', currency: 'INR', rate: 80 } as LocaleDto;
  const locale = { resolve: fn(async () => inr) } satisfies Fake<LocaleService>;
  const rpc = { emit: fn(async () => undefined) } satisfies Pick<Fake<RpcClient>, 'emit'>;
  const module = await Test.createTestingModule({
    providers: [
      SellersService,
      { provide: SellersRepository, useValue: repository },
      { provide: ContentFilter, useValue: filter },
      { provide: LocaleService, useValue: locale },
      { provide: RpcClient, useValue: rpc },
    ],
  }).compile();
  return { service: module.get(SellersService), repository, rows, rpc, locale };
}

describe('SellersService', () => {
  describe('who sees which seller', () => {
    it('lists only listed sellers to anyone, by rank, with the text trimmed and prices in the visitor\'s currency', async () => {
      const { service, repository } = await build();
      const [dto] = await service.list({ category: 'career', q: '  coach ', ip: '203.0.113.9' });
      expect(repository.list).toHaveBeenCalledWith({ listedOnly: true, userId: undefined, category: 'career', text: 'coach' }, 100);
      expect(dto.localPricing).toMatchObject({ audio: { currency: 'INR' } });
      expect((await service.list({})).every((seller) => seller.localPricing === undefined)).toBe(true);
    });

    it("shows one account's profile in any status to that account and moderators only", async () => {
      const { service, repository } = await build();
      await service.list({ userId: OWNER, viewer: actorOf('seller', OWNER) });
      await service.list({ userId: OWNER, viewer: moderator });
      await service.list({ userId: OWNER, viewer: actorOf('user') });
      await service.list({ userId: OWNER });
      expect(repository.list.mock.calls.map(([filter]) => filter.listedOnly)).toEqual([false, false, true, true]);
    });

    it('features the listed sellers, as many as asked', async () => {
      const { service, repository } = await build();
      await service.featured(4);
      expect(repository.list).toHaveBeenCalledWith({ listedOnly: true }, 4);
    });

    it('counts the listed sellers of every category, naming each, 0 for one without', async () => {
      const { service } = await build({ byCategory: new Map([['career', 2]]) });
      const counts = await service.countByCategory();
      expect(counts.map((c) => c.category)).toEqual([...MARKETPLACE_CATEGORIES]);
      expect(counts.find((c) => c.category === 'career')).toEqual({ category: 'career', label: MARKETPLACE_CATEGORY_LABELS.career, count: 2 });
      expect(counts.filter((c) => c.category !== 'career').every((c) => c.count === 0)).toBe(true);
    });

    it('hides an unverified seller, or one whose account is to be deleted, from all but its owner and moderators (404)', async () => {
      const { service } = await build({ sellers: [sellerOf({ isVerified: false, verificationStatus: 'pending' }), sellerOf({ id: 4, userId: 21, accountDeletionPending: true })] });
      for (const id of [3, 4]) {
        expect(await refusal(service.get(id, undefined, actorOf('user')))).toMatchObject({ status: 404, messageCode: { code: 'seller_not_found' } });
        expect(await refusal(service.get(id))).toMatchObject({ status: 404 });
        await expect(service.get(id, undefined, moderator)).resolves.toMatchObject({ id });
      }
      await expect(service.get(3, undefined, actorOf('seller', OWNER))).resolves.toMatchObject({ id: 3 });
      expect(await refusal(service.get(99, undefined, moderator))).toMatchObject({ status: 404 });
    });

    it("answers one's own profile, or 404 without one", async () => {
      const { service } = await build();
      await expect(service.getOwn(OWNER)).resolves.toMatchObject({ id: 3, rejectionReason: null });
      expect(await refusal(service.getOwn(11))).toMatchObject({ status: 404, messageCode: { code: 'seller_profile_not_found' } });
    });
  });

  describe('applying', () => {
    it('stores a pending profile, trimmed, ranked, with its links and the default hours, and tells everyone', async () => {
      const { service, repository, rpc } = await build({ sellers: [] });
      const profile = await service.register(application());
      const [data] = repository.insert.mock.calls[0];
      expect(data).toMatchObject({
        userId: OWNER,
        username: 'maya',
        userAvatar: 'https://cdn.example.com/maya.png',
        displayName: 'Maya Career Coach',
        bio: 'Career coach.',
        services: ['CV review'],
        pricing: { audio: { price: 25, currency: 'USD' }, video: { price: 35, currency: 'USD' } },
        availability: 'available',
        workingHours: DEFAULT_WORKING_HOURS,
        socialMediaLinks: { linkedin: 'https://www.linkedin.com/in/maya' },
        rankingScore: rankingScore({ averageRating: 0, reviewCount: 0, totalSessions: 0, responseTime: 'within 15 minutes' }),
      });
      expect(data.workingHours).not.toBe(DEFAULT_WORKING_HOURS);
      expect(profile).toMatchObject({ id: 40, displayName: 'Maya Career Coach' });
      expect(rpc.emit).toHaveBeenCalledWith(MarketplaceEvents.SellerUpdated, { sellerId: 40, userId: OWNER, displayName: 'Maya Career Coach', isVerified: false, verificationStatus: 'pending' });
    });

    it('shows a seller who does not take calls, or takes them later, as offline', async () => {
      const { service, repository } = await build({ sellers: [] });
      await service.register(application({ acceptsCalls: false }));
      await service.register(application({ user: { id: 21, username: 'omar' }, callAvailability: 'scheduled' }));
      expect(repository.insert.mock.calls.map(([data]) => data.availability)).toEqual(['offline', 'offline']);
    });

    it('refuses offensive words in the name and the bio, field by field (400)', async () => {
      const { service, repository } = await build({ sellers: [] });
      expect(await refusal(service.register(application({ displayName: 'Darn Coach', bio: 'darn good' })))).toMatchObject({
        status: 400,
        code: ErrorCode.ValidationFailed,
        fieldCodes: { displayName: [{ code: 'seller_display_name_words_not_allowed' }], bio: [{ code: 'seller_bio_words_not_allowed' }] },
      });
      expect(repository.insert).not.toHaveBeenCalled();
    });

    it('refuses a second application (409), and the one that lost a race to the first', async () => {
      const { service, repository, rpc } = await build();
      expect(await refusal(service.register(application()))).toMatchObject({ status: 409, messageCode: { code: 'seller_already_applied' } });
      expect(repository.insert).not.toHaveBeenCalled();
      const racing = await build({ sellers: [] });
      racing.repository.insert.mockResolvedValueOnce(null);
      expect(await refusal(racing.service.register(application()))).toMatchObject({ status: 409, messageCode: { code: 'seller_already_applied' } });
      expect(rpc.emit).not.toHaveBeenCalled();
    });
  });

  describe('editing', () => {
    const edit = (fields: Partial<UpdateSellerRequestDto> = {}): UpdateSellerRequestDto => ({ userId: OWNER, ...fields });

    it('changes only what is sent, trimmed, reranks from the exact average and tells everyone', async () => {
      const { service, repository, rows, rpc } = await build({ average: 4.5 });
      const profile = await service.update(edit({ bio: ' New bio ', services: [' Mock interviews '], pricing: { audio: { price: 5, currency: 'USD' }, video: { price: 6, currency: 'USD' } } }));
      expect(profile).toMatchObject({ bio: 'New bio', services: ['Mock interviews'], displayName: 'Maya Career Coach', pricing: { audio: { price: 5 } } });
      expect(repository.edit).toHaveBeenCalledWith({ userId: OWNER }, expect.any(Function));
      expect(repository.averageRating).toHaveBeenCalledWith(3);
      expect(rows[0].rankingScore).toBe(rankingScore({ averageRating: 4.5, reviewCount: 0, totalSessions: 0, responseTime: 'within 1 hour' }));
      expect(rpc.emit).toHaveBeenCalledWith(MarketplaceEvents.SellerUpdated, expect.objectContaining({ sellerId: 3 }));
    });

    it('sends a rejected seller who edits back to the moderators', async () => {
      const { service, rows } = await build({ sellers: [sellerOf({ isVerified: false, verificationStatus: 'rejected', rejectionReason: 'Too short' })] });
      await service.update(edit({ aboutMe: 'Longer now.' }));
      expect(rows[0]).toMatchObject({ verificationStatus: 'pending', rejectionReason: null });
    });

    it('follows what the seller sets for calls: not taking them is offline', async () => {
      const { service, rows } = await build({ sellers: [sellerOf({ acceptsCalls: true, callAvailability: 'available', availability: 'available' })] });
      await service.update(edit({ callAvailability: 'busy' }));
      expect(rows[0].availability).toBe('busy');
      await service.update(edit({ acceptsCalls: false }));
      expect(rows[0].availability).toBe('offline');
    });

    it("refuses someone else's profile (403), a profile nobody has (404) and offensive words (400), writing nothing", async () => {
      const { service, rows, rpc } = await build();
      expect(await refusal(service.update(edit({ userId: 11, sellerId: 3, bio: 'Mine now' })))).toMatchObject({ status: 403, messageCode: { code: 'seller_not_owner' } });
      expect(await refusal(service.update(edit({ sellerId: 99 })))).toMatchObject({ status: 404, messageCode: { code: 'seller_not_found' } });
      expect(await refusal(service.update(edit({ userId: 11 })))).toMatchObject({ status: 404, messageCode: { code: 'seller_profile_not_found' } });
      expect(await refusal(service.update(edit({ displayName: 'Darn' })))).toMatchObject({ status: 400, fieldCodes: { displayName: [{ code: 'seller_display_name_words_not_allowed' }] } });
      expect(rows[0]).toMatchObject({ bio: 'Coach', displayName: 'Maya Career Coach' });
      expect(rpc.emit).not.toHaveBeenCalled();
    });
  });

  describe("moderators' decisions", () => {
    it('lists applications of a status to moderators only (403)', async () => {
      const { service, repository } = await build({ sellers: [sellerOf({ verificationStatus: 'pending', isVerified: false })] });
      expect(await service.applications(moderator)).toHaveLength(1);
      expect(repository.withStatus).toHaveBeenCalledWith('pending');
      expect(await refusal(service.applications(actorOf('seller')))).toMatchObject({ status: 403, messageCode: { code: 'seller_moderators_only' } });
    });

    it('verifies an application, noting who and when, and tells the seller and everyone', async () => {
      const { service, rows, rpc } = await build({ sellers: [sellerOf({ verificationStatus: 'pending', isVerified: false })] });
      const profile = await service.verify(3, moderator);
      expect(rows[0]).toMatchObject({ verificationStatus: 'verified', isVerified: true, rejectionReason: null, reviewedBy: 90 });
      expect(rpc.emit).toHaveBeenCalledWith(MarketplaceEvents.SellerUpdated, expect.objectContaining({ sellerId: 3, isVerified: true }));
      expect(rpc.emit).toHaveBeenCalledWith(MarketplaceEvents.ApplicationDecided, { sellerId: 3, userId: OWNER, status: 'verified', reason: null, decidedAt: profile.reviewedAt });
    });

    it('rejects with the reason trimmed; refuses non-moderators (403) and unknown sellers (404)', async () => {
      const { service, rows, rpc } = await build({ sellers: [sellerOf({ verificationStatus: 'pending', isVerified: false })] });
      expect(await refusal(service.reject(3, actorOf('user'), 'no'))).toMatchObject({ status: 403 });
      expect(await refusal(service.verify(99, moderator))).toMatchObject({ status: 404, messageCode: { code: 'seller_not_found' } });
      expect(rpc.emit).not.toHaveBeenCalled();
      await service.reject(3, moderator, '  Add your experience.  ');
      expect(rows[0]).toMatchObject({ verificationStatus: 'rejected', isVerified: false, rejectionReason: 'Add your experience.' });
      expect(rpc.emit).toHaveBeenCalledWith(MarketplaceEvents.ApplicationDecided, expect.objectContaining({ status: 'rejected', reason: 'Add your experience.' }));
    });
  });

  describe('figures', () => {
    it('answers the rating of every review rounded, 0 without reviews', async () => {
      expect(await (await build()).service.ratingStats()).toEqual({ rating: 0, reviewCount: 0 });
      expect(await (await build({ reviews: { average: 4.26, count: 7 } })).service.ratingStats()).toEqual({ rating: 4.3, reviewCount: 7 });
    });

    it("recomputes a seller's rating, count and rank in the review's transaction", async () => {
      const { service, repository } = await build({ average: 4.26 });
      const tx = {} as EntityManager;
      const seller = sellerOf();
      await service.refreshRating(tx, seller);
      expect(repository.averageRating).toHaveBeenCalledWith(3, tx);
      expect(repository.reviewCount).toHaveBeenCalledWith(3, tx);
      expect(seller).toMatchObject({ rating: 4.3, reviewCount: 4, rankingScore: rankingScore({ averageRating: 4.26, reviewCount: 4, totalSessions: 0, responseTime: 'within 1 hour' }) });
    });

    it("counts a connected call as a session of its kind, in the call's transaction", async () => {
      const { service, repository } = await build({ average: 5 });
      const tx = {} as EntityManager;
      const seller = sellerOf({ totalSessions: 2, totalAudioCallTime: 60, totalVideoCallTime: 0 });
      await service.recordCall(tx, seller, 'video', 90);
      expect(seller).toMatchObject({ totalSessions: 3, totalAudioCallTime: 60, totalVideoCallTime: 90 });
      expect(repository.averageRating).toHaveBeenCalledWith(3, tx);
      expect(seller.rankingScore).toBe(rankingScore({ averageRating: 5, reviewCount: 0, totalSessions: 3, responseTime: 'within 1 hour' }));
    });

    it("keeps the account's name and picture, and its pending deletion only when told", async () => {
      const { service, repository } = await build();
      await service.onUserUpdated({ id: OWNER, username: 'maya2', avatar: null } as never);
      await service.onUserUpdated({ id: OWNER, username: 'maya2', avatar: null, deletionPending: true } as never);
      expect(repository.copyAccount.mock.calls).toEqual([
        [OWNER, { username: 'maya2', userAvatar: null }],
        [OWNER, { username: 'maya2', userAvatar: null, accountDeletionPending: true }],
      ]);
    });
  });
});

describe('SellersRepository', () => {
  it('lists the listed sellers, the search text escaped for ILIKE', async () => {
    const find = jest.fn(async () => []);
    const repository = new SellersRepository({ fork: () => ({ find }) } as unknown as EntityManager);
    await repository.list({ listedOnly: true, category: 'career', text: '50%_off\\' }, 100);
    await repository.list({ listedOnly: false, userId: OWNER }, 100);
    expect(find.mock.calls).toEqual([
      [
        Seller,
        { isVerified: true, accountDeletionPending: false, category: 'career', $or: [{ displayName: { $ilike: '%50\\%\\_off\\\\%' } }, { category: { $ilike: '%50\\%\\_off\\\\%' } }] },
        { orderBy: { rankingScore: 'desc', id: 'asc' }, limit: 100 },
      ],
      [Seller, { userId: OWNER }, { orderBy: { rankingScore: 'desc', id: 'asc' }, limit: 100 }],
    ]);
  });

  it('counts the listed sellers by category in one statement', async () => {
    const { em, statements } = statementLog([[{ category: 'career', count: '2' }]]);
    expect(await new SellersRepository(em as unknown as EntityManager).listedByCategory()).toEqual(new Map([['career', 2]]));
    expect(statements).toEqual([{ sql: 'select "category", count(*) as "count" from "sellers" where "is_verified" and not "account_deletion_pending" group by "category"', params: [] }]);
  });

  it('reads the average of every review, and of one seller in the transaction given', async () => {
    const { em, statements } = statementLog([[{ average: '4.25', count: '8' }], [{ average: null }], [{ average: '3.5' }]]);
    const repository = new SellersRepository(em as unknown as EntityManager);
    expect(await repository.allReviews()).toEqual({ average: 4.25, count: 8 });
    expect(await repository.averageRating(3)).toBe(0);
    const tx = statementLog([[{ average: '3.5' }]]);
    expect(await repository.averageRating(3, tx.em as unknown as EntityManager)).toBe(3.5);
    expect(statements).toEqual([
      { sql: 'select avg("rating") as "average", count(*) as "count" from "reviews"', params: [] },
      { sql: 'select avg("rating") as "average" from "reviews" where "seller_id" = ?', params: [3] },
    ]);
    expect(tx.statements).toEqual([{ sql: 'select avg("rating") as "average" from "reviews" where "seller_id" = ?', params: [3] }]);
  });

  it('counts the reviews in the transaction given', async () => {
    const count = jest.fn(async () => 4);
    expect(await new SellersRepository({} as EntityManager).reviewCount(3, { count } as unknown as EntityManager)).toBe(4);
    expect(count).toHaveBeenCalledWith(Review, { sellerId: 3 });
  });
});
