import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { ContentFilter, parseWordList } from '@app/server';
import { MarketplaceEnv } from '../config/marketplace-env';
import { LocaleModule } from '../locale/locale.module';
import { Review } from '../reviews/review.entity';
import { ReviewsController } from '../reviews/reviews.controller';
import { ReviewsRepository } from '../reviews/reviews.repository';
import { ReviewsService } from '../reviews/reviews.service';
import { Seller } from './seller.entity';
import { SellersController } from './sellers.controller';
import { SellersRepository } from './sellers.repository';
import { SellersService } from './sellers.service';

/** Sellers and their reviews: a review changes its seller's rating in one transaction. */
@Module({
  imports: [MikroOrmModule.forFeature([Seller, Review]), LocaleModule],
  controllers: [SellersController, ReviewsController],
  providers: [
    SellersService,
    SellersRepository,
    ReviewsService,
    ReviewsRepository,
    {
      provide: ContentFilter,
      inject: [MarketplaceEnv],
      useFactory: (env: MarketplaceEnv) => new ContentFilter(parseWordList(env.CONTENT_FILTER_EXTRA_WORDS)),
    },
  ],
  exports: [SellersService],
})
export class SellersModule {}
