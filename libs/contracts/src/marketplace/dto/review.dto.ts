import { Type } from 'class-transformer';
import { IsString, MaxLength } from 'class-validator';
import { fieldMessage, fieldText, said } from '../../common/field-messages';
import { IsId, Optional } from '../../common/validation';
import { REVIEW_COMMENT_MAX } from '../marketplace.constants';
import { WholeNumberBetween } from './seller-rules';

export const ReviewMessages = {
  rating: fieldText('review_rating'),
  ownProfile: 'You cannot review yourself',
  noConversation: 'You can review a seller after you have had a conversation with them',
  unavailable: 'Reviews cannot be checked right now. Please try again.',
} as const;

/** POST /api/sellers/{id}/reviews: one review per buyer; sending again changes it. */
export class ReviewInputDto {
  @WholeNumberBetween(1, 5, fieldMessage('review_rating')) rating: number;
  @Optional() @IsString() @MaxLength(REVIEW_COMMENT_MAX, said('review_comment_too_long', { max: REVIEW_COMMENT_MAX })) comment?: string;
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
