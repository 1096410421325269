import { Injectable, Logger } from '@nestjs/common';
import { EntityManager, LockMode } from '@mikro-orm/postgresql';
import {
  ChatPatterns,
  ErrorCode,
  fieldMessage,
  type SellerReviewDto,
  type UpsertReviewRequestDto,
} from '@app/contracts';
import { RpcCallError, RpcClient, RpcErrors, rpcError } from '@app/server';
import { CallSession } from '../calls/call-session.entity';
import { Seller } from '../sellers/seller.entity';
import { SellerErrors, SellersService } from '../sellers/sellers.service';
import { Review } from './review.entity';

const CONVERSATION_CHECK_TIMEOUT_MS = 3000;

@Injectable()
export class ReviewsService {
  private readonly logger = new Logger(ReviewsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly rpc: RpcClient,
    private readonly sellers: SellersService,
  ) {}

  async list(sellerId: number): Promise<SellerReviewDto[]> {
    const em = this.em.fork();
    if (!(await em.count(Seller, { id: sellerId }))) throw SellerErrors.notFound();
    const reviews = await em.find(Review, { sellerId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
    return reviews.map(toReviewDto);
  }

  /**
   * A buyer who has had a conversation with the seller (a message from each side, or a call
   * that connected) leaves one review; writing again changes it. The seller's rating and rank
   * follow in the same transaction.
   */
  async upsert(dto: UpsertReviewRequestDto): Promise<SellerReviewDto> {
    const seller = await this.em.fork().findOne(Seller, { id: dto.sellerId });
    if (!seller) throw SellerErrors.notFound();
    if (seller.userId === dto.buyerId) throw RpcErrors.forbidden(fieldMessage('review_own_profile'));
    const talked = (await this.hadCall(dto.buyerId, seller.id)) || (await this.hadConversation(dto.buyerId, seller.userId));
    if (!talked) throw RpcErrors.forbidden(fieldMessage('review_no_conversation'));

    const em = this.em.fork();
    const { review, updated } = await em.transactional(async (tx) => {
      // The row lock orders concurrent reviews of one seller, so the aggregate is never stale.
      const locked = await tx.findOneOrFail(Seller, { id: dto.sellerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      let review = await tx.findOne(Review, { sellerId: dto.sellerId, buyerId: dto.buyerId });
      if (review) {
        review.rating = dto.rating;
        review.comment = dto.comment?.trim() ?? '';
        review.buyerName = dto.buyerName;
      } else {
        review = tx.create(Review, {
          sellerId: dto.sellerId,
          buyerId: dto.buyerId,
          buyerName: dto.buyerName,
          rating: dto.rating,
          comment: dto.comment?.trim() ?? '',
        });
      }
      await tx.flush();
      await this.sellers.refreshRating(tx, locked);
      await tx.flush();
      return { review, updated: locked };
    });
    await this.sellers.publishUpdated(updated);
    return toReviewDto(review);
  }

  private async hadCall(buyerId: number, sellerId: number): Promise<boolean> {
    return (await this.em.fork().count(CallSession, { buyerId, sellerId, connectedAt: { $ne: null } })) > 0;
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
