import {
  PLATFORM_COMMISSION_PERCENT,
  RESPONSE_TIMES,
  SELLER_LANGUAGES,
  SELLER_CHOICE_MESSAGES,
  SELLER_TIME_ZONES,
  SellerToasts,
  WEEK_DAYS,
} from '@app/contracts/browser';
import marketplaceEnglish from '@/i18n/catalogues/en/marketplace.json';
import { addEnglish, t, type MessageId } from '@/i18n/i18n';
import { wordField } from '@/lib/errors';
import { spoken, withValues } from '@/i18n/spoken';

// The marketplace speaks through its catalogues (src/i18n/catalogues/*/marketplace.json); the
// English comes with the code that shows it.
addEnglish(marketplaceEnglish);

/** The spec's words and option lists, as the server has them (one source for both). */
export const SELLER_TOASTS = SellerToasts;

/** The agreements raise the spec's own toasts; the other fields are checked step by step with the server's rules. */
export const AGREEMENT_MESSAGES = {
  get agreeToTerms() {
    return wordField(SELLER_CHOICE_MESSAGES.agreeToTerms, SELLER_CHOICE_MESSAGES.agreeToTerms.message);
  },
  get agreeToCommission() {
    return wordField(SELLER_CHOICE_MESSAGES.agreeToCommission, SELLER_CHOICE_MESSAGES.agreeToCommission.message);
  },
};

export const SELLER_LANGUAGE_OPTIONS = SELLER_LANGUAGES;
export const RESPONSE_TIME_OPTIONS = RESPONSE_TIMES;
export const WEEK_DAY_OPTIONS = WEEK_DAYS;
/** UTC-12:00 to UTC+12:00 in hourly steps, plus UTC+05:30 (the server accepts exactly these). */
export const TIME_ZONE_OPTIONS = SELLER_TIME_ZONES;

/** A choice whose id the server takes, titled in the language spoken. */
const choice = <Id extends string>(id: Id, title: MessageId) => ({
  id,
  get title() {
    return t(title);
  },
});

export const REGISTRATION_CATEGORIES = [
  choice('dating', 'categories.dating'),
  choice('career', 'categories.career'),
  choice('friendship', 'categories.friendship'),
  choice('emotional', 'categories.emotional'),
  choice('fun', 'categories.fun'),
  choice('wellness', 'categories.wellness'),
  choice('education', 'categories.education'),
  choice('business', 'categories.business'),
] as const;

export const REGISTRATION_AVAILABILITY = [
  choice('available', 'marketplace.availability.available'),
  choice('scheduled', 'marketplace.availability.scheduled'),
  choice('unavailable', 'marketplace.availability.unavailable'),
] as const;

export const EDITOR_AVAILABILITY = [
  choice('available', 'marketplace.availability.available'),
  choice('busy', 'marketplace.availability.busy'),
  choice('offline', 'marketplace.availability.offline'),
] as const;

export const DEFAULT_PRICES = { audio: 25, video: 35 } as const;
export const PRICE_BOUNDS = { audio: { min: 5, max: 500 }, video: { min: 10, max: 1000 }, step: 0.01 } as const;
export const DEFAULT_WORKING_HOURS = { start: '09:00', end: '17:00', days: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'] };
export const DEFAULT_RESPONSE_TIME = 'within 1 hour';

export const MARKETPLACE_TEXT = spoken({
  // The page's head says the same (PAGE_HEADS in the contracts, which the server writes in English).
  title: 'marketplace.title',
  subtitle: 'marketplace.subtitle',
  searchLabel: 'marketplace.searchLabel',
  verified: 'marketplace.sellerPage.verified',
  experts: 'marketplace.experts',
  searchPlaceholder: 'marketplace.searchPlaceholder',
  categoryLabel: 'marketplace.categoryLabel',
  allCategories: 'marketplace.allCategories',
  signIn: 'marketplace.signIn',
  pricesIn: 'marketplace.pricesIn',
  chat: 'marketplace.chat',
  chatWith: (name: string) => t('marketplace.chatWith', { name }),
  viewProfile: 'marketplace.viewProfile',
  perMinute: 'marketplace.perMinute',
  loading: 'marketplace.loading',
  empty: 'marketplace.empty',
  emptyHint: 'marketplace.emptyHint',
  failed: 'marketplace.failed',
  retry: 'marketplace.retry',
  notAccepting: 'marketplace.notAccepting',
  reviews: (count: number) => t('marketplace.reviews', { count }),
  noReviews: 'marketplace.noReviews',
  status: { busy: 'marketplace.status.busy', available: 'marketplace.status.available', offline: 'marketplace.status.offline', unavailable: 'marketplace.status.unavailable' },
});

export const SELLER_PAGE_TEXT = spoken({
  loading: 'marketplace.sellerPage.loading',
  notFound: 'marketplace.sellerPage.notFound',
  notFoundHint: 'marketplace.sellerPage.notFoundHint',
  loadFailed: 'marketplace.sellerPage.loadFailed',
  retry: 'marketplace.sellerPage.retry',
  back: 'marketplace.sellerPage.back',
  verified: 'marketplace.sellerPage.verified',
  unverified: 'marketplace.sellerPage.unverified',
  startingFrom: 'marketplace.sellerPage.startingFrom',
  perMinute: 'marketplace.sellerPage.perMinute',
  startChat: 'marketplace.sellerPage.startChat',
  starting: 'marketplace.sellerPage.starting',
  experience: 'marketplace.sellerPage.experience',
  languages: 'marketplace.sellerPage.languages',
  responds: 'marketplace.sellerPage.responds',
  timeZone: 'marketplace.sellerPage.timeZone',
  notAcceptingCalls: 'marketplace.sellerPage.notAcceptingCalls',
  tabs: { about: 'marketplace.sellerPage.tabs.about', services: 'marketplace.sellerPage.tabs.services', media: 'marketplace.sellerPage.tabs.media', reviews: 'marketplace.sellerPage.tabs.reviews' },
  introVideo: 'marketplace.sellerPage.introVideo',
  aboutMe: 'marketplace.sellerPage.aboutMe',
  noDescription: 'marketplace.sellerPage.noDescription',
  specialties: 'marketplace.sellerPage.specialties',
  audioCall: 'marketplace.sellerPage.audioCall',
  audioCallHint: 'marketplace.sellerPage.audioCallHint',
  videoCall: 'marketplace.sellerPage.videoCall',
  videoCallHint: 'marketplace.sellerPage.videoCallHint',
  whatIOffer: 'marketplace.sellerPage.whatIOffer',
  noMedia: 'marketplace.sellerPage.noMedia',
  reviewsTitle: (count: number) => t('marketplace.sellerPage.reviewsTitle', { count }),
  noReviews: 'marketplace.sellerPage.noReviews',
  reviewsLoading: 'marketplace.sellerPage.reviewsLoading',
  reviewsFailed: 'marketplace.sellerPage.reviewsFailed',
  cannotStartTitle: 'marketplace.sellerPage.cannotStartTitle',
  cannotStartSelf: 'marketplace.sellerPage.cannotStartSelf',
  startFailed: 'marketplace.sellerPage.startFailed',
  reviewFormTitle: 'marketplace.sellerPage.reviewFormTitle',
  reviewFormEditTitle: 'marketplace.sellerPage.reviewFormEditTitle',
  rating: 'marketplace.sellerPage.rating',
  star: (n: number) => t('marketplace.sellerPage.star', { n }),
  comment: 'marketplace.sellerPage.comment',
  commentPlaceholder: 'marketplace.sellerPage.commentPlaceholder',
  submitReview: 'marketplace.sellerPage.submitReview',
  updateReview: 'marketplace.sellerPage.updateReview',
  submittingReview: 'marketplace.sellerPage.submittingReview',
  reviewSaved: 'marketplace.sellerPage.reviewSaved',
  reviewFailed: 'marketplace.sellerPage.reviewFailed',
  chooseRating: 'marketplace.sellerPage.chooseRating',
  anonymousBuyer: 'marketplace.sellerPage.anonymousBuyer',
});

export const WIZARD_TEXT = spoken({
  title: 'marketplace.wizard.title',
  subtitle: 'marketplace.wizard.subtitle',
  signInHint: 'marketplace.wizard.signInHint',
  loading: 'marketplace.wizard.loading',
  steps: ['marketplace.wizard.steps.0', 'marketplace.wizard.steps.1', 'marketplace.wizard.steps.2', 'marketplace.wizard.steps.3', 'marketplace.wizard.steps.4'],
  stepOf: (step: number, total: number) => t('marketplace.wizard.stepOf', { step, total }),
  progress: 'marketplace.wizard.progress',
  previous: 'marketplace.wizard.previous',
  next: 'marketplace.wizard.next',
  submit: 'marketplace.wizard.submit',
  submitting: 'marketplace.wizard.submitting',
  errorsTitle: 'marketplace.wizard.errorsTitle',
  /** Next (or Submit) pressed with fields of a step breaking their rules. */
  stepProblems: (title: string, count: number) => ({
    title: t('marketplace.wizard.stepProblems.title', { title }),
    description: t('marketplace.wizard.stepProblems.description', { count }),
  }),
  goToStep: (title: string) => t('marketplace.wizard.goToStep', { title }),
  displayName: 'marketplace.wizard.displayName',
  displayNameHint: 'marketplace.wizard.displayNameHint',
  category: 'marketplace.wizard.category',
  chooseCategory: 'marketplace.wizard.chooseCategory',
  bio: 'marketplace.wizard.bio',
  bioHint: 'marketplace.wizard.bioHint',
  aboutMe: 'marketplace.wizard.aboutMe',
  aboutMeHint: 'marketplace.wizard.aboutMeHint',
  experience: 'marketplace.wizard.experience',
  experiencePlaceholder: 'marketplace.wizard.experiencePlaceholder',
  education: 'marketplace.wizard.education',
  workHistory: 'marketplace.wizard.workHistory',
  languages: 'marketplace.wizard.languages',
  services: 'marketplace.wizard.services',
  servicesPlaceholder: 'marketplace.wizard.servicesPlaceholder',
  specialties: 'marketplace.wizard.specialties',
  specialtiesPlaceholder: 'marketplace.wizard.specialtiesPlaceholder',
  certifications: 'marketplace.wizard.certifications',
  certificationsPlaceholder: 'marketplace.wizard.certificationsPlaceholder',
  achievements: 'marketplace.wizard.achievements',
  achievementsPlaceholder: 'marketplace.wizard.achievementsPlaceholder',
  audioPricing: 'marketplace.wizard.audioPricing',
  videoPricing: 'marketplace.wizard.videoPricing',
  acceptsCalls: 'marketplace.wizard.acceptsCalls',
  callAvailability: 'marketplace.wizard.callAvailability',
  timeZone: 'marketplace.wizard.timeZone',
  responseTime: 'marketplace.wizard.responseTime',
  workingHours: 'marketplace.wizard.workingHours',
  start: 'marketplace.wizard.start',
  end: 'marketplace.wizard.end',
  days: 'marketplace.wizard.days',
  portfolio: 'marketplace.wizard.portfolio',
  portfolioHint: 'marketplace.wizard.portfolioHint',
  itemTitle: 'marketplace.wizard.itemTitle',
  itemDescription: 'marketplace.wizard.itemDescription',
  addItem: 'marketplace.wizard.addItem',
  testimonials: 'marketplace.wizard.testimonials',
  testimonialsHint: 'marketplace.wizard.testimonialsHint',
  clientName: 'marketplace.wizard.clientName',
  review: 'marketplace.wizard.review',
  testimonialRating: 'marketplace.wizard.testimonialRating',
  addTestimonial: 'marketplace.wizard.addTestimonial',
  remove: 'marketplace.wizard.remove',
  socialLinks: 'marketplace.wizard.socialLinks',
  summary: 'marketplace.wizard.summary',
  reviewNote: 'marketplace.wizard.reviewNote',
  agreeToTerms: 'marketplace.wizard.agreeToTerms',
  agreeToCommission: withValues('marketplace.wizard.agreeToCommission', { percent: PLATFORM_COMMISSION_PERCENT }),
  none: 'marketplace.wizard.none',
  yes: 'marketplace.wizard.yes',
  no: 'marketplace.wizard.no',
});

export const SOCIAL_LINK_FIELDS = [
  { id: 'instagram', label: 'Instagram', placeholder: 'https://instagram.com/you' },
  { id: 'twitter', label: 'Twitter', placeholder: 'https://twitter.com/you' },
  { id: 'linkedin', label: 'LinkedIn', placeholder: 'https://linkedin.com/in/you' },
  {
    id: 'website',
    get label() {
      return t('marketplace.social.website');
    },
    placeholder: 'https://example.com',
  },
] as const;

export const EDITOR_TEXT = spoken({
  title: 'marketplace.editor.title',
  subtitle: 'marketplace.editor.subtitle',
  signInHint: 'marketplace.editor.signInHint',
  accessDenied: 'marketplace.editor.accessDenied',
  accessDeniedHint: 'marketplace.editor.accessDeniedHint',
  becomeSeller: 'marketplace.editor.becomeSeller',
  loading: 'marketplace.editor.loading',
  loadFailed: 'marketplace.editor.loadFailed',
  retry: 'marketplace.editor.retry',
  edit: 'marketplace.editor.edit',
  cancel: 'marketplace.editor.cancel',
  save: 'marketplace.editor.save',
  saving: 'marketplace.editor.saving',
  viewPublic: 'marketplace.editor.viewPublic',
  tabsLabel: 'marketplace.editor.tabsLabel',
  tabs: { overview: 'marketplace.editor.tabs.overview', professional: 'marketplace.editor.tabs.professional', pricing: 'marketplace.editor.tabs.pricing', portfolio: 'marketplace.editor.tabs.portfolio', media: 'marketplace.editor.tabs.media' },
  status: {
    pending: 'marketplace.editor.status.pending',
    verified: 'marketplace.editor.status.verified',
    rejected: 'marketplace.editor.status.rejected',
    rejectedReason: 'marketplace.editor.status.rejectedReason',
    rejectedHint: 'marketplace.editor.status.rejectedHint',
  },
  stats: { rating: 'marketplace.editor.stats.rating', sessions: 'marketplace.editor.stats.sessions', callTime: 'marketplace.editor.stats.callTime', ranking: 'marketplace.editor.stats.ranking' },
  hours: (h: number) => t('marketplace.editor.hours', { h }),
  avatar: 'marketplace.editor.avatar',
  addTagHint: 'marketplace.editor.addTagHint',
  removeTag: (tag: string) => t('marketplace.editor.removeTag', { tag }),
  rates: 'marketplace.editor.rates',
  audioRate: 'marketplace.editor.audioRate',
  videoRate: 'marketplace.editor.videoRate',
  certifications: 'marketplace.editor.certifications',
  achievements: 'marketplace.editor.achievements',
  addPortfolio: 'marketplace.editor.addPortfolio',
  portfolioTitlePrompt: 'marketplace.editor.portfolioTitlePrompt',
  portfolioDescriptionPrompt: 'marketplace.editor.portfolioDescriptionPrompt',
  noPortfolio: 'marketplace.editor.noPortfolio',
  introVideo: 'marketplace.editor.introVideo',
  noIntroVideo: 'marketplace.editor.noIntroVideo',
  uploadVideo: 'marketplace.editor.uploadVideo',
  removeVideo: 'marketplace.editor.removeVideo',
  gallery: 'marketplace.editor.gallery',
  noGallery: 'marketplace.editor.noGallery',
  uploadImage: 'marketplace.editor.uploadImage',
  removeImage: 'marketplace.editor.removeImage',
  uploading: 'marketplace.editor.uploading',
  uploadSuccess: { title: 'marketplace.editor.uploadSuccess.title', description: 'marketplace.editor.uploadSuccess.description' },
  uploadFailed: 'marketplace.editor.uploadFailed',
  uploadFallback: 'marketplace.editor.uploadFallback',
  workingHours: 'marketplace.editor.workingHours',
});

/** The applicant's own view of their application, on their profile page. */
export const APPLICATION_TEXT = spoken({
  title: 'marketplace.application.title',
  manage: 'marketplace.application.manage',
});

type RegistrationNotice = { title: string; description: string; action?: { label: string; to: string } };

const notice = (title: MessageId, description: MessageId, action?: { label: MessageId; to: string }): RegistrationNotice => ({
  get title() {
    return t(title);
  },
  get description() {
    return t(description);
  },
  action: action && {
    get label() {
      return t(action.label);
    },
    to: action.to,
  },
});

/** Someone who has applied already follows the application instead of filling in the wizard again. */
export const APPLIED_NOTICE = notice('marketplace.notice.applied.title', 'marketplace.notice.received', { label: 'marketplace.notice.sellerProfile', to: '/seller-profile' });

/** Accounts that cannot apply are told why instead of filling in the wizard. */
export const REGISTRATION_NOTICES: Partial<Record<string, RegistrationNotice>> = {
  seller: notice('marketplace.notice.seller.title', 'marketplace.notice.received', { label: 'marketplace.notice.sellerProfile', to: '/seller-profile' }),
  guest: notice('marketplace.notice.guest.title', 'marketplace.notice.guest.description', { label: 'marketplace.notice.guest.action', to: '/auth' }),
  moderator: notice('marketplace.notice.moderator.title', 'marketplace.notice.moderator.description', { label: 'marketplace.notice.moderator.action', to: '/moderation' }),
};
