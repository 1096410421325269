import { Injectable, Logger } from '@nestjs/common';
import {
  ChatPatterns,
  ErrorCode,
  fieldMessage,
  type SellerReviewDto,
  type UpsertReviewRequestDto,
} from '@app/contracts';
import { RpcCallError, RpcClient, RpcErrors, rpcError } from '@app/server';
import { SellerErrors, SellersService } from '../sellers/sellers.service';
import type { Review } from './review.entity';
import { ReviewsRepository } from './reviews.repository';

const CONVERSATION_CHECK_TIMEOUT_MS = 3000;

@Injectable()
export class ReviewsService {
  private readonly logger = new Logger(ReviewsService.name);

  constructor(
    private readonly reviews: ReviewsRepository,
    private readonly rpc: RpcClient,
    private readonly sellers: SellersService,
  ) {}

  async list(sellerId: number): Promise<SellerReviewDto[]> {
    const reviews = await this.reviews.listOf(sellerId);
    if (!reviews) throw SellerErrors.notFound();
    return reviews.map(toReviewDto);
  }

  /**
   * A buyer who has had a conversation with the seller (a message from each side, or a call
   * that connected) leaves one review; writing again changes it. The seller's rating and rank
   * follow in the same transaction.
   */
  async upsert(dto: UpsertReviewRequestDto): Promise<SellerReviewDto> {
    const seller = await this.reviews.findSeller(dto.sellerId);
    if (!seller) throw SellerErrors.notFound();
    if (seller.userId === dto.buyerId) throw RpcErrors.forbidden(fieldMessage('review_own_profile'));
    const talked = (await this.reviews.hadConnectedCall(dto.buyerId, seller.id)) || (await this.hadConversation(dto.buyerId, seller.userId));
    if (!talked) throw RpcErrors.forbidden(fieldMessage('review_no_conversation'));

    const { review, seller: updated } = await this.reviews.save(
      { sellerId: dto.sellerId, buyerId: dto.buyerId, buyerName: dto.buyerName, rating: dto.rating, comment: dto.comment?.trim() ?? '' },
      (tx, locked) => this.sellers.refreshRating(tx, locked),
    );
    await this.sellers.publishUpdated(updated);
    return toReviewDto(review);
  }

  private async hadConversation(buyerId: number, sellerUserId: number): Promise<boolean> {
    try {
      const answer = await this.rpc.request(
        ChatPatterns.HasConversation,
        { userA: buyerId, userB: sellerUserId },
        CONVERSATION_CHECK_TIMEOUT_MS,
      );
      return answer?.exists === true;
    } catch (error) {
      const detail = error instanceof RpcCallError ? error.body.message : String(error);
      this.logger.warn(`Conversation check failed: ${detail}`);
      throw rpcError(503, ErrorCode.ServiceUnavailable, fieldMessage('review_unavailable'));
    }
  }
}

function toReviewDto(review: Review): SellerReviewDto {
  return {
    id: review.id,
    sellerId: review.sellerId,
    rating: review.rating,
    comment: review.comment,
    buyer: { id: review.buyerId, username: review.buyerName },
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}
