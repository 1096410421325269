import { VIP_MONTHLY_PRICE_USD } from '@app/contracts/browser';

/** What VIP costs, wherever it is named (landing plans, terms, the dialogs); it is bought through the business contact. */
export const VIP_PRICE = { amount: `$${VIP_MONTHLY_PRICE_USD}`, period: 'month' } as const;

/** The VIP upsell dialog's copy (spec points 2, 6 and 9). */
export const VIP_TEXT = {
  title: 'Upgrade to VIP',
  subtitle: 'Unlock unlimited messaging, media and exclusive rooms.',
  regularTitle: 'Regular User',
  regularPrice: 'Free',
  regularLimits: ['30 second message cooldown', 'Text messages only', 'Standard support', 'Basic profile features'],
  vipTitle: 'VIP Member',
  vipPrice: `${VIP_PRICE.amount}/${VIP_PRICE.period}`,
  vipBenefits: [
    'No message cooldowns in public chat',
    'Images and GIFs in chat',
    'Priority customer support',
    'VIP badge in chat',
    'Access to exclusive VIP rooms',
    'Enhanced profile customization',
  ],
  maybeLater: 'Maybe Later',
  contact: 'Contact via WhatsApp',
  premiumTitle: 'You already have premium access',
  premiumBody: 'Your account already includes every VIP benefit.',
  close: 'Close',
} as const;

export function vipRequestMessage(username: string | null | undefined): string {
  const who = username ? ` My username is ${username}.` : '';
  return `Hello! I would like to buy VIP status on ChatMarket.${who}`;
}

export function whatsappLink(number: string, text: string): string {
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The moderators' VIP panel (a person's record on /moderation). */
export const VIP_GRANT_TEXT = {
  title: 'VIP',
  none: 'Not VIP',
  noEnd: 'VIP with no end date',
  days: 'Days',
  reason: 'Reason',
  grant: 'Grant VIP',
  revoke: 'Revoke VIP',
  granted: 'VIP granted',
  revoked: 'VIP revoked',
  failed: 'Could not change VIP',
  history: 'VIP history',
  actions: { grant: 'Granted', revoke: 'Revoked', expire: 'Ended' },
  by: (name: string) => `by ${name}`,
} as const;
