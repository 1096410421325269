import english from '@/i18n/catalogues/en/landing.json';
import { plainText } from '@/i18n/i18n';

// The landing page speaks through its catalogues (src/i18n/catalogues/*/landing.json). These are
// its English words as the tests name them, read from the English catalogue, the words' one home.

export const LANDING_TEXT = {
  heroTitle: plainText(english['landing.hero.title']),
  categoryNoExperts: plainText(english['landing.categories.noExperts']),
  categoryCountsUnavailable: plainText(english['landing.categories.countsUnavailable']),
  previewEmpty: plainText(english['landing.preview.empty']),
  statsUnavailable: plainText(english['landing.stats.unavailable']),
  expertsFailed: plainText(english['landing.experts.failed']),
  expertsEmpty: plainText(english['landing.experts.empty']),
} as const;

export const SAFETY = {
  points: [
    plainText(english['landing.safety.experts']),
    plainText(english['landing.safety.filters']),
    plainText(english['landing.safety.moderators']),
    plainText(english['landing.safety.tools']),
    plainText(english['landing.safety.verification']),
  ],
} as const;
