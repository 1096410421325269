import { Controller, Logger, Module } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AccountDeletionPatterns, UserIdDto, type ErasedPartDto } from '@app/contracts';
import { SellersModule } from '../sellers/sellers.module';
import { SellersService } from '../sellers/sellers.service';
import { MarketplaceErasureRepository } from './marketplace-erasure.repository';

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
    private readonly rows: MarketplaceErasureRepository,
    private readonly sellers: SellersService,
  ) {}

  @MessagePattern(AccountDeletionPatterns.EraseMarketplace)
  async erase(@Payload() { userId }: UserIdDto): Promise<ErasedPartDto> {
    const erased = await this.rows.erase(userId);
    const seller = await this.rows.sellerOf(userId);
    // The seller role follows the profile (auth-svc has taken it already; this keeps every reader in step).
    if (seller) await this.sellers.publishUpdated(seller).catch((error: unknown) => this.logger.error(`Publishing withdrawn seller ${seller.id} failed: ${(error as Error).message}`));
    return { erased };
  }
}

@Module({ imports: [SellersModule], controllers: [MarketplaceErasureController], providers: [MarketplaceErasureRepository] })
export class MarketplaceErasureModule {}
