import 'reflect-metadata';
import { Controller, INestMicroservice, Module } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { ChatPatterns, MarketplaceEvents, MarketplacePatterns, SellerMessages, ServiceName, type SellerUpdatedEvent, type UserDto, type UserRole } from '@app/contracts';
import { createRedis, RpcClient } from '@app/server';
import { freePort, startTestInfra, waitFor, sellerApplication as application, type TestInfra } from '@app/testing';
import { createServer, type Server } from 'node:http';
// The marketplace is tested as a browser meets it: through the gateway's HTTP API.
import { AppModule } from '@app/marketplace-svc/src/app.module';
import { MarketplaceEnv } from '@app/marketplace-svc/src/config/marketplace-env';
import { FxRateService } from '@app/marketplace-svc/src/locale/fx-rate.service';
import { apiClient, fakeSessions, prepareGateway, startService, type ApiResponse, type GatewayInProcess } from './support/gateway-harness';

/** Accounts and marketplace conversations as auth-svc and chat-svc would answer for them. */
const sessions = fakeSessions();
const conversations = new Set<string>();
const sellerEvents: SellerUpdatedEvent[] = [];
let chatAnswers = true;

@Controller()
class AccountsStub {
  @EventPattern(MarketplaceEvents.SellerUpdated)
  updated(@Payload() event: SellerUpdatedEvent) {
    sellerEvents.push(event);
  }
}

@Controller()
class ChatStub {
  @MessagePattern(ChatPatterns.HasConversation)
  exists(@Payload() data: { userA: number; userB: number }) {
    if (!chatAnswers) return new Promise(() => undefined);
    return { exists: conversations.has(pairKey(data.userA, data.userB)) };
  }
}

@Module({ imports: [sessions.responder], controllers: [AccountsStub] })
class AccountsStubModule {}
@Module({ controllers: [ChatStub] })
class ChatStubModule {}

const pairKey = (a: number, b: number) => [a, b].sort((x, y) => x - y).join(':');
const INDIAN_IP = '49.36.0.1';
const US_IP = '8.8.8.8';
const PROVIDER_RATE = 83.25;

let infra: TestInfra;
let marketplace: INestMicroservice;
let stubs: INestMicroservice[];
let gateway: GatewayInProcess;
let fxServer: Server;
let request: ReturnType<typeof apiClient>;

function signIn(role: UserRole, username?: string): UserDto & { token: string } {
  const { user, token } = sessions.signIn(role, username);
  return { ...user, token };
}

interface CallOptions {
  token?: string;
  body?: unknown;
  ip?: string;
}

function call(method: string, path: string, { token, body, ip }: CallOptions = {}): Promise<ApiResponse> {
  return request(method, `/api${path}`, { cookie: token ? `sid=${token}` : undefined, body, headers: ip ? { 'x-forwarded-for': ip } : {} });
}

/** A user applies and a moderator verifies them; answers the seller's id. */
async function verifiedSeller(overrides: Record<string, unknown> = {}, moderator = signIn('moderator')) {
  const owner = signIn('user');
  const applied = await call('POST', '/sellers/register', { token: owner.token, body: application(overrides) });
  expect(applied.status).toBe(201);
  const verified = await call('POST', `/sellers/${applied.body.id}/verify`, { token: moderator.token });
  expect(verified.status).toBe(200);
  return { owner, seller: applied.body };
}

beforeAll(async () => {
  infra = await startTestInfra();
  fxServer = createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ date: '2026-01-01', usd: { inr: PROVIDER_RATE } }));
  });
  const fxPort = await freePort();
  await new Promise<void>((resolve) => fxServer.listen(fxPort, '127.0.0.1', resolve));
  gateway = await prepareGateway(infra, {
    MARKETPLACE_DATABASE_URL: infra.databaseUrl('marketplace'),
    FX_RATE_URL: `http://127.0.0.1:${fxPort}/usd.json`,
    TRUST_PROXY_HOPS: '1',
    LOG_LEVEL: 'silent',
  });
  request = apiClient(gateway.baseUrl, gateway.origin);

  marketplace = await startService(AppModule, ServiceName.Marketplace, infra.natsUrl);
  stubs = await Promise.all([
    startService(AccountsStubModule, ServiceName.Auth, infra.natsUrl),
    startService(ChatStubModule, ServiceName.Chat, infra.natsUrl),
  ]);
  await gateway.listen();
}, 60_000);

afterAll(async () => {
  await gateway?.close();
  await Promise.all((stubs ?? []).map((app) => app.close()));
  await marketplace?.close();
  await new Promise((resolve) => fxServer?.close(resolve));
  await infra?.stop();
});

describe('seller application', () => {
  it('answers every message of the registration table for an empty form', async () => {
    const user = signIn('user');
    const { status, body } = await call('POST', '/sellers/register', { token: user.token, body: {} });
    expect(status).toBe(400);
    expect(body.fields).toMatchObject({
      displayName: [SellerMessages.displayNameMin],
      category: [SellerMessages.category],
      bio: [SellerMessages.bioMin],
      aboutMe: [SellerMessages.aboutMeMin],
      experience: [SellerMessages.experience],
      education: [SellerMessages.education],
      workHistory: [SellerMessages.workHistory],
      languages: [SellerMessages.languages],
      services: [SellerMessages.services],
      specialties: [SellerMessages.specialties],
      audioPricing: [SellerMessages.audioPricingMin],
      videoPricing: [SellerMessages.videoPricingMin],
      timeZone: [SellerMessages.timeZone],
      responseTime: [SellerMessages.responseTime],
      agreeToTerms: [SellerMessages.agreeToTerms],
      agreeToCommission: [SellerMessages.agreeToCommission],
    });
    expect(body.fields.displayName).toEqual(['Display name must be at least 2 characters']);
    expect(body.fields.agreeToCommission).toEqual(['You must agree to commission structure']);
    expect(body.fieldCodes).toMatchObject({
      displayName: [{ code: 'seller_display_name_too_short' }],
      category: [{ code: 'seller_category_required' }],
      audioPricing: [{ code: 'seller_audio_price_too_low' }],
      agreeToCommission: [{ code: 'seller_commission_required' }],
    });
  });

  it('answers the messages of working hours, links, portfolio items, testimonials and price bounds', async () => {
    const user = signIn('user');
    const { status, body } = await call('POST', '/sellers/register', {
      token: user.token,
      body: application({
        displayName: 'x'.repeat(51),
        bio: 'Too short a bio',
        audioPricing: 4.99,
        videoPricing: 1000.01,
        workingHours: { start: '', end: '', days: [] },
        socialMediaLinks: { website: 'not a url', instagram: '' },
        portfolioItems: [{ title: ' ', description: 'short' }],
        testimonials: [{ clientName: '', review: 'Too short', rating: 6 }],
        agreeToTerms: false,
        agreeToCommission: false,
      }),
    });
    expect(status).toBe(400);
    expect(body.fields).toEqual({
      displayName: ['Display name must be at most 50 characters'],
      bio: ['Bio must be at least 50 characters'],
      audioPricing: ['Audio pricing must be at least $5'],
      videoPricing: ['Video pricing must be at most $1000'],
      'workingHours.start': ['Start time is required'],
      'workingHours.end': ['End time is required'],
      'workingHours.days': ['At least one working day is required'],
      'socialMediaLinks.website': ['Please enter a valid URL'],
      'portfolioItems.0.title': ['Title is required'],
      'portfolioItems.0.description': ['Description must be at least 10 characters'],
      'testimonials.0.clientName': ['Client name is required'],
      'testimonials.0.review': ['Review must be at least 20 characters'],
      'testimonials.0.rating': ['Rating must be between 1 and 5'],
      agreeToTerms: ['You must agree to terms and conditions'],
      agreeToCommission: ['You must agree to commission structure'],
    });
    expect(body.fieldCodes).toMatchObject({
      'workingHours.start': [{ code: 'seller_start_time_required' }],
      'socialMediaLinks.website': [{ code: 'seller_link_invalid' }],
      'portfolioItems.0.description': [{ code: 'seller_portfolio_description_too_short' }],
      'testimonials.0.rating': [{ code: 'review_rating' }],
    });
  });

  it('takes prices in steps of a cent and bounds audio at $500 and video at $10', async () => {
    const user = signIn('user');
    const { body } = await call('POST', '/sellers/register', {
      token: user.token,
      body: application({ audioPricing: 500.01, videoPricing: 9.99 }),
    });
    expect(body.fields).toEqual({ audioPricing: ['Audio pricing must be at most $500'], videoPricing: ['Video pricing must be at least $10'] });
    const step = await call('POST', '/sellers/register', { token: user.token, body: application({ audioPricing: 5.005 }) });
    expect(step.body.fields).toEqual({ audioPricing: ['Prices go in steps of $0.01'] });
  });

  it('needs a signed-in account', async () => {
    const { status } = await call('POST', '/sellers/register', { body: application() });
    expect(status).toBe(401);
  });

  it('makes the user an unverified seller, tells the accounts service, and refuses a second application', async () => {
    const user = signIn('user');
    const { status, body } = await call('POST', '/sellers/register', { token: user.token, body: application({ audioPricing: 12.5 }) });
    expect(status).toBe(201);
    expect(body).toMatchObject({
      userId: user.id,
      isVerified: false,
      verificationStatus: 'pending',
      rejectionReason: null,
      pricing: { audio: { price: 12.5, currency: 'USD' }, video: { price: 35, currency: 'USD' } },
      user: { id: user.id, username: user.username },
    });

    // The accounts service hears of a pending application, which gives no seller role.
    await waitFor(() => sellerEvents.some((e) => e.userId === user.id && e.sellerId === body.id));
    expect(sellerEvents.find((e) => e.sellerId === body.id)).toMatchObject({ isVerified: false, verificationStatus: 'pending' });

    const again = await call('POST', '/sellers/register', { token: user.token, body: application() });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already applied to become a seller');
    expect(again.body.messageCode).toEqual({ code: 'seller_already_applied' });
  });

  it('shows an application only to its applicant and moderators until it is verified', async () => {
    const applicant = signIn('user');
    const { body: applied } = await call('POST', '/sellers/register', { token: applicant.token, body: application({ displayName: 'Private Pat' }) });
    const stranger = signIn('vip');
    const moderator = signIn('moderator');
    const byUser = `/sellers?userId=${applicant.id}`;

    for (const token of [undefined, stranger.token]) {
      expect((await call('GET', byUser, { token })).body).toEqual([]);
      expect(await call('GET', `/sellers/${applied.id}`, { token })).toMatchObject({ status: 404, body: { message: 'Seller not found' } });
    }
    for (const token of [applicant.token, moderator.token]) {
      expect((await call('GET', byUser, { token })).body).toEqual([expect.objectContaining({ id: applied.id, verificationStatus: 'pending' })]);
      const seen = await call('GET', `/sellers/${applied.id}`, { token });
      expect(seen.status).toBe(200);
      expect(seen.body).not.toHaveProperty('rejectionReason');
    }

    await call('POST', `/sellers/${applied.id}/reject`, { token: moderator.token, body: { reason: 'Tell us more about your work' } });
    expect((await call('GET', byUser, { token: stranger.token })).body).toEqual([]);
    expect((await call('GET', byUser, { token: applicant.token })).body).toEqual([expect.objectContaining({ verificationStatus: 'rejected' })]);

    await call('POST', `/sellers/${applied.id}/verify`, { token: moderator.token });
    expect((await call('GET', byUser)).body).toEqual([expect.objectContaining({ id: applied.id, verificationStatus: 'verified' })]);
    expect((await call('GET', `/sellers/${applied.id}`)).status).toBe(200);
  });
});

describe('moderation', () => {
  it('lets only moderators list, verify and reject applications, and shows the seller the outcome', async () => {
    const owner = signIn('user');
    const { body: applied } = await call('POST', '/sellers/register', { token: owner.token, body: application({ displayName: 'Pending Pat' }) });
    const moderator = signIn('moderator');
    const someone = signIn('vip');

    expect((await call('GET', '/sellers/applications', { token: someone.token })).status).toBe(403);
    expect((await call('POST', `/sellers/${applied.id}/verify`, { token: someone.token })).status).toBe(403);
    expect((await call('POST', `/sellers/${applied.id}/verify`, { token: owner.token })).status).toBe(403);

    const pending = await call('GET', '/sellers/applications?status=pending', { token: moderator.token });
    expect(pending.status).toBe(200);
    expect(pending.body.map((s: { id: number }) => s.id)).toContain(applied.id);
    expect((await call('GET', '/sellers')).body.map((s: { id: number }) => s.id)).not.toContain(applied.id);

    const rejected = await call('POST', `/sellers/${applied.id}/reject`, { token: moderator.token, body: { reason: 'Please describe your education' } });
    expect(rejected.status).toBe(200);
    const seen = await call('GET', '/sellers/profile/me', { token: owner.token });
    expect(seen.body).toMatchObject({ verificationStatus: 'rejected', isVerified: false, rejectionReason: 'Please describe your education' });

    const noReason = await call('POST', `/sellers/${applied.id}/reject`, { token: moderator.token, body: { reason: '' } });
    expect(noReason.status).toBe(400);
    expect(noReason.body.fields).toEqual({ reason: ['A reason is required'] });
    expect(noReason.body.fieldCodes).toEqual({ reason: [{ code: 'seller_rejection_reason_required' }] });

    // Editing after a rejection sends the profile back to the moderators.
    await call('PATCH', '/sellers/profile/me', { token: owner.token, body: { education: 'BA Psychology, University of Delhi' } });
    expect((await call('GET', '/sellers/profile/me', { token: owner.token })).body.verificationStatus).toBe('pending');

    const verified = await call('POST', `/sellers/${applied.id}/verify`, { token: moderator.token });
    expect(verified.body).toMatchObject({ isVerified: true, verificationStatus: 'verified', rejectionReason: null });
    expect((await call('GET', '/sellers/profile/me', { token: owner.token })).body.isVerified).toBe(true);
    expect((await call('GET', '/sellers')).body.map((s: { id: number }) => s.id)).toContain(applied.id);

    expect((await call('POST', '/sellers/999999/verify', { token: moderator.token })).status).toBe(404);
  });

  it("refuses a moderator's decision from anyone else even when the request reaches the service directly", async () => {
    const owner = signIn('user');
    const { body: applied } = await call('POST', '/sellers/register', { token: owner.token, body: application({ displayName: 'Direct Dana' }) });
    const rpc = gateway.app!.get(RpcClient);
    const actor = { id: owner.id, username: owner.username, avatar: null, role: 'vip' as const };
    for (const [pattern, payload] of [
      [MarketplacePatterns.Verify, { sellerId: applied.id, actor }],
      [MarketplacePatterns.Reject, { sellerId: applied.id, actor, reason: 'No' }],
      [MarketplacePatterns.ListApplications, { actor }],
    ] as const) {
      await expect(rpc.request(pattern, payload)).rejects.toMatchObject({ body: { status: 403, message: 'Only moderators review seller applications' } });
    }
    expect((await call('GET', '/sellers/profile/me', { token: owner.token })).body.verificationStatus).toBe('pending');
  });
});

describe('profile editor', () => {
  it('shows buyers the availability the seller sets in the editor, and calls follow it', async () => {
    const { owner, seller } = await verifiedSeller({ displayName: 'Status Sam' });
    const statusAfter = async (body: Record<string, unknown>) => {
      expect((await call('PATCH', '/sellers/profile/me', { token: owner.token, body })).status).toBe(200);
      return (await call('GET', `/sellers/${seller.id}`)).body.availability;
    };
    expect(await statusAfter({ callAvailability: 'busy' })).toBe('busy');
    expect(await statusAfter({ callAvailability: 'available' })).toBe('available');
    expect(await statusAfter({ callAvailability: 'offline' })).toBe('offline');
    expect(await statusAfter({ callAvailability: 'available', acceptsCalls: false })).toBe('offline');
    expect(await statusAfter({ acceptsCalls: true })).toBe('available');
  });

  it("saves the owner's changes, validates them, and refuses anyone else", async () => {
    const { owner, seller } = await verifiedSeller({ displayName: 'Editable Eve' });
    const saved = await call('PATCH', '/sellers/profile/me', {
      token: owner.token,
      body: {
        pricing: { audio: { price: 30, currency: 'USD' }, video: { price: 45.5, currency: 'USD' } },
        specialties: ['Negotiation', 'Remote work'],
        socialMediaLinks: { twitter: 'https://twitter.com/eve', website: '' },
        availability: 'busy',
      },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      pricing: { audio: { price: 30, currency: 'USD' }, video: { price: 45.5, currency: 'USD' } },
      specialties: ['Negotiation', 'Remote work'],
      socialMediaLinks: { twitter: 'https://twitter.com/eve' },
      displayName: 'Editable Eve',
      isVerified: true,
    });

    const invalid = await call('PATCH', '/sellers/profile/me', {
      token: owner.token,
      body: { bio: 'short', pricing: { audio: { price: 1, currency: 'USD' }, video: { price: 45, currency: 'EUR' } }, displayName: null },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.fields).toMatchObject({
      bio: [SellerMessages.bioMin],
      displayName: [SellerMessages.displayNameMin],
      'pricing.audio.price': [SellerMessages.audioPricingMin],
      'pricing.video.currency': ['Prices are kept in USD'],
    });
    expect(invalid.body.fieldCodes).toMatchObject({
      bio: [{ code: 'seller_bio_too_short' }],
      'pricing.video.currency': [{ code: 'seller_price_currency' }],
    });

    const stranger = signIn('seller');
    const byId = await call('PATCH', `/sellers/${seller.id}`, { token: stranger.token, body: { displayName: 'Hijacked' } });
    expect(byId.status).toBe(403);
    const noProfile = await call('PATCH', '/sellers/profile/me', { token: stranger.token, body: { displayName: 'Nobody' } });
    expect(noProfile.status).toBe(404);
    // Never having applied is an answer, not an error: the profile, wizard and editor pages ask.
    expect(await call('GET', '/sellers/profile/me', { token: stranger.token })).toMatchObject({ status: 200, body: null });
    expect((await call('GET', `/sellers/${seller.id}`)).body.displayName).toBe('Editable Eve');
  });
});

describe('reviews', () => {
  it('lets a buyer who had a conversation leave one review, change it, and moves the rating', async () => {
    const { owner, seller } = await verifiedSeller({ displayName: 'Reviewed Rita' });
    const buyer = signIn('user');
    const other = signIn('vip');

    const noChat = await call('POST', `/sellers/${seller.id}/reviews`, { token: buyer.token, body: { rating: 5, comment: 'Great' } });
    expect(noChat.status).toBe(403);

    conversations.add(pairKey(buyer.id, owner.id));
    conversations.add(pairKey(other.id, owner.id));
    const own = await call('POST', `/sellers/${seller.id}/reviews`, { token: owner.token, body: { rating: 5 } });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe('You cannot review yourself');

    const bad = await call('POST', `/sellers/${seller.id}/reviews`, { token: buyer.token, body: { rating: 0 } });
    expect(bad.status).toBe(400);
    expect(bad.body.fields.rating).toEqual(['Rating must be between 1 and 5']);
    expect(bad.body.fieldCodes).toEqual({ rating: [{ code: 'review_rating' }] });

    const first = await call('POST', `/sellers/${seller.id}/reviews`, { token: buyer.token, body: { rating: 2, comment: 'Late to the call' } });
    expect(first.status).toBe(200);
    const changed = await call('POST', `/sellers/${seller.id}/reviews`, { token: buyer.token, body: { rating: 4, comment: 'Made up for it' } });
    expect(changed.body.id).toBe(first.body.id);
    await call('POST', `/sellers/${seller.id}/reviews`, { token: other.token, body: { rating: 5, comment: 'Excellent advice' } });

    const reviews = await call('GET', `/sellers/${seller.id}/reviews`);
    expect(reviews.body).toHaveLength(2);
    expect(reviews.body.map((r: { comment: string }) => r.comment).sort()).toEqual(['Excellent advice', 'Made up for it']);
    expect(reviews.body[0]).toMatchObject({ buyer: { id: other.id, username: other.username } });

    const rated = await call('GET', `/sellers/${seller.id}`);
    expect(rated.body).toMatchObject({ rating: 4.5, reviewCount: 2 });
    expect(rated.body.rankingScore).toBeGreaterThan(seller.rankingScore);
  });

  it('refuses guests and answers 503 while conversations cannot be checked', async () => {
    const { owner, seller } = await verifiedSeller({ displayName: 'Offline Otto' });
    const guest = signIn('guest');
    expect((await call('POST', `/sellers/${seller.id}/reviews`, { token: guest.token, body: { rating: 5 } })).status).toBe(403);

    const buyer = signIn('user');
    conversations.add(pairKey(buyer.id, owner.id));
    chatAnswers = false;
    try {
      const answer = await call('POST', `/sellers/${seller.id}/reviews`, { token: buyer.token, body: { rating: 5 } });
      expect(answer.status).toBe(503);
    } finally {
      chatAnswers = true;
    }
    expect((await call('GET', '/sellers/424242/reviews')).status).toBe(404);
  });
});

describe('browsing', () => {
  it('finds sellers by name or category case-insensitively and filters by category', async () => {
    const moderator = signIn('moderator');
    const { seller: dating } = await verifiedSeller({ displayName: 'Zed Romance Guide', category: 'dating' }, moderator);
    const { seller: fun } = await verifiedSeller({ displayName: 'Quizmaster Zed', category: 'fun' }, moderator);

    const byName = await call('GET', '/sellers?q=zED');
    expect(byName.body.map((s: { id: number }) => s.id).sort()).toEqual([dating.id, fun.id].sort());
    const byCategory = await call('GET', '/sellers?q=DATING');
    expect(byCategory.body.map((s: { id: number }) => s.id)).toContain(dating.id);
    expect(byCategory.body.every((s: { category: string }) => s.category === 'dating')).toBe(true);
    const filtered = await call('GET', '/sellers?category=fun');
    expect(filtered.body.map((s: { id: number }) => s.id)).toEqual([fun.id]);
    const wildcard = await call('GET', '/sellers?q=%25');
    expect(wildcard.body).toEqual([]);

    const mine = await call('GET', `/sellers?userId=${dating.userId}`);
    expect(mine.body.map((s: { id: number }) => s.id)).toEqual([dating.id]);

    const categories = await call('GET', '/sellers/categories');
    expect(categories.body.find((c: { category: string }) => c.category === 'fun')).toEqual({ category: 'fun', label: 'Fun & Entertainment', count: 1 });
    expect(categories.body).toHaveLength(5);

    const featured = await call('GET', '/sellers/featured?limit=3');
    expect(featured.body.length).toBeLessThanOrEqual(3);
    expect(featured.body.every((s: { isVerified: boolean }) => s.isVerified)).toBe(true);
    const scores = featured.body.map((s: { rankingScore: number }) => s.rankingScore);
    expect(scores).toEqual([...scores].sort((a: number, b: number) => b - a));
  });

  it('answers 404 "Seller not found" for unknown or malformed ids', async () => {
    for (const id of ['987654', 'abc', '0']) {
      const { status, body } = await call('GET', `/sellers/${id}`);
      expect(status).toBe(404);
      expect(body.message).toBe('Seller not found');
    }
  });
});

describe('country and currency', () => {
  it('shows a buyer in India rupees at the provider rate, rounded, and others dollars', async () => {
    const india = await call('GET', '/locale', { ip: INDIAN_IP });
    expect(india.body).toEqual({ countryCode: 'IN', countryName: 'India', currency: 'INR', rate: PROVIDER_RATE, symbol: '₹' });
    const us = await call('GET', '/locale', { ip: US_IP });
    expect(us.body).toEqual({ countryCode: 'US', countryName: 'United States', currency: 'USD', rate: 1, symbol: '$' });
    const loopback = await call('GET', '/locale');
    expect(loopback.body.countryCode).toBe('US');

    const { seller } = await verifiedSeller({ displayName: 'Rupee Rani', audioPricing: 25.5, videoPricing: 40 });
    const inIndia = await call('GET', `/sellers/${seller.id}`, { ip: INDIAN_IP });
    expect(inIndia.body.localPricing).toEqual({
      audio: { price: Math.round(25.5 * PROVIDER_RATE), currency: 'INR', symbol: '₹' },
      video: { price: Math.round(40 * PROVIDER_RATE), currency: 'INR', symbol: '₹' },
    });
    expect(inIndia.body.pricing.audio).toEqual({ price: 25.5, currency: 'USD' });
    const inUs = await call('GET', `/sellers?q=Rupee`, { ip: US_IP });
    expect(inUs.body[0].localPricing.audio).toEqual({ price: 25.5, currency: 'USD', symbol: '$' });
  });
});

describe('USD-INR rate provider', () => {
  async function rateFrom(handler: (res: import('node:http').ServerResponse) => void) {
    let asked = 0;
    const provider = createServer((_req, res) => {
      asked++;
      handler(res);
    });
    const port = await freePort();
    await new Promise<void>((resolve) => provider.listen(port, '127.0.0.1', resolve));
    const redis = createRedis(infra.redisUrl);
    try {
      await redis.del('marketplace:fx:usd-inr');
      const fx = new FxRateService(redis, Object.assign(new MarketplaceEnv(), { FX_RATE_URL: `http://127.0.0.1:${port}/rates` }));
      const rates = [await fx.usdToInr(), await fx.usdToInr()];
      return { rates, asked };
    } finally {
      await redis.del('marketplace:fx:usd-inr');
      redis.disconnect();
      provider.closeAllConnections();
      await new Promise((resolve) => provider.close(resolve));
    }
  }

  it('asks the provider once and keeps the rate', async () => {
    const { rates, asked } = await rateFrom((res) => res.end(JSON.stringify({ rates: { INR: 84.1 } })));
    expect(rates).toEqual([84.1, 84.1]);
    expect(asked).toBe(1);
  });

  it('falls back to 85.84 when the provider fails or answers nonsense', async () => {
    expect((await rateFrom((res) => res.writeHead(500).end())).rates).toEqual([85.84, 85.84]);
    expect((await rateFrom((res) => res.end('{"usd":{"inr":"cheap"}}'))).rates).toEqual([85.84, 85.84]);
  });

  it('gives up on a provider that does not answer within 3 seconds', async () => {
    const started = Date.now();
    const { rates } = await rateFrom(() => undefined);
    expect(rates[0]).toBe(85.84);
    expect(Date.now() - started).toBeLessThan(4500);
  });
});
