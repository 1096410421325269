/** Request/reply patterns of VIP grants, answered by auth-svc (queue group "auth-svc"). */
export const VipPatterns = {
  /** GrantVipRequestDto -> VipChangeDto; 403 unless a moderator; 409 already VIP until a date; 422 guests, sellers, moderators */
  Grant: 'auth.vip.grant',
  /** RevokeVipRequestDto -> VipChangeDto; 403 unless a moderator; 409 not a VIP */
  Revoke: 'auth.vip.revoke',
  /** VipHistoryRequestDto -> VipChangeDto[] newest first: one account's, or everyone's when userId is absent */
  History: 'auth.vip.history',
} as const;

/** Events auth-svc publishes about VIP periods (notifications follow them). */
export const VipEvents = {
  /** VipChangeDto: granted, revoked, or ended at its date. */
  Changed: 'user.vip.changed',
  /** VipExpiringEvent: once per period, VIP_EXPIRY_NOTICE_DAYS before it ends. */
  Expiring: 'user.vip.expiring',
} as const;

export interface VipExpiringEvent {
  userId: number;
  vipUntil: string;
}
