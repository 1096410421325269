import { Injectable } from '@nestjs/common';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_WORKING_HOURS,
  MARKETPLACE_CATEGORIES,
  MARKETPLACE_CATEGORY_LABELS,
  MarketplaceEvents,
  canModerate,
  canSeeSellerApplication,
  fieldMessage,
  type ActorDto,
  type CategoryCountDto,
  type FieldMessage,
  type LocaleDto,
  type RatingStatsDto,
  type RegisterSellerRequestDto,
  type SellerDto,
  type SellerApplicationDecidedEvent,
  type SellerProfileDto,
  type SellerUpdatedEvent,
  type SocialMediaLinks,
  type UpdateSellerRequestDto,
  type UserUpdatedEvent,
  type VerificationStatus,
} from '@app/contracts';
import { ContentFilter, RpcClient, RpcErrors } from '@app/server';
import { LocaleService } from '../locale/locale.service';
import { rankingScore, roundRating } from './ranking';
import type { Seller } from './seller.entity';
import { toSellerDto, toSellerProfileDto } from './seller.mapper';
import { SellersRepository } from './sellers.repository';

const LIST_LIMIT = 100;
const DEFAULT_FEATURED = 6;

export const SellerErrors = {
  notFound: () => RpcErrors.notFound(fieldMessage('seller_not_found')),
  noProfile: () => RpcErrors.notFound(fieldMessage('seller_profile_not_found')),
  alreadyApplied: () => RpcErrors.conflict(fieldMessage('seller_already_applied')),
  notOwner: () => RpcErrors.forbidden(fieldMessage('seller_not_owner')),
  notModerator: () => RpcErrors.forbidden(fieldMessage('seller_moderators_only')),
};

export interface SellerListQuery {
  category?: string;
  userId?: number;
  q?: string;
  ip?: string;
  viewer?: ActorDto;
}

@Injectable()
export class SellersService {
  constructor(
    private readonly sellers: SellersRepository,
    private readonly rpc: RpcClient,
    private readonly locale: LocaleService,
    private readonly filter: ContentFilter,
  ) {}

  /**
   * Verified sellers by rank, leaving out those whose account is to be deleted. Asked for one
   * user's profile, any status, but only to that user and moderators: to anyone else an
   * application is not a seller yet.
   */
  async list({ category, userId, q, ip, viewer }: SellerListQuery): Promise<SellerDto[]> {
    const listedOnly = userId === undefined || !canSeeSellerApplication(viewer, userId);
    const sellers = await this.sellers.list({ listedOnly, userId, category, text: q?.trim() }, LIST_LIMIT);
    const locale = await this.localeFor(ip);
    return sellers.map((seller) => toSellerDto(seller, locale));
  }

  async featured(limit = DEFAULT_FEATURED, ip?: string): Promise<SellerDto[]> {
    const sellers = await this.sellers.list({ listedOnly: true }, limit);
    const locale = await this.localeFor(ip);
    return sellers.map((seller) => toSellerDto(seller, locale));
  }

  async countByCategory(): Promise<CategoryCountDto[]> {
    const counts = await this.sellers.listedByCategory();
    return MARKETPLACE_CATEGORIES.map((category) => ({
      category,
      label: MARKETPLACE_CATEGORY_LABELS[category],
      count: counts.get(category) ?? 0,
    }));
  }

  async get(id: number, ip?: string, viewer?: ActorDto): Promise<SellerDto> {
    const seller = await this.sellers.findById(id);
    // Unverified, or its account to be deleted: only the seller and moderators see it.
    const withdrawn = !seller?.isVerified || seller.accountDeletionPending;
    if (!seller || (withdrawn && !canSeeSellerApplication(viewer, seller.userId))) throw SellerErrors.notFound();
    return toSellerDto(seller, await this.localeFor(ip));
  }

  async getOwn(userId: number): Promise<SellerProfileDto> {
    const seller = await this.sellers.findByUserId(userId);
    if (!seller) throw SellerErrors.noProfile();
    return toSellerProfileDto(seller);
  }

  /** The application: the user becomes an unverified seller awaiting a moderator. */
  async register(dto: RegisterSellerRequestDto): Promise<SellerProfileDto> {
    this.assertCleanProfile(dto);
    if (await this.sellers.hasProfile(dto.user.id)) throw SellerErrors.alreadyApplied();
    const seller = await this.sellers.insert({
      userId: dto.user.id,
      username: dto.user.username,
      userAvatar: dto.user.avatar ?? null,
      displayName: dto.displayName.trim(),
      category: dto.category,
      bio: dto.bio.trim(),
      aboutMe: dto.aboutMe.trim(),
      avatar: dto.avatar ?? null,
      experience: dto.experience.trim(),
      education: dto.education.trim(),
      workHistory: dto.workHistory.trim(),
      languages: dto.languages,
      services: trimAll(dto.services),
      specialties: trimAll(dto.specialties),
      certifications: trimAll(dto.certifications ?? []),
      achievements: trimAll(dto.achievements ?? []),
      pricing: { audio: { price: dto.audioPricing, currency: 'USD' }, video: { price: dto.videoPricing, currency: 'USD' } },
      acceptsCalls: dto.acceptsCalls,
      callAvailability: dto.callAvailability as Seller['callAvailability'],
      availability: availabilityFrom(dto.acceptsCalls, dto.callAvailability as Seller['callAvailability']),
      timeZone: dto.timeZone,
      responseTime: dto.responseTime,
      workingHours: dto.workingHours
        ? { start: dto.workingHours.start, end: dto.workingHours.end, days: dto.workingHours.days }
        : structuredClone(DEFAULT_WORKING_HOURS),
      socialMediaLinks: cleanLinks(dto.socialMediaLinks),
      portfolioItems: (dto.portfolioItems ?? []).map((item) => ({
        title: item.title.trim(),
        description: item.description.trim(),
        images: item.images ?? [],
      })),
      testimonials: (dto.testimonials ?? []).map((t) => ({ clientName: t.clientName.trim(), review: t.review.trim(), rating: t.rating })),
      profileMedia: dto.profileMedia ?? [],
      introVideo: dto.introVideo ?? null,
      rankingScore: rankingScore({ averageRating: 0, reviewCount: 0, totalSessions: 0, responseTime: dto.responseTime }),
    });
    // Two applications of one user at the same moment: the unique user id keeps one.
    if (!seller) throw SellerErrors.alreadyApplied();
    await this.publishUpdated(seller);
    return toSellerProfileDto(seller);
  }

  /** The profile editor. A rejected seller who edits goes back to the moderators. */
  async update(dto: UpdateSellerRequestDto): Promise<SellerProfileDto> {
    const edited = await this.sellers.edit(dto.sellerId !== undefined ? { id: dto.sellerId } : { userId: dto.userId }, async (seller) => {
      if (seller.userId !== dto.userId) throw SellerErrors.notOwner();
      const { userId: _userId, sellerId: _sellerId, ...changes } = dto;
      this.assertCleanProfile(changes);
      this.applyChanges(seller, changes);
      this.rerank(seller, await this.sellers.averageRating(seller.id));
    });
    if (!edited) throw dto.sellerId !== undefined ? SellerErrors.notFound() : SellerErrors.noProfile();
    await this.publishUpdated(edited);
    return toSellerProfileDto(edited);
  }

  /** The editor's changes, trimmed. */
  private applyChanges(seller: Seller, changes: Omit<UpdateSellerRequestDto, 'userId' | 'sellerId'>) {
    for (const key of ['displayName', 'bio', 'aboutMe', 'experience', 'education', 'workHistory'] as const) {
      if (changes[key] !== undefined) seller[key] = changes[key].trim();
    }
    for (const key of ['services', 'specialties', 'certifications', 'achievements'] as const) {
      if (changes[key] !== undefined) seller[key] = trimAll(changes[key]);
    }
    if (changes.category !== undefined) seller.category = changes.category;
    if (changes.languages !== undefined) seller.languages = changes.languages;
    if (changes.pricing !== undefined) {
      seller.pricing = {
        audio: { price: changes.pricing.audio.price, currency: 'USD' },
        video: { price: changes.pricing.video.price, currency: 'USD' },
      };
    }
    if (changes.acceptsCalls !== undefined) seller.acceptsCalls = changes.acceptsCalls;
    if (changes.callAvailability !== undefined) seller.callAvailability = changes.callAvailability as Seller['callAvailability'];
    if (changes.availability !== undefined) seller.availability = changes.availability as Seller['availability'];
    // What the seller sets in the editor is what buyers see (and what calls are refused by).
    if (changes.acceptsCalls !== undefined || changes.callAvailability !== undefined) {
      seller.availability = availabilityFrom(seller.acceptsCalls, seller.callAvailability);
    }
    if (changes.timeZone !== undefined) seller.timeZone = changes.timeZone;
    if (changes.responseTime !== undefined) seller.responseTime = changes.responseTime;
    if (changes.workingHours !== undefined) {
      seller.workingHours = { start: changes.workingHours.start, end: changes.workingHours.end, days: changes.workingHours.days };
    }
    if (changes.socialMediaLinks !== undefined) seller.socialMediaLinks = cleanLinks(changes.socialMediaLinks);
    if (changes.portfolioItems !== undefined) {
      seller.portfolioItems = changes.portfolioItems.map((item) => ({
        title: item.title.trim(),
        description: item.description.trim(),
        images: item.images ?? [],
      }));
    }
    if (changes.testimonials !== undefined) {
      seller.testimonials = changes.testimonials.map((t) => ({ clientName: t.clientName.trim(), review: t.review.trim(), rating: t.rating }));
    }
    if (changes.avatar !== undefined) seller.avatar = changes.avatar;
    if (changes.introVideo !== undefined) seller.introVideo = changes.introVideo;
    if (changes.profileMedia !== undefined) seller.profileMedia = changes.profileMedia;

    if (seller.verificationStatus === 'rejected') {
      seller.verificationStatus = 'pending';
      seller.rejectionReason = null;
    }
  }

  async applications(actor: ActorDto, status: VerificationStatus = 'pending'): Promise<SellerProfileDto[]> {
    if (!canModerate(actor.role)) throw SellerErrors.notModerator();
    return (await this.sellers.withStatus(status)).map(toSellerProfileDto);
  }

  async verify(sellerId: number, actor: ActorDto): Promise<SellerProfileDto> {
    return this.decide(sellerId, actor, 'verified', null);
  }

  async reject(sellerId: number, actor: ActorDto, reason: string): Promise<SellerProfileDto> {
    return this.decide(sellerId, actor, 'rejected', reason.trim());
  }

  async ratingStats(): Promise<RatingStatsDto> {
    const { average, count } = await this.sellers.allReviews();
    return { rating: average === null ? 0 : roundRating(average), reviewCount: count };
  }

  /** Keeps the copy of the account's name and picture current. */
  async onUserUpdated(user: UserUpdatedEvent): Promise<void> {
    await this.sellers.copyAccount(user.id, {
      username: user.username,
      userAvatar: user.avatar,
      ...(user.deletionPending !== undefined ? { accountDeletionPending: user.deletionPending } : {}),
    });
  }

  /** Recomputes the rating, review count and rank from the reviews; call inside the review's transaction. */
  async refreshRating(tx: EntityManager, seller: Seller): Promise<void> {
    const average = await this.sellers.averageRating(seller.id, tx);
    seller.reviewCount = await this.sellers.reviewCount(seller.id, tx);
    seller.rating = roundRating(average);
    this.rerank(seller, average);
  }

  /** A call with this seller connected and ended: it counts as a session, its time adds up, the rank follows; call inside the call's transaction. */
  async recordCall(tx: EntityManager, seller: Seller, callType: 'audio' | 'video', seconds: number): Promise<void> {
    seller.totalSessions += 1;
    if (callType === 'audio') seller.totalAudioCallTime += seconds;
    else seller.totalVideoCallTime += seconds;
    this.rerank(seller, await this.sellers.averageRating(seller.id, tx));
  }

  /** The display name and bio are shown on every card and profile: offensive words are refused, field by field. */
  private assertCleanProfile(profile: { displayName?: string; bio?: string }) {
    const fields: Record<string, FieldMessage[]> = {};
    if (profile.displayName && this.filter.isOffensive(profile.displayName)) fields.displayName = [fieldMessage('seller_display_name_words_not_allowed')];
    if (profile.bio && this.filter.isOffensive(profile.bio)) fields.bio = [fieldMessage('seller_bio_words_not_allowed')];
    const first = Object.values(fields)[0];
    if (first) throw RpcErrors.badRequest(first[0].message, fields);
  }

  async publishUpdated(seller: Seller): Promise<void> {
    await this.rpc.emit(MarketplaceEvents.SellerUpdated, {
      sellerId: seller.id,
      userId: seller.userId,
      displayName: seller.displayName,
      isVerified: seller.isVerified,
      verificationStatus: seller.verificationStatus,
    } satisfies SellerUpdatedEvent);
  }

  private async decide(sellerId: number, actor: ActorDto, status: 'verified' | 'rejected', reason: string | null) {
    if (!canModerate(actor.role)) throw SellerErrors.notModerator();
    const decidedAt = new Date();
    const seller = await this.sellers.edit({ id: sellerId }, (found) => {
      found.verificationStatus = status;
      found.isVerified = status === 'verified';
      found.rejectionReason = reason;
      found.reviewedBy = actor.id;
      found.reviewedAt = decidedAt;
    });
    if (!seller) throw SellerErrors.notFound();
    await this.publishUpdated(seller);
    await this.rpc.emit(MarketplaceEvents.ApplicationDecided, {
      sellerId: seller.id,
      userId: seller.userId,
      status,
      reason,
      decidedAt: decidedAt.toISOString(),
    } satisfies SellerApplicationDecidedEvent);
    return toSellerProfileDto(seller);
  }

  private rerank(seller: Seller, averageRating: number) {
    seller.rankingScore = rankingScore({
      averageRating,
      reviewCount: seller.reviewCount,
      totalSessions: seller.totalSessions,
      responseTime: seller.responseTime,
    });
  }

  private async localeFor(ip: string | undefined): Promise<LocaleDto | undefined> {
    return ip ? this.locale.resolve(ip) : undefined;
  }
}

function trimAll(items: string[]): string[] {
  return items.map((item) => item.trim());
}

/** Keeps only the links given; empty means none. */
function cleanLinks(links: SocialMediaLinks | undefined): Seller['socialMediaLinks'] {
  const clean: Seller['socialMediaLinks'] = {};
  for (const key of ['instagram', 'twitter', 'linkedin', 'website'] as const) {
    const value = links?.[key]?.trim();
    if (value) clean[key] = value;
  }
  return clean;
}

/** The status buyers see from the seller's own settings: available, busy, or offline for the rest. */
function availabilityFrom(acceptsCalls: boolean, callAvailability: Seller['callAvailability']): Seller['availability'] {
  if (!acceptsCalls) return 'offline';
  if (callAvailability === 'available') return 'available';
  return callAvailability === 'busy' ? 'busy' : 'offline';
}
