import {
  PAGE_HEADS,
  PLATFORM_COMMISSION_PERCENT,
  RESPONSE_TIMES,
  SELLER_LANGUAGES,
  SELLER_TIME_ZONES,
  SellerMessages,
  SellerToasts,
  WEEK_DAYS,
} from '@app/contracts/browser';

/** The spec's words and option lists, as the server has them (one source for both). */
export const SELLER_TOASTS = SellerToasts;

/** The agreements raise the spec's own toasts; the other fields are checked step by step with the server's rules. */
export const AGREEMENT_MESSAGES = {
  agreeToTerms: SellerMessages.agreeToTerms,
  agreeToCommission: SellerMessages.agreeToCommission,
};

export const SELLER_LANGUAGE_OPTIONS = SELLER_LANGUAGES;
export const RESPONSE_TIME_OPTIONS = RESPONSE_TIMES;
export const WEEK_DAY_OPTIONS = WEEK_DAYS;
/** UTC-12:00 to UTC+12:00 in hourly steps, plus UTC+05:30 (the server accepts exactly these). */
export const TIME_ZONE_OPTIONS = SELLER_TIME_ZONES;

export const REGISTRATION_CATEGORIES = [
  { id: 'dating', title: 'Dating & Romance' },
  { id: 'career', title: 'Career Guidance' },
  { id: 'friendship', title: 'Friendship' },
  { id: 'emotional', title: 'Emotional Support' },
  { id: 'fun', title: 'Fun & Entertainment' },
  { id: 'wellness', title: 'Wellness' },
  { id: 'education', title: 'Education' },
  { id: 'business', title: 'Business' },
] as const;

export const REGISTRATION_AVAILABILITY = [
  { id: 'available', title: 'Available' },
  { id: 'scheduled', title: 'By appointment' },
  { id: 'unavailable', title: 'Unavailable' },
] as const;

export const EDITOR_AVAILABILITY = [
  { id: 'available', title: 'Available' },
  { id: 'busy', title: 'Busy' },
  { id: 'offline', title: 'Offline' },
] as const;

export const DEFAULT_PRICES = { audio: 25, video: 35 } as const;
export const PRICE_BOUNDS = { audio: { min: 5, max: 500 }, video: { min: 10, max: 1000 }, step: 0.01 } as const;
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '17:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] };
export const DEFAULT_RESPONSE_TIME = 'within 1 hour';
/** Where the chat screen learns how a private chat was opened, to lead back there on leave. */
export const CHAT_SOURCE_KEY = 'chatSource';

export const MARKETPLACE_TEXT = {
  title: PAGE_HEADS.marketplace.title,
  subtitle: PAGE_HEADS.marketplace.description,
  searchLabel: 'Search experts',
  searchPlaceholder: 'Search by name or category',
  categoryLabel: 'Category',
  allCategories: 'All categories',
  signIn: 'Sign In',
  pricesIn: 'Prices in',
  chat: 'Chat',
  viewProfile: 'View profile',
  perMinute: '/min',
  loading: 'Loading experts...',
  empty: 'No experts match your search.',
  emptyHint: 'Try another name or category.',
  failed: 'Failed to fetch sellers',
  retry: 'Try again',
  notAccepting: 'Not accepting calls right now',
  reviews: (count: number) => `${count} ${count === 1 ? 'review' : 'reviews'}`,
  noReviews: 'New',
  status: { busy: 'Busy', available: 'Available', offline: 'Offline', unavailable: 'Unavailable' },
} as const;

export const SELLER_PAGE_TEXT = {
  loading: 'Loading seller profile...',
  notFound: 'Seller not found',
  notFoundHint: 'This expert may have left the marketplace.',
  loadFailed: 'This profile could not be loaded right now.',
  retry: 'Try again',
  back: 'Back to Marketplace',
  verified: 'Verified',
  unverified: 'Unverified',
  startingFrom: 'Starting from',
  perMinute: '/min',
  startChat: 'Start Chat',
  starting: 'Starting...',
  experience: 'Experience',
  languages: 'Languages',
  responds: 'Responds',
  timeZone: 'Time zone',
  notAcceptingCalls: 'Not accepting calls right now; you can still send a message.',
  tabs: { about: 'About', services: 'Services', media: 'Media', reviews: 'Reviews' },
  introVideo: 'Intro video',
  aboutMe: 'About Me',
  noDescription: 'No detailed description available.',
  specialties: 'Specialties',
  audioCall: 'Audio Call',
  audioCallHint: 'Voice consultation',
  videoCall: 'Video Call',
  videoCallHint: 'Face-to-face consultation',
  whatIOffer: 'What I Offer',
  noMedia: 'No media available',
  reviewsTitle: (count: number) => `Reviews (${count})`,
  noReviews: 'No reviews yet',
  reviewsLoading: 'Loading reviews...',
  reviewsFailed: 'Reviews could not be loaded.',
  cannotStartTitle: 'Cannot Start Chat',
  cannotStartSelf: 'You cannot start a private chat with yourself',
  startFailed: 'Failed to start private chat. Please try again.',
  reviewFormTitle: 'Rate this expert',
  reviewFormEditTitle: 'Your review',
  rating: 'Rating',
  star: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  comment: 'Comment',
  commentPlaceholder: 'How was your conversation?',
  submitReview: 'Submit Review',
  updateReview: 'Update Review',
  submittingReview: 'Submitting...',
  reviewSaved: 'Thank you for your review',
  reviewFailed: 'Review not saved',
  chooseRating: 'Please choose a rating',
  anonymousBuyer: 'Member',
} as const;

export const WIZARD_TEXT = {
  title: 'Become a Seller',
  subtitle: 'Share your expertise with people who need it. Apply in five steps.',
  signInHint: 'Please sign in to apply as an expert.',
  loading: 'Loading...',
  steps: ['Basic Info', 'Skills & Services', 'Pricing & Availability', 'Portfolio', 'Review & Submit'],
  stepOf: (step: number, total: number) => `Step ${step} of ${total}`,
  previous: 'Previous',
  next: 'Next',
  submit: 'Submit Application',
  submitting: 'Submitting...',
  errorsTitle: 'Please fix the following:',
  /** Next (or Submit) pressed with fields of a step breaking their rules. */
  stepProblems: (title: string, count: number) => ({
    title: `${title} needs attention`,
    description: count === 1 ? 'Fix the field listed above to continue.' : `Fix the ${count} fields listed above to continue.`,
  }),
  goToStep: (title: string) => `Go to ${title}`,
  displayName: 'Display Name',
  displayNameHint: 'How buyers will see you (2-50 characters).',
  category: 'Category',
  chooseCategory: 'Choose a category',
  bio: 'Short Bio',
  bioHint: 'A short introduction shown on your card (50-500 characters).',
  aboutMe: 'About Me',
  aboutMeHint: 'Tell buyers about yourself in detail (100-2000 characters).',
  experience: 'Experience',
  experiencePlaceholder: 'e.g. 8 years as a career coach',
  education: 'Education',
  workHistory: 'Work History',
  languages: 'Languages',
  services: 'Services',
  servicesPlaceholder: 'Add a service and press Enter',
  specialties: 'Specialties',
  specialtiesPlaceholder: 'Add a specialty and press Enter',
  certifications: 'Certifications (optional)',
  certificationsPlaceholder: 'Add a certification and press Enter',
  achievements: 'Achievements (optional)',
  achievementsPlaceholder: 'Add an achievement and press Enter',
  audioPricing: 'Audio call price (USD per minute)',
  videoPricing: 'Video call price (USD per minute)',
  acceptsCalls: 'Accept calls',
  callAvailability: 'Call availability',
  timeZone: 'Time zone',
  responseTime: 'Response time',
  workingHours: 'Working hours',
  start: 'Start',
  end: 'End',
  days: 'Working days',
  portfolio: 'Portfolio items',
  portfolioHint: 'Show buyers examples of your work (optional).',
  itemTitle: 'Title',
  itemDescription: 'Description',
  addItem: 'Add portfolio item',
  testimonials: 'Testimonials',
  testimonialsHint: 'What earlier clients said about you (optional).',
  clientName: 'Client name',
  review: 'Review',
  testimonialRating: 'Rating (1-5)',
  addTestimonial: 'Add testimonial',
  remove: 'Remove',
  socialLinks: 'Social links',
  summary: 'Summary',
  reviewNote: 'Your profile will be reviewed by our team within 24-48 hours.',
  agreeToTerms: 'I agree to the terms of service and privacy policy',
  agreeToCommission: `I understand the commission structure (${PLATFORM_COMMISSION_PERCENT}% platform fee on all transactions)`,
  none: 'None',
  yes: 'Yes',
  no: 'No',
} as const;

export const SOCIAL_LINK_FIELDS = [
  { id: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/you' },
  { id: 'twitter', label: 'Twitter', placeholder: 'https://twitter.com/you' },
  { id: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/you' },
  { id: 'website', label: 'Website', placeholder: 'https://example.com' },
] as const;

export const EDITOR_TEXT = {
  title: 'Seller Profile',
  subtitle: 'Manage your public expert profile.',
  signInHint: 'Please sign in to manage your expert profile.',
  accessDenied: 'Access Denied',
  accessDeniedHint: 'Only experts and applicants have a seller profile to manage.',
  becomeSeller: 'Become a Seller',
  loading: 'Loading your profile...',
  loadFailed: 'Your seller profile could not be loaded.',
  retry: 'Try again',
  edit: 'Edit Profile',
  cancel: 'Cancel',
  save: 'Save Changes',
  saving: 'Saving...',
  viewPublic: 'View public profile',
  tabsLabel: 'Profile sections',
  tabs: { overview: 'Overview', professional: 'Professional', pricing: 'Pricing & Availability', portfolio: 'Portfolio', media: 'Media' },
  status: {
    pending: 'Your application is under review. Our team reviews applications within 24-48 hours.',
    verified: 'Your profile is verified and visible in the marketplace.',
    rejected: 'Your application was not approved.',
    rejectedReason: 'Reason:',
    rejectedHint: 'Update your profile and save it to send it for review again.',
  },
  stats: { rating: 'Rating', sessions: 'Sessions', callTime: 'Call time', ranking: 'Ranking' },
  hours: (h: number) => `${h} h`,
  avatar: 'Avatar',
  addTagHint: 'Press Enter to add',
  removeTag: (tag: string) => `Remove ${tag}`,
  rates: 'Rates',
  audioRate: 'Audio call (USD per minute)',
  videoRate: 'Video call (USD per minute)',
  certifications: 'Certifications',
  achievements: 'Achievements',
  addPortfolio: 'Add portfolio item',
  portfolioTitlePrompt: 'Portfolio item title',
  portfolioDescriptionPrompt: 'Portfolio item description',
  noPortfolio: 'No portfolio items yet.',
  introVideo: 'Intro video',
  noIntroVideo: 'No intro video yet.',
  uploadVideo: 'Upload intro video',
  removeVideo: 'Remove video',
  gallery: 'Gallery',
  noGallery: 'No images yet.',
  uploadImage: 'Upload image',
  removeImage: 'Remove image',
  uploading: 'Uploading...',
  uploadSuccess: { title: 'Upload successful', description: 'Your file has been uploaded successfully.' },
  uploadFailed: 'Upload failed',
  uploadFallback: 'Failed to upload file',
  workingHours: 'Working hours',
} as const;

/** The applicant's own view of their application, on their profile page. */
export const APPLICATION_TEXT = {
  title: 'Seller application',
  manage: 'Seller Profile',
} as const;

type RegistrationNotice = { title: string; description: string; action?: { label: string; to: string } };

/** Someone who has applied already follows the application instead of filling in the wizard again. */
export const APPLIED_NOTICE: RegistrationNotice = {
  title: 'You have already applied',
  description: 'Your application has been received. Manage your profile and follow its review there.',
  action: { label: 'Seller Profile', to: '/seller-profile' },
};

/** Accounts that cannot apply are told why instead of filling in the wizard. */
export const REGISTRATION_NOTICES: Partial<Record<string, RegistrationNotice>> = {
  seller: {
    title: 'You are already an expert',
    description: 'Your application has been received. Manage your profile and follow its review there.',
    action: { label: 'Seller Profile', to: '/seller-profile' },
  },
  guest: {
    title: 'Create a free account first',
    description: 'Guests cannot apply. Sign up for a free account, then apply as an expert.',
    action: { label: 'Sign Up', to: '/auth' },
  },
  moderator: {
    title: 'Moderators cannot apply',
    description: 'Moderator accounts review applications rather than sell consultations.',
    action: { label: 'Review applications', to: '/moderation' },
  },
};
