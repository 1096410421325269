import { Injectable } from '@nestjs/common';
import { EntityManager, UniqueConstraintViolationException, type FilterQuery, type RequiredEntityData } from '@mikro-orm/postgresql';
import { Review } from '../reviews/review.entity';
import { Seller } from './seller.entity';

/** Who the marketplace shows: verified, and not in the grace of an account deletion. */
const LISTED = { isVerified: true, accountDeletionPending: false } as const;

/** Which sellers a list asks for. */
export interface SellerFilter {
  /** Only the marketplace's (LISTED); else any status. */
  listedOnly: boolean;
  userId?: number;
  category?: string;
  /** Found in the display name or the category, case ignored. */
  text?: string;
}

/** What a profile keeps of its account, kept current by the account's events. */
export type AccountCopy = Partial<Pick<Seller, 'username' | 'userAvatar' | 'accountDeletionPending'>>;

/**
 * Seller profiles as stored, and the reviews' figures their rating is made of. The figures read
 * inside a review's or a call's transaction take that transaction, so what it just wrote counts.
 */
@Injectable()
export class SellersRepository {
  constructor(private readonly em: EntityManager) {}

  /** Up to `limit` sellers by rank (ties by id). */
  async list(filter: SellerFilter, limit: number): Promise<Seller[]> {
    const where: FilterQuery<Seller> = filter.userId !== undefined ? { userId: filter.userId } : {};
    if (filter.listedOnly) Object.assign(where, LISTED);
    if (filter.category) where.category = filter.category;
    if (filter.text) {
      const pattern = `%${filter.text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.$or = [{ displayName: { $ilike: pattern } }, { category: { $ilike: pattern } }];
    }
    return this.em.fork().find(Seller, where, { orderBy: { rankingScore: 'desc', id: 'asc' }, limit });
  }

  /** How many listed sellers each category has (categories without one are absent). */
  async listedByCategory(): Promise<Map<string, number>> {
    const rows = await this.em
      .fork()
      .execute<Array<{ category: string; count: string }>>('select "category", count(*) as "count" from "sellers" where "is_verified" and not "account_deletion_pending" group by "category"');
    return new Map(rows.map((row) => [row.category, Number(row.count)]));
  }

  async findById(id: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { id });
  }

  async findByUserId(userId: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { userId });
  }

  async hasProfile(userId: number): Promise<boolean> {
    return (await this.em.fork().count(Seller, { userId })) > 0;
  }

  /** Writes a new profile; null when the account has one already (two applications at one moment: the unique user id keeps one). */
  async insert(data: RequiredEntityData<Seller>): Promise<Seller | null> {
    const em = this.em.fork();
    const seller = em.create(Seller, data);
    try {
      await em.flush();
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return null;
      throw error;
    }
    return seller;
  }

  /**
   * Loads the seller and lets `edit` change it; what changed is written when `edit` is done. Null
   * when there is no such seller (`edit` is not called). What `edit` throws writes nothing.
   */
  async edit(by: { id: number } | { userId: number }, edit: (seller: Seller) => void | Promise<void>): Promise<Seller | null> {
    const em = this.em.fork();
    const seller = await em.findOne(Seller, by);
    if (!seller) return null;
    await edit(seller);
    await em.flush();
    return seller;
  }

  /** The profiles of this status, the oldest application first. */
  async withStatus(status: Seller['verificationStatus']): Promise<Seller[]> {
    return this.em.fork().find(Seller, { verificationStatus: status }, { orderBy: { createdAt: 'asc', id: 'asc' } });
  }

  /** Keeps the account's copy on its profile current. */
  async copyAccount(userId: number, copy: AccountCopy): Promise<void> {
    await this.em.fork().nativeUpdate(Seller, { userId }, copy);
  }

  /** The average and count of every review. */
  async allReviews(): Promise<{ average: number | null; count: number }> {
    const [row] = await this.em.fork().execute<Array<{ average: string | null; count: string }>>('select avg("rating") as "average", count(*) as "count" from "reviews"');
    return { average: row.average === null ? null : Number(row.average), count: Number(row.count) };
  }

  /** The seller's exact average rating (0 without reviews), in `tx` when given. */
  async averageRating(sellerId: number, tx: EntityManager = this.em.fork()): Promise<number> {
    const [row] = await tx.execute<Array<{ average: string | null }>>('select avg("rating") as "average" from "reviews" where "seller_id" = ?', [sellerId]);
    return row?.average === null || row?.average === undefined ? 0 : Number(row.average);
  }

  /** How many reviews the seller has, in `tx`. */
  async reviewCount(sellerId: number, tx: EntityManager): Promise<number> {
    return tx.count(Review, { sellerId });
  }
}
