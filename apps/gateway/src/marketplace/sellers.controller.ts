import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  ApplicationsQueryDto,
  FeaturedQueryDto,
  MarketplacePatterns,
  RegisterSellerDto,
  RejectSellerDto,
  ReviewInputDto,
  SellerQueryDto,
  UpdateSellerProfileDto,
  type ActorDto,
  type CategoryCountDto,
  type SellerDto,
  type SellerProfileDto,
  type SellerReviewDto,
  type UserDto,
} from '@app/contracts';
import { RpcCallError, RpcClient } from '@app/server';
import { actorOf } from '../common/actor';
import { AuthGuard, clientIp, CurrentUser, ModerationDesk, OptionalUser, Roles } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';
import { SellerIdPipe } from './seller-id.pipe';

/** Everyone may browse; applying, editing, reviewing and moderating need the right account. */
@ApiTags('marketplace')
@Controller('sellers')
export class SellersController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({
    summary: 'Verified sellers by rank; filters category, q (name or category) and userId (any status, to that user and moderators)',
  })
  @Get()
  list(@Query() query: SellerQueryDto, @Req() req: SessionRequest, @OptionalUser() user: UserDto | null): Promise<SellerDto[]> {
    return this.rpc.request(MarketplacePatterns.ListSellers, { ...query, ip: clientIp(req), ...viewerOf(user) });
  }

  @ApiOperation({ summary: 'The best ranked verified sellers, for the landing page' })
  @Get('featured')
  featured(@Query() query: FeaturedQueryDto, @Req() req: SessionRequest): Promise<SellerDto[]> {
    return this.rpc.request(MarketplacePatterns.ListFeatured, { ...query, ip: clientIp(req) });
  }

  @ApiOperation({ summary: 'Verified sellers per marketplace category, for the landing tiles' })
  @Get('categories')
  categories(): Promise<CategoryCountDto[]> {
    return this.rpc.request(MarketplacePatterns.CountByCategory, {});
  }

  @ApiOperation({ summary: 'Applications by status (pending by default), oldest first; moderators only' })
  @Get('applications')
  @UseGuards(AuthGuard)
  @Roles('moderator')
  @ModerationDesk()
  applications(@Query() query: ApplicationsQueryDto, @CurrentUser() user: UserDto): Promise<SellerProfileDto[]> {
    return this.rpc.request(MarketplacePatterns.ListApplications, { ...query, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Applies to become a seller; the profile stays Unverified until a moderator verifies it' })
  @Post('register')
  @UseGuards(AuthGuard)
  @Roles('user', 'vip', 'seller')
  register(@Body() dto: RegisterSellerDto, @CurrentUser() user: UserDto): Promise<SellerProfileDto> {
    return this.rpc.request(MarketplacePatterns.Register, {
      ...dto,
      user: { id: user.id, username: user.username, avatar: user.avatar },
    });
  }

  @ApiOperation({ summary: "The signed-in person's own seller profile, with the moderators' decision; null when they never applied" })
  @Get('profile/me')
  @UseGuards(AuthGuard)
  ownProfile(@CurrentUser() user: UserDto): Promise<SellerProfileDto | null> {
    // Never having applied is an answer (the profile, wizard and editor pages ask), not an error.
    return this.rpc.request(MarketplacePatterns.GetOwnProfile, { userId: user.id }).catch((error: unknown) => {
      if (error instanceof RpcCallError && error.body.status === 404) return null;
      throw error;
    });
  }

  @ApiOperation({ summary: "Saves the signed-in seller's profile; only the fields sent change" })
  @Patch('profile/me')
  @UseGuards(AuthGuard)
  updateOwnProfile(@Body() dto: UpdateSellerProfileDto, @CurrentUser() user: UserDto): Promise<SellerProfileDto> {
    return this.rpc.request(MarketplacePatterns.UpdateProfile, { ...dto, userId: user.id });
  }

  @ApiOperation({ summary: 'A seller by id; 404 "Seller not found" (also for an application not verified, except to its applicant and moderators)' })
  @Get(':id')
  get(@Param('id', SellerIdPipe) id: number, @Req() req: SessionRequest, @OptionalUser() user: UserDto | null): Promise<SellerDto> {
    return this.rpc.request(MarketplacePatterns.GetSeller, { id, ip: clientIp(req), ...viewerOf(user) });
  }

  @ApiOperation({ summary: 'Saves a seller profile by id; only its owner may' })
  @Patch(':id')
  @UseGuards(AuthGuard)
  update(
    @Param('id', SellerIdPipe) id: number,
    @Body() dto: UpdateSellerProfileDto,
    @CurrentUser() user: UserDto,
  ): Promise<SellerProfileDto> {
    return this.rpc.request(MarketplacePatterns.UpdateProfile, { ...dto, userId: user.id, sellerId: id });
  }

  @ApiOperation({ summary: "A seller's reviews, newest first" })
  @Get(':id/reviews')
  reviews(@Param('id', SellerIdPipe) id: number): Promise<SellerReviewDto[]> {
    return this.rpc.request(MarketplacePatterns.ListReviews, { sellerId: id });
  }

  @ApiOperation({ summary: 'Reviews a seller after a conversation with them; sending again changes the review' })
  @Post(':id/reviews')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Roles('user', 'vip', 'seller', 'moderator')
  review(@Param('id', SellerIdPipe) id: number, @Body() dto: ReviewInputDto, @CurrentUser() user: UserDto): Promise<SellerReviewDto> {
    return this.rpc.request(MarketplacePatterns.UpsertReview, { ...dto, sellerId: id, buyerId: user.id, buyerName: user.username });
  }

  @ApiOperation({ summary: 'Verifies a seller; moderators only' })
  @Post(':id/verify')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Roles('moderator')
  @ModerationDesk()
  verify(@Param('id', SellerIdPipe) id: number, @CurrentUser() user: UserDto): Promise<SellerProfileDto> {
    return this.rpc.request(MarketplacePatterns.Verify, { sellerId: id, actor: actorOf(user) });
  }

  @ApiOperation({ summary: 'Rejects an application with a reason the seller sees; moderators only' })
  @Post(':id/reject')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Roles('moderator')
  @ModerationDesk()
  reject(@Param('id', SellerIdPipe) id: number, @Body() dto: RejectSellerDto, @CurrentUser() user: UserDto): Promise<SellerProfileDto> {
    return this.rpc.request(MarketplacePatterns.Reject, { sellerId: id, actor: actorOf(user), reason: dto.reason });
  }
}

function viewerOf(user: UserDto | null): { viewer?: ActorDto } {
  return user ? { viewer: actorOf(user) } : {};
}
