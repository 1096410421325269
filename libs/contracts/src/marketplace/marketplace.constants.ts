// The categories live in a module of their own (see there); importers of these constants still find them here.
export * from './categories';

export const SELLER_LANGUAGES = [
  'English', 'Spanish', 'French', 'German', 'Italian', 'Portuguese', 'Hindi', 'Mandarin', 'Japanese',
  'Korean', 'Arabic', 'Russian', 'Dutch', 'Swedish', 'Norwegian', 'Danish', 'Finnish', 'Polish',
] as const;

/** UTC-12:00 to UTC+12:00 in hourly steps, plus India's UTC+05:30. */
export const SELLER_TIME_ZONES: readonly string[] = (() => {
  const zones: string[] = [];
  for (let hour = -12; hour <= 12; hour++) {
    zones.push(`UTC${hour < 0 ? '-' : '+'}${String(Math.abs(hour)).padStart(2, '0')}:00`);
    if (hour === 5) zones.push('UTC+05:30');
  }
  return zones;
})();

export const RESPONSE_TIMES = ['within 15 minutes', 'within 1 hour', 'within 2 hours', 'within 24 hours'] as const;
export type ResponseTime = (typeof RESPONSE_TIMES)[number];
export const DEFAULT_RESPONSE_TIME: ResponseTime = 'within 1 hour';

export const WEEK_DAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '17:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] };

/** The application offers the first three; the profile editor offers available, busy, offline. */
export const CALL_AVAILABILITY_VALUES = ['available', 'scheduled', 'unavailable', 'busy', 'offline'] as const;
export type CallAvailability = (typeof CALL_AVAILABILITY_VALUES)[number];
export const REGISTRATION_CALL_AVAILABILITY = ['available', 'scheduled', 'unavailable'] as const;

/** Live status shown on cards next to isBusy. */
export const SELLER_AVAILABILITY = ['available', 'busy', 'offline'] as const;
export type SellerAvailability = (typeof SELLER_AVAILABILITY)[number];

export const VERIFICATION_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];

/** Per-minute prices in USD. */
export const AUDIO_PRICE_MIN = 5;
export const AUDIO_PRICE_MAX = 500;
export const VIDEO_PRICE_MIN = 10;
export const VIDEO_PRICE_MAX = 1000;
export const PRICE_STEP = 0.01;
export const DEFAULT_AUDIO_PRICE = 25;
export const DEFAULT_VIDEO_PRICE = 35;
export const PLATFORM_COMMISSION = 0.15;
/** The commission in whole percent, as people read it and as the split is computed (integer arithmetic, no 0.15 rounding error). */
export const PLATFORM_COMMISSION_PERCENT = Math.round(PLATFORM_COMMISSION * 100);

export const DISPLAY_NAME_MIN = 2;
export const DISPLAY_NAME_MAX = 50;
export const SELLER_BIO_MIN = 50;
export const SELLER_BIO_MAX = 500;
export const ABOUT_ME_MIN = 100;
export const ABOUT_ME_MAX = 2000;
export const EDUCATION_MIN = 10;
export const WORK_HISTORY_MIN = 50;
export const LONG_TEXT_MAX = 2000;
export const PORTFOLIO_DESCRIPTION_MIN = 10;
export const TESTIMONIAL_REVIEW_MIN = 20;
export const LIST_ITEMS_MAX = 30;
export const LIST_ITEM_LENGTH_MAX = 100;
export const PORTFOLIO_ITEMS_MAX = 20;
export const TESTIMONIALS_MAX = 20;
export const PROFILE_MEDIA_MAX = 20;
export const REVIEW_COMMENT_MAX = 1000;
export const REJECTION_REASON_MAX = 500;

/** Every message of the seller application, as the wizard and the server show them. */
export const SellerMessages = {
  displayNameMin: 'Display name must be at least 2 characters',
  displayNameMax: 'Display name must be at most 50 characters',
  category: 'Please select a category',
  bioMin: 'Bio must be at least 50 characters',
  bioMax: 'Bio must be at most 500 characters',
  aboutMeMin: 'About me must be at least 100 characters',
  aboutMeMax: 'About me must be at most 2000 characters',
  experience: 'Experience is required',
  education: 'Education details are required',
  workHistory: 'Work history must be at least 50 characters',
  languages: 'At least one language is required',
  services: 'At least one service is required',
  specialties: 'At least one specialty is required',
  audioPricingMin: 'Audio pricing must be at least $5',
  audioPricingMax: 'Audio pricing must be at most $500',
  videoPricingMin: 'Video pricing must be at least $10',
  videoPricingMax: 'Video pricing must be at most $1000',
  priceStep: 'Prices go in steps of $0.01',
  acceptsCalls: 'Accepts calls must be true or false',
  callAvailability: 'Call availability must be available, scheduled or unavailable',
  timeZone: 'Time zone is required',
  responseTime: 'Response time is required',
  startTime: 'Start time is required',
  endTime: 'End time is required',
  workingDays: 'At least one working day is required',
  url: 'Please enter a valid URL',
  portfolioTitle: 'Title is required',
  portfolioDescription: 'Description must be at least 10 characters',
  clientName: 'Client name is required',
  testimonialReview: 'Review must be at least 20 characters',
  testimonialRating: 'Rating must be between 1 and 5',
  agreeToTerms: 'You must agree to terms and conditions',
  agreeToCommission: 'You must agree to commission structure',
} as const;

/** Toasts of the wizard and the editor. */
export const SellerToasts = {
  registered: { title: 'Registration Successful!', description: 'Your seller profile has been created and is under review.' },
  registrationFailed: { title: 'Registration Failed', fallback: 'Registration failed' },
  termsRequired: { title: 'Terms Required', description: 'You must agree to the terms and conditions' },
  commissionRequired: { title: 'Commission Agreement Required', description: 'You must agree to the commission structure' },
  profileSaved: { title: 'Profile updated successfully', description: 'Your changes have been saved.' },
  profileSaveFailed: { title: 'Error updating profile', fallback: 'Failed to update profile' },
} as const;
