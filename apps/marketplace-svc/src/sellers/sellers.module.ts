import { Module } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { LocaleModule } from '../locale/locale.module';
import { Review } from '../reviews/review.entity';
import { ReviewsController } from '../reviews/reviews.controller';
import { ReviewsService } from '../reviews/reviews.service';
import { Seller } from './seller.entity';
import { SellersController } from './sellers.controller';
import { SellersService } from './sellers.service';

/** Sellers and their reviews: a review changes its seller's rating in one transaction. */
@Module({
  imports: [MikroOrmModule.forFeature([Seller, Review]), LocaleModule],
  controllers: [SellersController, ReviewsController],
  providers: [SellersService, ReviewsService],
  exports: [SellersService],
})
export class SellersModule {}
