import { Entity, Index, OptionalProps, PrimaryKey, Property } from '@mikro-orm/core';
import {
  DEFAULT_RESPONSE_TIME,
  DEFAULT_WORKING_HOURS,
  type CallAvailability,
  type PortfolioItem,
  type SellerAvailability,
  type SellerPricing,
  type SocialMediaLinks,
  type Testimonial,
  type VerificationStatus,
  type WorkingHours,
} from '@app/contracts';

@Entity({ tableName: 'sellers' })
export class Seller {
  [OptionalProps]?:
    | 'createdAt'
    | 'updatedAt'
    | 'userAvatar'
    | 'accountDeletionPending'
    | 'avatar'
    | 'isBusy'
    | 'isVerified'
    | 'verificationStatus'
    | 'rejectionReason'
    | 'reviewedBy'
    | 'reviewedAt'
    | 'rating'
    | 'reviewCount'
    | 'totalSessions'
    | 'totalAudioCallTime'
    | 'totalVideoCallTime'
    | 'rankingScore'
    | 'acceptsCalls'
    | 'callAvailability'
    | 'availability'
    | 'responseTime'
    | 'workingHours'
    | 'socialMediaLinks'
    | 'portfolioItems'
    | 'testimonials'
    | 'profileMedia'
    | 'introVideo'
    | 'certifications'
    | 'achievements';

  @PrimaryKey({ type: 'integer', autoincrement: true })
  id!: number;

  /** The account in auth-svc; a user has at most one seller profile. */
  @Property({ type: 'integer', unique: true })
  userId!: number;

  /** Copied from the account at application and kept by user.updated events. */
  @Property({ type: 'string', length: 50 })
  username!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  userAvatar: string | null = null;

  @Property({ type: 'string', length: 50 })
  displayName!: string;

  @Index()
  @Property({ type: 'string', length: 20 })
  category!: string;

  @Property({ type: 'text' })
  bio!: string;

  @Property({ type: 'text' })
  aboutMe!: string;

  @Property({ type: 'string', length: 2048, nullable: true })
  avatar: string | null = null;

  @Property({ type: 'string', length: 200 })
  experience!: string;

  @Property({ type: 'text' })
  education!: string;

  @Property({ type: 'text' })
  workHistory!: string;

  @Property({ type: 'json' })
  languages: string[] = [];

  @Property({ type: 'json' })
  services: string[] = [];

  @Property({ type: 'json' })
  specialties: string[] = [];

  @Property({ type: 'json' })
  certifications: string[] = [];

  @Property({ type: 'json' })
  achievements: string[] = [];

  /** Per-minute prices in USD. */
  @Property({ type: 'json' })
  pricing!: SellerPricing;

  @Property({ type: 'boolean' })
  acceptsCalls = true;

  @Property({ type: 'string', length: 16 })
  callAvailability: CallAvailability = 'available';

  /** In a call right now. */
  @Property({ type: 'boolean' })
  isBusy = false;

  @Property({ type: 'string', length: 16 })
  availability: SellerAvailability = 'available';

  @Property({ type: 'string', length: 16 })
  timeZone!: string;

  @Property({ type: 'string', length: 32 })
  responseTime: string = DEFAULT_RESPONSE_TIME;

  @Property({ type: 'json' })
  workingHours: WorkingHours = structuredClone(DEFAULT_WORKING_HOURS);

  @Property({ type: 'json' })
  socialMediaLinks: SocialMediaLinks = {};

  @Property({ type: 'json' })
  portfolioItems: PortfolioItem[] = [];

  @Property({ type: 'json' })
  testimonials: Testimonial[] = [];

  @Property({ type: 'json' })
  profileMedia: string[] = [];

  @Property({ type: 'string', length: 2048, nullable: true })
  introVideo: string | null = null;

  @Property({ type: 'boolean' })
  isVerified = false;

  @Index()
  @Property({ type: 'string', length: 16 })
  verificationStatus: VerificationStatus = 'pending';

  @Property({ type: 'text', nullable: true })
  rejectionReason: string | null = null;

  /** The owner asked to delete their account: not listed until the grace ends (erased) or a sign-in cancels it. */
  @Property({ type: 'boolean' })
  accountDeletionPending = false;

  @Property({ type: 'integer', nullable: true })
  reviewedBy: number | null = null;

  @Property({ type: 'datetime', nullable: true })
  reviewedAt: Date | null = null;

  /** Average review rating to one decimal. */
  @Property({ type: 'double' })
  rating = 0;

  @Property({ type: 'integer' })
  reviewCount = 0;

  @Property({ type: 'integer' })
  totalSessions = 0;

  /** Seconds. */
  @Property({ type: 'integer' })
  totalAudioCallTime = 0;

  /** Seconds. */
  @Property({ type: 'integer' })
  totalVideoCallTime = 0;

  @Index()
  @Property({ type: 'double' })
  rankingScore = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
