import { EntityManager } from '@mikro-orm/postgresql';
import { Controller, Logger, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, DELETED_USER_NAME, UserIdDto, type ErasedPartDto } from '@app/contracts';
import { Seller } from '../sellers/seller.entity';
import { SellersModule } from '../sellers/sellers.module';
import { SellersService } from '../sellers/sellers.service';

/** Why a seller profile left the marketplace, as its record keeps it. */
const WITHDRAWN_REASON = 'The account was deleted.';

/**
 * marketplace-svc's part of deleting an account. A seller profile (or a pending application) is
 * withdrawn and emptied of everything the person wrote about themselves; their name on the
 * reviews they wrote and on their calls becomes "Deleted user". The calls and their ledger keep
 * every amount, for the accounts the law requires; the reviews keep their rating and words.
 * Safe to ask again.
 */
@Controller()
export class MarketplaceErasureController {
  private readonly logger = new Logger(MarketplaceErasureController.name);

  constructor(
    private readonly em: EntityManager,
    private readonly sellers: SellersService,
  ) {}

  @MessagePattern(AccountDeletionPatterns.EraseMarketplace)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
    const erased = await this.em.fork().transactional(async (tx) => {
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
    const seller = await this.em.fork().findOne(Seller, { userId });
    // The seller role follows the profile (auth-svc has taken it already; this keeps every reader in step).
    if (seller) await this.sellers.publishUpdated(seller).catch((error: unknown) => this.logger.error(`Publishing withdrawn seller ${seller.id} failed: ${(error as Error).message}`));
    return { erased };
  }
}

@Module({ imports: [SellersModule], controllers: [MarketplaceErasureController] })
export class MarketplaceErasureModule {}
