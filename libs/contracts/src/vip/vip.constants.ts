import { formatModerationTime } from '../moderation/moderation.constants';

/** A granted VIP period: the spec's price is $9.99 a month, so a month is the usual grant. */
export const VIP_GRANT_DEFAULT_DAYS = 30;
export const VIP_GRANT_DAYS_MIN = 1;
export const VIP_GRANT_DAYS_MAX = 366;
/** How long before a granted VIP period ends its holder is told. */
export const VIP_EXPIRY_NOTICE_DAYS = 3;

export const VIP_CHANGE_ACTIONS = ['grant', 'revoke', 'expire'] as const;
export type VipChangeAction = (typeof VIP_CHANGE_ACTIONS)[number];

/** The words of VIP grants, shared by auth-svc and the web app. */
export const VipMessages = {
  GuestsCannotBeVip: 'Guests cannot be given VIP. They need an account first.',
  AlreadyIncluded: 'Sellers and moderators already have every VIP feature',
  NotVip: 'This user is not a VIP',
  Days: `Days must be a whole number from ${VIP_GRANT_DAYS_MIN} to ${VIP_GRANT_DAYS_MAX}`,
  alreadyVip: (until: string) => `This user is already VIP until ${formatModerationTime(until)}. Revoke it first to change the period.`,
  vipUntil: (until: string) => `VIP until ${formatModerationTime(until)}`,
  expiringSoon: (until: string) => `Your VIP ends on ${formatModerationTime(until)}`,
} as const;
