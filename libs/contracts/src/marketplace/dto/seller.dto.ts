import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { fieldMessage, said } from '../../common/field-messages';
import { IsId, Optional } from '../../common/validation';
import {
  CALL_AVAILABILITY_VALUES,
  PORTFOLIO_ITEMS_MAX,
  PROFILE_MEDIA_MAX,
  REGISTRATION_CALL_AVAILABILITY,
  RESPONSE_TIMES,
  SELLER_AVAILABILITY,
  SELLER_CATEGORIES,
  SELLER_TIME_ZONES,
  TESTIMONIALS_MAX,
  VERIFICATION_STATUSES,
  type CallAvailability,
  type SellerAvailability,
  type VerificationStatus,
} from '../marketplace.constants';
import type { Currency } from '../currency';
import { SELLER_CHOICE_MESSAGES as M, SELLER_RULES } from '../seller-checks';
import {
  Checked,
  Flag,
  MediaUrl,
  OneOf,
  Price,
  TextLength,
  TextList,
  TimeOfDay,
  UrlOrEmpty,
  WholeNumberBetween,
} from './seller-rules';

/** In a PATCH a field may be left out, but a field that is sent (even null) must be valid. */
const IfSent = () => ValidateIf((_object, value) => value !== undefined);

/** One decorator per seller field, shared by the application and the profile editor; the rules are SELLER_RULES. */
const Rules = {
  displayName: () => TextLength(SELLER_RULES.displayName),
  category: () => OneOf(SELLER_CATEGORIES, M.category),
  bio: () => TextLength(SELLER_RULES.bio),
  aboutMe: () => TextLength(SELLER_RULES.aboutMe),
  experience: () => TextLength(SELLER_RULES.experience),
  education: () => TextLength(SELLER_RULES.education),
  workHistory: () => TextLength(SELLER_RULES.workHistory),
  languages: () => TextList(SELLER_RULES.languages),
  services: () => TextList(SELLER_RULES.services),
  specialties: () => TextList(SELLER_RULES.specialties),
  optionalList: () => TextList(SELLER_RULES.optionalList),
  audioPrice: () => Price(SELLER_RULES.audioPrice),
  videoPrice: () => Price(SELLER_RULES.videoPrice),
  timeZone: () => OneOf(SELLER_TIME_ZONES, M.timeZone),
  responseTime: () => OneOf(RESPONSE_TIMES, M.responseTime),
  media: () => MediaUrl(),
};

export class WorkingHoursDto {
  @TimeOfDay(M.startTime) start: string;
  @TimeOfDay(M.endTime) end: string;
  @TextList(SELLER_RULES.workingDays) days: string[];
}

export class SocialMediaLinksDto {
  @Optional() @UrlOrEmpty(M.url) instagram?: string;
  @Optional() @UrlOrEmpty(M.url) twitter?: string;
  @Optional() @UrlOrEmpty(M.url) linkedin?: string;
  @Optional() @UrlOrEmpty(M.url) website?: string;
}

export class PortfolioItemDto {
  @TextLength(SELLER_RULES.portfolioTitle) title: string;
  @TextLength(SELLER_RULES.portfolioDescription) description: string;
  @Optional() @IsArray() @ArrayMaxSize(10) @MediaUrl({ each: true }) images?: string[];
}

export class TestimonialDto {
  @TextLength(SELLER_RULES.clientName) clientName: string;
  @TextLength(SELLER_RULES.testimonialReview) review: string;
  @WholeNumberBetween(1, 5, M.testimonialRating) rating: number;
}

/** The five-step application (POST /api/sellers/register), with the spec's flat prices. */
export class RegisterSellerDto {
  @Rules.displayName() displayName: string;
  @Rules.category() category: string;
  @Rules.bio() bio: string;
  @Rules.aboutMe() aboutMe: string;
  @Rules.experience() experience: string;
  @Rules.education() education: string;
  @Rules.workHistory() workHistory: string;
  @Rules.languages() languages: string[];
  @Rules.services() services: string[];
  @Rules.specialties() specialties: string[];
  @Optional() @Rules.optionalList() certifications?: string[];
  @Optional() @Rules.optionalList() achievements?: string[];
  @Rules.audioPrice() audioPricing: number;
  @Rules.videoPrice() videoPricing: number;
  @Flag(M.acceptsCalls) acceptsCalls: boolean;
  @OneOf(REGISTRATION_CALL_AVAILABILITY, M.callAvailability) callAvailability: string;
  @Rules.timeZone() timeZone: string;
  @Rules.responseTime() responseTime: string;
  /** Left out means the default hours, 09:00-17:00 Monday to Friday. */
  @Optional() @IsObject() @ValidateNested() @Type(() => WorkingHoursDto) workingHours?: WorkingHoursDto;
  @Optional() @IsObject() @ValidateNested() @Type(() => SocialMediaLinksDto) socialMediaLinks?: SocialMediaLinksDto;
  @Optional() @IsArray() @ArrayMaxSize(PORTFOLIO_ITEMS_MAX) @ValidateNested({ each: true }) @Type(() => PortfolioItemDto)
  portfolioItems?: PortfolioItemDto[];
  @Optional() @IsArray() @ArrayMaxSize(TESTIMONIALS_MAX) @ValidateNested({ each: true }) @Type(() => TestimonialDto)
  testimonials?: TestimonialDto[];
  @Optional() @Rules.media() avatar?: string;
  @Optional() @Rules.media() introVideo?: string;
  @Optional() @IsArray() @ArrayMaxSize(PROFILE_MEDIA_MAX) @MediaUrl({ each: true })
  profileMedia?: string[];
  @Checked(M.agreeToTerms) agreeToTerms: boolean;
  @Checked(M.agreeToCommission) agreeToCommission: boolean;
}

export class AudioPriceDto {
  @Rules.audioPrice() price: number;
  @IsIn(['USD'], said('seller_price_currency')) currency: 'USD';
}

export class VideoPriceDto {
  @Rules.videoPrice() price: number;
  @IsIn(['USD'], said('seller_price_currency')) currency: 'USD';
}

export class SellerPricingDto {
  @IsObject() @ValidateNested() @Type(() => AudioPriceDto) audio: AudioPriceDto;
  @IsObject() @ValidateNested() @Type(() => VideoPriceDto) video: VideoPriceDto;
}

/** The profile editor's save (PATCH /api/sellers/profile/me): only what is sent changes. */
export class UpdateSellerProfileDto {
  @IfSent() @Rules.displayName() displayName?: string;
  @IfSent() @Rules.category() category?: string;
  @IfSent() @Rules.bio() bio?: string;
  @IfSent() @Rules.aboutMe() aboutMe?: string;
  @IfSent() @Rules.experience() experience?: string;
  @IfSent() @Rules.education() education?: string;
  @IfSent() @Rules.workHistory() workHistory?: string;
  @IfSent() @Rules.languages() languages?: string[];
  @IfSent() @Rules.services() services?: string[];
  @IfSent() @Rules.specialties() specialties?: string[];
  @IfSent() @Rules.optionalList() certifications?: string[];
  @IfSent() @Rules.optionalList() achievements?: string[];
  @IfSent() @IsObject() @ValidateNested() @Type(() => SellerPricingDto) pricing?: SellerPricingDto;
  @IfSent() @Flag(M.acceptsCalls) acceptsCalls?: boolean;
  @IfSent() @OneOf(CALL_AVAILABILITY_VALUES, fieldMessage('seller_call_availability_any_choice')) callAvailability?: string;
  @IfSent() @OneOf(SELLER_AVAILABILITY, fieldMessage('seller_availability_choice')) availability?: string;
  @IfSent() @Rules.timeZone() timeZone?: string;
  @IfSent() @Rules.responseTime() responseTime?: string;
  @IfSent() @IsObject() @ValidateNested() @Type(() => WorkingHoursDto) workingHours?: WorkingHoursDto;
  @IfSent() @IsObject() @ValidateNested() @Type(() => SocialMediaLinksDto) socialMediaLinks?: SocialMediaLinksDto;
  @IfSent() @IsArray() @ArrayMaxSize(PORTFOLIO_ITEMS_MAX) @ValidateNested({ each: true }) @Type(() => PortfolioItemDto)
  portfolioItems?: PortfolioItemDto[];
  @IfSent() @IsArray() @ArrayMaxSize(TESTIMONIALS_MAX) @ValidateNested({ each: true }) @Type(() => TestimonialDto)
  testimonials?: TestimonialDto[];
  /** null removes it. */
  @IsOptional() @Rules.media() avatar?: string | null;
  /** null removes it. */
  @IsOptional() @Rules.media() introVideo?: string | null;
  @IfSent() @IsArray() @ArrayMaxSize(PROFILE_MEDIA_MAX) @MediaUrl({ each: true }) profileMedia?: string[];
}

/** A moderator's reason for turning an application down. */
const REJECTION_REASON = {
  min: 1,
  max: 500,
  minMessage: fieldMessage('seller_rejection_reason_required'),
  maxMessage: fieldMessage('seller_rejection_reason_too_long'),
};

/** GET /api/sellers filters. */
export class SellerQueryDto {
  @Optional() @IsString() @MaxLength(20) category?: string;
  @Optional() @Type(() => Number) @IsId(said('seller_user_id_whole_number')) userId?: number;
  @Optional() @IsString() @MaxLength(100) q?: string;
}

export class FeaturedQueryDto {
  @Optional() @Type(() => Number) @IsInt() @Min(1) @Max(24) limit?: number;
}

export class ApplicationsQueryDto {
  @Optional() @IsIn(VERIFICATION_STATUSES, said('seller_status_choice')) status?: VerificationStatus;
}

export class RejectSellerDto {
  @TextLength(REJECTION_REASON)
  reason: string;
}

// ---- NATS payloads (the gateway adds who asks and from where) ----

export class SellerUserDto {
  @Type(() => Number) @IsId() id: number;
  @IsString() @MaxLength(50) username: string;
  @IsOptional() @IsString() @MaxLength(2048) avatar?: string | null;
}

export class RegisterSellerRequestDto extends RegisterSellerDto {
  @ValidateNested() @Type(() => SellerUserDto) user: SellerUserDto;
}

export class UpdateSellerRequestDto extends UpdateSellerProfileDto {
  @Type(() => Number) @IsId() userId: number;
  /** Absent means the caller's own profile. */
  @Optional() @Type(() => Number) @IsId() sellerId?: number;
}

/** Where the buyer is, to show prices in their currency. */
class ViewerDto {
  @Optional() @IsString() @MaxLength(64) ip?: string;
}

/** Who is looking, when signed in: applications that are not verified are theirs or a moderator's to see. */
class SignedInViewerDto extends ViewerDto {
  @Optional() @ValidateNested() @Type(() => ActorDto) viewer?: ActorDto;
}

export class ListSellersRequestDto extends SellerQueryDto {
  @Optional() @IsString() @MaxLength(64) ip?: string;
  @Optional() @ValidateNested() @Type(() => ActorDto) viewer?: ActorDto;
}

export class FeaturedRequestDto extends FeaturedQueryDto {
  @Optional() @IsString() @MaxLength(64) ip?: string;
}

export class GetSellerRequestDto extends SignedInViewerDto {
  @Type(() => Number) @IsId() id: number;
}

export class SellerOwnerDto {
  @Type(() => Number) @IsId() userId: number;
}

export class ListApplicationsRequestDto extends ApplicationsQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class ModerateSellerRequestDto {
  @Type(() => Number) @IsId() sellerId: number;
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class RejectSellerRequestDto extends ModerateSellerRequestDto {
  @TextLength(REJECTION_REASON)
  reason: string;
}

export class LocaleRequestDto extends ViewerDto {}

// ---- answers ----

export interface SellerPrice {
  price: number;
  currency: 'USD';
}
export interface SellerPricing {
  audio: SellerPrice;
  video: SellerPrice;
}
export interface LocalPrice {
  price: number;
  currency: Currency;
  symbol: string;
}
export interface WorkingHours {
  start: string;
  end: string;
  days: string[];
}
export interface SocialMediaLinks {
  instagram?: string;
  twitter?: string;
  linkedin?: string;
  website?: string;
}
export interface PortfolioItem {
  title: string;
  description: string;
  images: string[];
}
export interface Testimonial {
  clientName: string;
  review: string;
  rating: number;
}

/** A seller as anyone may see it. */
export interface SellerDto {
  id: number;
  userId: number;
  user: { id: number; username: string; avatar: string | null };
  displayName: string;
  category: string;
  bio: string;
  aboutMe: string;
  avatar: string | null;
  experience: string;
  education: string;
  workHistory: string;
  languages: string[];
  services: string[];
  specialties: string[];
  certifications: string[];
  achievements: string[];
  pricing: SellerPricing;
  /** The prices in the viewer's currency, when the viewer's location is known. */
  localPricing?: { audio: LocalPrice; video: LocalPrice };
  acceptsCalls: boolean;
  callAvailability: CallAvailability;
  isBusy: boolean;
  availability: SellerAvailability;
  timeZone: string;
  responseTime: string;
  workingHours: WorkingHours;
  socialMediaLinks: SocialMediaLinks;
  portfolioItems: PortfolioItem[];
  testimonials: Testimonial[];
  profileMedia: string[];
  introVideo: string | null;
  isVerified: boolean;
  verificationStatus: VerificationStatus;
  /** Average review rating to one decimal; 0 without reviews. */
  rating: number;
  reviewCount: number;
  totalSessions: number;
  /** Seconds. */
  totalAudioCallTime: number;
  /** Seconds. */
  totalVideoCallTime: number;
  rankingScore: number;
  createdAt: string;
  updatedAt: string;
}

/** The seller's own view and the moderators': with the outcome of the review. */
export interface SellerProfileDto extends SellerDto {
  rejectionReason: string | null;
  reviewedAt: string | null;
}

export interface CategoryCountDto {
  category: string;
  label: string;
  /** Verified sellers in the category. */
  count: number;
}

export interface RatingStatsDto {
  /** Average of every review, to one decimal; 0 without reviews. */
  rating: number;
  reviewCount: number;
}
