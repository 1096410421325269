import { VIP_MONTHLY_PRICE_USD } from '@app/contracts/browser';

import vipEnglish from '@/i18n/catalogues/en/vip.json';
import { addEnglish, t } from '@/i18n/i18n';
import { spoken, withValues } from '@/i18n/spoken';

// The VIP dialogs speak through their catalogues (src/i18n/catalogues/*/vip.json); the English comes
// with the code that shows it.
addEnglish(vipEnglish);

/** What VIP costs, wherever it is named (landing plans, terms, the dialogs); it is bought through the business contact. */
export const VIP_PRICE = { amount: `$${VIP_MONTHLY_PRICE_USD}`, period: 'month' } as const;

/** The VIP upsell dialog's copy (spec points 2, 6 and 9). */
export const VIP_TEXT = spoken({
  title: 'vip.title',
  subtitle: 'vip.subtitle',
  regularTitle: 'vip.regularTitle',
  regularPrice: 'vip.regularPrice',
  regularLimits: ['vip.regularLimits.0', 'vip.regularLimits.1', 'vip.regularLimits.2', 'vip.regularLimits.3'],
  vipTitle: 'vip.vipTitle',
  vipPrice: withValues('vip.vipPrice', { price: VIP_PRICE.amount }),
  vipBenefits: [
    'vip.vipBenefits.0',
    'vip.vipBenefits.1',
    'vip.vipBenefits.2',
    'vip.vipBenefits.3',
    'vip.vipBenefits.4',
    'vip.vipBenefits.5',
  ],
  maybeLater: 'vip.maybeLater',
  contact: 'vip.contact',
  premiumTitle: 'vip.premiumTitle',
  premiumBody: 'vip.premiumBody',
  close: 'vip.close',
});

export function vipRequestMessage(username: string | null | undefined): string {
  const who = username ? ` My username is ${username}.` : '';
  return `Hello! I would like to buy VIP status on ChatMarket.${who}`;
}

export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The moderators' VIP panel (a person's record on /moderation). */
export const VIP_GRANT_TEXT = spoken({
  title: 'vip.vipGrant.title',
  none: 'vip.vipGrant.none',
  noEnd: 'vip.vipGrant.noEnd',
  days: 'vip.vipGrant.days',
  reason: 'vip.vipGrant.reason',
  reasonRequired: 'vip.vipGrant.reasonRequired',
  grant: 'vip.vipGrant.grant',
  revoke: 'vip.vipGrant.revoke',
  granted: 'vip.vipGrant.granted',
  revoked: 'vip.vipGrant.revoked',
  failed: 'vip.vipGrant.failed',
  history: 'vip.vipGrant.history',
  actions: { grant: 'vip.vipGrant.actions.grant', revoke: 'vip.vipGrant.actions.revoke', expire: 'vip.vipGrant.actions.expire' },
  by: (name: string) => t('vip.vipGrant.by', { name }),
  until: (date: string) => t('vip.vipGrant.until', { date }),
});
