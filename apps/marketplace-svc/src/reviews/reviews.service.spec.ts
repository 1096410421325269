import { Test } from '@nestjs/testing';
import { ChatPatterns, ErrorCode, ReviewMessages, type UpsertReviewRequestDto } from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { Seller } from '../sellers/seller.entity';
import { SellersService } from '../sellers/sellers.service';
import { Review } from './review.entity';
import { ReviewsRepository, type RatingRefresh, type ReviewInput } from './reviews.repository';
import { ReviewsService } from './reviews.service';
import { fn, refusal, type Fake } from '@app/testing/fakes';

// Who may review a seller, with typed fakes of the reviews' repository, chat-svc (was there a
// conversation?) and the sellers' rating. The one-review-per-buyer key, the row lock and the
// rating's arithmetic run for real in tests/api/marketplace.int-spec.ts.

const NOW = new Date('2026-11-29T00:00:00Z');
const BUYER = 11;
const SELLER_USER = 20;

const sellerOf = (fields: Partial<Seller> = {}) => Object.assign(new Seller(), { id: 3, userId: SELLER_USER, displayName: 'Dr Mira', rating: 0, reviewCount: 0, ...fields });
const reviewOf = (fields: Partial<Review> = {}) =>
  Object.assign(new Review(), { id: 8, sellerId: 3, buyerId: BUYER, buyerName: 'omar', rating: 4, comment: 'Helpful', createdAt: NOW, updatedAt: NOW, ...fields });

/** The transaction the repository hands the rating refresh: only passed along here. */
const TX = Symbol('tx') as unknown as Parameters<RatingRefresh>[0];

async function build({ seller = sellerOf() as Seller | null, connectedCall = false, conversation = true as boolean | Error, reviews = [] as Review[] } = {}) {
  const locked = sellerOf({ rating: 4.5, reviewCount: 2 });
  const repository = {
    listOf: fn(async () => (seller ? reviews : null)),
    findSeller: fn(async () => seller),
    hadConnectedCall: fn(async () => connectedCall),
    save: fn(async (...[input, refreshRating]: [ReviewInput, RatingRefresh]) => {
      await refreshRating(TX, locked);
      return { review: reviewOf({ ...input, id: 9 }), seller: locked };
    }),
  } satisfies Fake<ReviewsRepository>;
  const chat = {
    request: jest.fn(async (..._args: unknown[]) => {
      if (conversation instanceof Error) throw conversation;
      return { exists: conversation };
    }),
  };
  const sellers = { refreshRating: fn(async () => undefined), publishUpdated: fn(async () => undefined) } satisfies Fake<SellersService>;
  const module = await Test.createTestingModule({
    providers: [
      ReviewsService,
      { provide: ReviewsRepository, useValue: repository },
      { provide: RpcClient, useValue: chat },
      { provide: SellersService, useValue: sellers },
    ],
  }).compile();
  return { service: module.get(ReviewsService), repository, chat, sellers, locked };
}

const review = (fields: Partial<UpsertReviewRequestDto> = {}): UpsertReviewRequestDto => ({ sellerId: 3, buyerId: BUYER, buyerName: 'omar', rating: 5, comment: '  Clear and kind.  ', ...fields });

describe('ReviewsService.list', () => {
  it("answers a seller's reviews as the repository orders them (newest first)", async () => {
    const { service, repository } = await build({ reviews: [reviewOf({ id: 9, rating: 2, comment: '' }), reviewOf()] });
    expect(await service.list(3)).toEqual([
      { id: 9, sellerId: 3, rating: 2, comment: '', buyer: { id: BUYER, username: 'omar' }, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
      { id: 8, sellerId: 3, rating: 4, comment: 'Helpful', buyer: { id: BUYER, username: 'omar' }, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() },
    ]);
    expect(repository.listOf).toHaveBeenCalledWith(3);
  });

  it('answers 404 for a seller that is not there', async () => {
    const { service } = await build({ seller: null });
    expect(await refusal(service.list(3))).toMatchObject({ status: 404, code: ErrorCode.NotFound, message: 'Seller not found' });
  });
});

describe('ReviewsService.upsert', () => {
  it('answers 404 for a seller that is not there, asking and writing nothing', async () => {
    const { service, repository, chat } = await build({ seller: null });
    expect(await refusal(service.upsert(review()))).toMatchObject({ status: 404, message: 'Seller not found' });
    expect(chat.request).not.toHaveBeenCalled();
    expect(repository.save).not.toHaveBeenCalled();
  });

  it('refuses a seller reviewing themselves (403)', async () => {
    const { service, repository, chat } = await build();
    expect(await refusal(service.upsert(review({ buyerId: SELLER_USER })))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: ReviewMessages.ownProfile });
    expect(chat.request).not.toHaveBeenCalled();
    expect(repository.save).not.toHaveBeenCalled();
  });

  it('takes a call that connected as a conversation, without asking chat-svc', async () => {
    const { service, repository, chat } = await build({ connectedCall: true, conversation: false });
    await service.upsert(review());
    expect(repository.hadConnectedCall).toHaveBeenCalledWith(BUYER, 3);
    expect(chat.request).not.toHaveBeenCalled();
    expect(repository.save).toHaveBeenCalled();
  });

  it('asks chat-svc whether buyer and seller wrote to each other when they had no call', async () => {
    const { service, repository, chat } = await build({ conversation: true });
    await service.upsert(review());
    expect(chat.request).toHaveBeenCalledWith(ChatPatterns.HasConversation, { userA: BUYER, userB: SELLER_USER }, expect.any(Number));
    expect(repository.save).toHaveBeenCalled();
  });

  it('refuses a buyer who never talked with the seller (403), writing nothing', async () => {
    const { service, repository } = await build({ conversation: false });
    expect(await refusal(service.upsert(review()))).toMatchObject({ status: 403, code: ErrorCode.Forbidden, message: ReviewMessages.noConversation });
    expect(repository.save).not.toHaveBeenCalled();
  });

  it('answers 503 while chat-svc cannot say, whether it fails or does not answer', async () => {
    for (const failure of [new RpcCallError({ status: 500, code: ErrorCode.Internal, message: 'boom' }), new Error('timeout')]) {
      const { service, repository } = await build({ conversation: failure });
      expect(await refusal(service.upsert(review()))).toMatchObject({ status: 503, code: ErrorCode.ServiceUnavailable, message: ReviewMessages.unavailable });
      expect(repository.save).not.toHaveBeenCalled();
    }
  });

  it('stores the comment trimmed (none: empty), refreshes the rating in the write and tells of the seller after it', async () => {
    const { service, repository, sellers, locked } = await build();
    const answer = await service.upsert(review());
    expect(repository.save).toHaveBeenCalledWith({ sellerId: 3, buyerId: BUYER, buyerName: 'omar', rating: 5, comment: 'Clear and kind.' }, expect.any(Function));
    expect(sellers.refreshRating).toHaveBeenCalledWith(TX, locked);
    expect(sellers.publishUpdated).toHaveBeenCalledWith(locked);
    expect(sellers.publishUpdated.mock.invocationCallOrder[0]).toBeGreaterThan(sellers.refreshRating.mock.invocationCallOrder[0]);
    expect(answer).toEqual({ id: 9, sellerId: 3, rating: 5, comment: 'Clear and kind.', buyer: { id: BUYER, username: 'omar' }, createdAt: NOW.toISOString(), updatedAt: NOW.toISOString() });

    await service.upsert(review({ comment: undefined }));
    expect(repository.save).toHaveBeenLastCalledWith(expect.objectContaining({ comment: '' }), expect.any(Function));
  });

  it('tells of nothing when the write fails', async () => {
    const { service, repository, sellers } = await build();
    repository.save.mockRejectedValueOnce(new Error('deadlock'));
    await expect(service.upsert(review())).rejects.toThrow('deadlock');
    expect(sellers.publishUpdated).not.toHaveBeenCalled();
  });
});
