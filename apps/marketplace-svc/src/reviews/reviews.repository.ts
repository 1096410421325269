import { Injectable } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import { CallSession } from '../calls/call-session.entity';
import { Seller } from '../sellers/seller.entity';
import { Review } from './review.entity';

/** What a buyer writes of a seller. */
export type ReviewInput = Pick<Review, 'sellerId' | 'buyerId' | 'buyerName' | 'rating' | 'comment'>;

/** Recomputes the seller's rating from the reviews, on the seller's locked row, in the review's transaction. */
export type RatingRefresh = (tx: EntityManager, seller: Seller) => Promise<void>;

/** Reviews as stored, and what a review is checked against (its seller, the buyer's calls). */
@Injectable()
export class ReviewsRepository {
  constructor(private readonly em: EntityManager) {}

  /** A seller's reviews, newest first; null when there is no such seller. */
  async listOf(sellerId: number): Promise<Review[] | null> {
    const em = this.em.fork();
    if (!(await em.count(Seller, { id: sellerId }))) return null;
    return em.find(Review, { sellerId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  }

  async findSeller(sellerId: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { id: sellerId });
  }

  /** Whether the buyer had a call with the seller that connected. */
  async hadConnectedCall(buyerId: number, sellerId: number): Promise<boolean> {
    return (await this.em.fork().count(CallSession, { buyerId, sellerId, connectedAt: { $ne: null } })) > 0;
  }

  /**
   * Writes the buyer's review of the seller (a second one changes the first) and the seller's
   * new rating in one transaction. The seller's row is locked first, so concurrent reviews of one
   * seller are ordered and the rating is never computed from a stale set.
   */
  async save(input: ReviewInput, refreshRating: RatingRefresh): Promise<{ review: Review; seller: Seller }> {
    return this.em.fork().transactional(async (tx) => {
      const seller = await tx.findOneOrFail(Seller, { id: input.sellerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      let review = await tx.findOne(Review, { sellerId: input.sellerId, buyerId: input.buyerId });
      if (review) Object.assign(review, { rating: input.rating, comment: input.comment, buyerName: input.buyerName });
      else review = tx.create(Review, input);
      await tx.flush();
      await refreshRating(tx, seller);
      await tx.flush();
      return { review, seller };
    });
  }
}
