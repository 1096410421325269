import legalEnglish from '@/i18n/catalogues/en/legal.json';
import { addEnglish, type MessageId } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';

// The legal pages speak through their catalogues (src/i18n/catalogues/*/legal.json); the English
// comes with the code that shows it, so only the legal pages carry it.
addEnglish(legalEnglish);

export const COOKIE_TEXT = spoken({
  title: 'legal.cookies.title',
  categories: {
    essential: 'legal.cookies.essential',
    analytics: 'legal.cookies.analytics',
    marketing: 'legal.cookies.marketing',
    preferences: 'legal.cookies.preferences',
  },
  hints: {
    essential: 'legal.cookies.essentialHint',
    analytics: 'legal.cookies.analyticsHint',
    marketing: 'legal.cookies.marketingHint',
    preferences: 'legal.cookies.preferencesHint',
  },
  saved: 'legal.cookies.saved',
  savedHint: 'legal.cookies.savedHint',
  save: 'legal.cookies.save',
});

/** One block of a legal page: a heading, a paragraph, a list, or a boxed note (its heading and text). */
export type LegalBlock = { h2: MessageId } | { h3: MessageId } | { p: MessageId } | { ul: readonly MessageId[] } | { note: readonly [MessageId, MessageId] };

/**
 * A legal page as its catalogue messages, in reading order. Their values: {app}, {supportEmail},
 * {safetyEmail}, the privacy policy's {days} (the deletion's grace), and the terms' {price} and {percent}; their tags: <0> strong, <1> the support address,
 * <2> the safety address, <3> the refund policy, <4> the community guidelines.
 */
export type LegalDocument = { title: MessageId; description: MessageId; blocks: readonly LegalBlock[] };

export const PRIVACY_POLICY: LegalDocument = {
  title: 'layout.legal.privacy',
  description: 'legal.privacy.description',
  blocks: [
    { p: 'legal.privacy.intro' },
    { h2: 'legal.privacy.collect.title' },
    {
      ul: [
        'legal.privacy.collect.0',
        'legal.privacy.collect.1',
        'legal.privacy.collect.2',
        'legal.privacy.collect.3',
        'legal.privacy.collect.4',
        'legal.privacy.collect.5',
        'legal.privacy.collect.6',
      ],
    },
    { h2: 'legal.privacy.use.title' },
    { ul: ['legal.privacy.use.0', 'legal.privacy.use.1', 'legal.privacy.use.2', 'legal.privacy.use.3', 'legal.privacy.use.4'] },
    { h2: 'legal.privacy.sharing.title' },
    { p: 'legal.privacy.sharing.text' },
    { h2: 'legal.privacy.content.title' },
    { p: 'legal.privacy.content.text' },
    { h2: 'legal.privacy.retention.title' },
    { p: 'legal.privacy.retention.text' },
    { h2: 'legal.privacy.security.title' },
    { p: 'legal.privacy.security.text' },
    { h2: 'legal.privacy.rights.title' },
    { p: 'legal.privacy.rights.text' },
    { h2: 'legal.privacy.deletion.title' },
    { p: 'legal.privacy.deletion.text' },
    { ul: ['legal.privacy.deletion.erased', 'legal.privacy.deletion.kept'] },
    { h2: 'legal.privacy.children.title' },
    { p: 'legal.privacy.children.text' },
    { h2: 'legal.privacy.changes.title' },
    { p: 'legal.privacy.changes.text' },
  ],
};

export const TERMS_OF_USE: LegalDocument = {
  title: 'layout.legal.terms',
  description: 'legal.terms.description',
  blocks: [
    { p: 'legal.terms.intro' },
    { h2: 'legal.terms.accounts.title' },
    { p: 'legal.terms.accounts.text' },
    { h2: 'legal.terms.roles.title' },
    { ul: ['legal.terms.roles.0', 'legal.terms.roles.1', 'legal.terms.roles.2', 'legal.terms.roles.3', 'legal.terms.roles.4'] },
    { h2: 'legal.terms.vip.title' },
    { p: 'legal.terms.vip.text' },
    { h2: 'legal.terms.marketplace.title' },
    { p: 'legal.terms.marketplace.text' },
    { h2: 'legal.terms.conduct.title' },
    { p: 'legal.terms.conduct.text' },
    { h2: 'legal.terms.content.title' },
    { p: 'legal.terms.content.text' },
    { h2: 'legal.terms.termination.title' },
    { p: 'legal.terms.termination.text' },
    { h2: 'legal.terms.liability.title' },
    { p: 'legal.terms.liability.text' },
    { h2: 'legal.terms.contact.title' },
    { p: 'legal.terms.contact.text' },
  ],
};

/** The cookie policy's text; the page shows the preferences panel after it. */
export const COOKIE_POLICY: LegalDocument = {
  title: 'layout.legal.cookies',
  description: 'legal.cookiePolicy.description',
  blocks: [
    { p: 'legal.cookiePolicy.intro' },
    { h2: 'legal.cookiePolicy.essential.title' },
    { p: 'legal.cookiePolicy.essential.text' },
    { h2: 'legal.cookiePolicy.analytics.title' },
    { p: 'legal.cookiePolicy.analytics.text' },
    { h2: 'legal.cookiePolicy.marketing.title' },
    { p: 'legal.cookiePolicy.marketing.text' },
    { h2: 'legal.cookiePolicy.preferences.title' },
    { p: 'legal.cookiePolicy.preferences.text' },
    { h2: 'legal.cookiePolicy.managing.title' },
    { p: 'legal.cookiePolicy.managing.text' },
  ],
};

export const REFUND_POLICY: LegalDocument = {
  title: 'layout.legal.refund',
  description: 'legal.refund.description',
  blocks: [
    { h2: 'legal.refund.vip.title' },
    { ul: ['legal.refund.vip.0', 'legal.refund.vip.1', 'legal.refund.vip.2', 'legal.refund.vip.3'] },
    { h2: 'legal.refund.calls.title' },
    { ul: ['legal.refund.calls.0', 'legal.refund.calls.1', 'legal.refund.calls.2', 'legal.refund.calls.3'] },
    { h2: 'legal.refund.payment.title' },
    { p: 'legal.refund.payment.text' },
    { h2: 'legal.refund.excluded.title' },
    { ul: ['legal.refund.excluded.0', 'legal.refund.excluded.1'] },
    { h2: 'legal.refund.ask.title' },
    { p: 'legal.refund.ask.text' },
  ],
};

export const COMMUNITY_GUIDELINES: LegalDocument = {
  title: 'layout.legal.guidelines',
  description: 'legal.guidelines.description',
  blocks: [
    { p: 'legal.guidelines.intro' },
    { h2: 'legal.guidelines.values.title' },
    { ul: ['legal.guidelines.values.0', 'legal.guidelines.values.1', 'legal.guidelines.values.2'] },
    { h2: 'legal.guidelines.encouraged.title' },
    { ul: ['legal.guidelines.encouraged.0', 'legal.guidelines.encouraged.1', 'legal.guidelines.encouraged.2'] },
    { h2: 'legal.guidelines.prohibited.title' },
    { ul: ['legal.guidelines.prohibited.0', 'legal.guidelines.prohibited.1', 'legal.guidelines.prohibited.2'] },
    { h2: 'legal.guidelines.categories.title' },
    { h3: 'legal.guidelines.dating.title' },
    { ul: ['legal.guidelines.dating.0', 'legal.guidelines.dating.1'] },
    { h3: 'legal.guidelines.career.title' },
    { ul: ['legal.guidelines.career.0', 'legal.guidelines.career.1'] },
    { h3: 'legal.guidelines.support.title' },
    { ul: ['legal.guidelines.support.0', 'legal.guidelines.support.1'] },
    { h2: 'legal.guidelines.reporting.title' },
    { p: 'legal.guidelines.reporting.text' },
    { p: 'legal.guidelines.reporting.filter' },
    { p: 'legal.guidelines.reporting.blocking' },
    { h2: 'legal.guidelines.consequences.title' },
    {
      ul: [
        'legal.guidelines.consequences.0',
        'legal.guidelines.consequences.1',
        'legal.guidelines.consequences.2',
        'legal.guidelines.consequences.3',
      ],
    },
    { h2: 'legal.guidelines.appeals.title' },
    { p: 'legal.guidelines.appeals.text' },
    { note: ['legal.guidelines.crisis.title', 'legal.guidelines.crisis.text'] },
  ],
};
