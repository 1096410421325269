import {
  CURRENCY_SYMBOLS,
  convertPrice,
  type LocaleDto,
  type SellerDto,
  type SellerProfileDto,
} from '@app/contracts';
import type { Seller } from './seller.entity';

export function toSellerDto(seller: Seller, locale?: LocaleDto): SellerDto {
  const dto: SellerDto = {
    id: seller.id,
    userId: seller.userId,
    user: { id: seller.userId, username: seller.username, avatar: seller.userAvatar },
    displayName: seller.displayName,
    category: seller.category,
    bio: seller.bio,
    aboutMe: seller.aboutMe,
    avatar: seller.avatar ?? seller.userAvatar,
    experience: seller.experience,
    education: seller.education,
    workHistory: seller.workHistory,
    languages: seller.languages,
    services: seller.services,
    specialties: seller.specialties,
    certifications: seller.certifications,
    achievements: seller.achievements,
    pricing: seller.pricing,
    acceptsCalls: seller.acceptsCalls,
    callAvailability: seller.callAvailability,
    isBusy: seller.isBusy,
    availability: seller.availability,
    timeZone: seller.timeZone,
    responseTime: seller.responseTime,
    workingHours: seller.workingHours,
    socialMediaLinks: seller.socialMediaLinks,
    portfolioItems: seller.portfolioItems,
    testimonials: seller.testimonials,
    profileMedia: seller.profileMedia,
    introVideo: seller.introVideo,
    isVerified: seller.isVerified,
    verificationStatus: seller.verificationStatus,
    rating: seller.rating,
    reviewCount: seller.reviewCount,
    totalSessions: seller.totalSessions,
    totalAudioCallTime: seller.totalAudioCallTime,
    totalVideoCallTime: seller.totalVideoCallTime,
    rankingScore: seller.rankingScore,
    createdAt: seller.createdAt.toISOString(),
    updatedAt: seller.updatedAt.toISOString(),
  };
  if (locale) {
    const local = (usd: number) => ({
      price: convertPrice(usd, locale.currency, locale.rate),
      currency: locale.currency,
      symbol: CURRENCY_SYMBOLS[locale.currency],
    });
    dto.localPricing = { audio: local(seller.pricing.audio.price), video: local(seller.pricing.video.price) };
  }
  return dto;
}

export function toSellerProfileDto(seller: Seller): SellerProfileDto {
  return {
    ...toSellerDto(seller),
    rejectionReason: seller.rejectionReason,
    reviewedAt: seller.reviewedAt?.toISOString() ?? null,
  };
}
