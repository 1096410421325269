import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { DELETED_USER_NAME } from '@app/contracts';
import { Seller } from '../sellers/seller.entity';

/** Why a seller profile left the marketplace, as its record keeps it. */
const WITHDRAWN_REASON = 'The account was deleted.';

/** What marketplace-svc erases of a deleted account, in one transaction. */
@Injectable()
export class MarketplaceErasureRepository {
  constructor(private readonly em: EntityManager) {}

  /** How many rows of each kind changed or went. */
  async erase(userId: number): Promise<Record<string, number>> {
    return this.em.fork().transactional(async (tx) => {
      const connection = tx.getConnection();
      const run = async (sql: string, params: unknown[]) => (await connection.execute<{ affectedRows: number }>(sql, params, 'run')).affectedRows;
      return {
        sellerProfiles: await run(
          `update "sellers" set "username" = ?, "user_avatar" = null, "display_name" = ?, "bio" = '', "about_me" = '', "avatar" = null,
             "experience" = '', "education" = '', "work_history" = '', "languages" = '[]', "services" = '[]', "specialties" = '[]',
             "certifications" = '[]', "achievements" = '[]', "social_media_links" = '{}', "portfolio_items" = '[]', "testimonials" = '[]',
             "profile_media" = '[]', "intro_video" = null, "accepts_calls" = false, "call_availability" = 'unavailable', "availability" = 'offline',
             "is_busy" = false, "is_verified" = false, "verification_status" = 'rejected', "rejection_reason" = ?, "ranking_score" = 0, "updated_at" = now()
           where "user_id" = ?`,
          [DELETED_USER_NAME, DELETED_USER_NAME, WITHDRAWN_REASON, userId],
        ),
        reviewsWritten: await run(`update "reviews" set "buyer_name" = ? where "buyer_id" = ?`, [DELETED_USER_NAME, userId]),
        callsMade: await run(`update "call_sessions" set "buyer_name" = ? where "buyer_id" = ?`, [DELETED_USER_NAME, userId]),
        callsTaken: await run(`update "call_sessions" set "seller_name" = ? where "seller_user_id" = ?`, [DELETED_USER_NAME, userId]),
        openCalls: await run(`delete from "active_calls" where "user_id" = ?`, [userId]),
      };
    });
  }

  /** The person's seller profile as it is now, if they had one. */
  async sellerOf(userId: number): Promise<Seller | null> {
    return this.em.fork().findOne(Seller, { userId });
  }
}
