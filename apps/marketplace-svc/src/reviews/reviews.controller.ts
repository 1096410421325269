import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { MarketplacePatterns, SellerReviewsRequestDto, UpsertReviewRequestDto, type SellerReviewDto } from '@app/contracts';
import { ReviewsService } from './reviews.service';

@Controller()
export class ReviewsController {
  constructor(private readonly reviews: ReviewsService) {}

  @MessagePattern(MarketplacePatterns.ListReviews)
  list(@Payload() dto: SellerReviewsRequestDto): Promise<SellerReviewDto[]> {
    return this.reviews.list(dto.sellerId);
  }

  @MessagePattern(MarketplacePatterns.UpsertReview)
  upsert(@Payload() dto: UpsertReviewRequestDto): Promise<SellerReviewDto> {
    return this.reviews.upsert(dto);
  }
}
