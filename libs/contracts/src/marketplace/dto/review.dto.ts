import { Type } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { IsId, Optional } from '../../common/validation';
import { REVIEW_COMMENT_MAX } from '../marketplace.constants';
import { WholeNumberBetween } from './seller-rules';

export const ReviewMessages = {
  rating: 'Rating must be between 1 and 5',
  commentMax: `Comment must be at most ${REVIEW_COMMENT_MAX} characters`,
  ownProfile: 'You cannot review yourself',
  noConversation: 'You can review a seller after you have had a conversation with them',
  unavailable: 'Reviews cannot be checked right now. Please try again.',
} as const;

/** POST /api/sellers/{id}/reviews: one review per buyer; sending again changes it. */
export class ReviewInputDto {
  @WholeNumberBetween(1, 5, ReviewMessages.rating) rating: number;
  @Optional() @IsString() @MaxLength(REVIEW_COMMENT_MAX, { message: ReviewMessages.commentMax }) comment?: string;
}

export class UpsertReviewRequestDto extends ReviewInputDto {
  @Type(() => Number) @IsId() sellerId: number;
  @Type(() => Number) @IsId() buyerId: number;
  @IsString() @MaxLength(50) buyerName: string;
}

export class SellerReviewsRequestDto {
  @Type(() => Number) @IsId() sellerId: number;
}

export interface SellerReviewDto {
  id: number;
  sellerId: number;
  rating: number;
  comment: string;
  buyer: { id: number; username: string };
  createdAt: string;
  updatedAt: string;
}
