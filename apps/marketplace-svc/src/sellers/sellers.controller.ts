import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthEvents,
  FeaturedRequestDto,
  GetSellerRequestDto,
  ListApplicationsRequestDto,
  ListSellersRequestDto,
  MarketplacePatterns,
  ModerateSellerRequestDto,
  RegisterSellerRequestDto,
  RejectSellerRequestDto,
  SellerOwnerDto,
  UpdateSellerRequestDto,
  type CategoryCountDto,
  type RatingStatsDto,
  type SellerDto,
  type SellerProfileDto,
  type UserUpdatedEvent,
} from '@app/contracts';
import { SellersService } from './sellers.service';

@Controller()
export class SellersController {
  constructor(private readonly sellers: SellersService) {}

  @MessagePattern(MarketplacePatterns.ListSellers)
  list(@Payload() dto: ListSellersRequestDto): Promise<SellerDto[]> {
    return this.sellers.list(dto);
  }

  @MessagePattern(MarketplacePatterns.ListFeatured)
  featured(@Payload() dto: FeaturedRequestDto): Promise<SellerDto[]> {
    return this.sellers.featured(dto.limit, dto.ip);
  }

  @MessagePattern(MarketplacePatterns.CountByCategory)
  countByCategory(): Promise<CategoryCountDto[]> {
    return this.sellers.countByCategory();
  }

  @MessagePattern(MarketplacePatterns.GetSeller)
  get(@Payload() dto: GetSellerRequestDto): Promise<SellerDto> {
    return this.sellers.get(dto.id, dto.ip, dto.viewer);
  }

  @MessagePattern(MarketplacePatterns.GetRatingStats)
  ratingStats(): Promise<RatingStatsDto> {
    return this.sellers.ratingStats();
  }

  @MessagePattern(MarketplacePatterns.Register)
  register(@Payload() dto: RegisterSellerRequestDto): Promise<SellerProfileDto> {
    return this.sellers.register(dto);
  }

  @MessagePattern(MarketplacePatterns.GetOwnProfile)
  getOwn(@Payload() dto: SellerOwnerDto): Promise<SellerProfileDto> {
    return this.sellers.getOwn(dto.userId);
  }

  @MessagePattern(MarketplacePatterns.UpdateProfile)
  update(@Payload() dto: UpdateSellerRequestDto): Promise<SellerProfileDto> {
    return this.sellers.update(dto);
  }

  @MessagePattern(MarketplacePatterns.ListApplications)
  applications(@Payload() dto: ListApplicationsRequestDto): Promise<SellerProfileDto[]> {
    return this.sellers.applications(dto.actor, dto.status);
  }

  @MessagePattern(MarketplacePatterns.Verify)
  verify(@Payload() dto: ModerateSellerRequestDto): Promise<SellerProfileDto> {
    return this.sellers.verify(dto.sellerId, dto.actor);
  }

  @MessagePattern(MarketplacePatterns.Reject)
  reject(@Payload() dto: RejectSellerRequestDto): Promise<SellerProfileDto> {
    return this.sellers.reject(dto.sellerId, dto.actor, dto.reason);
  }

  @EventPattern(AuthEvents.UserUpdated)
  async onUserUpdated(@Payload() event: UserUpdatedEvent): Promise<void> {
    await this.sellers.onUserUpdated(event);
  }
}
