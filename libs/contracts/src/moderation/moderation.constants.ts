/** Report reasons with the labels the product shows. */
export const REPORT_REASONS = {
  harassment: 'Harassment',
  spam: 'Spam',
  inappropriate: 'Inappropriate content',
  scam: "Scam or getting around the platform's fees",
  other: 'Other',
} as const;
export type ReportReason = keyof typeof REPORT_REASONS;
export const REPORT_REASON_KEYS = Object.keys(REPORT_REASONS) as ReportReason[];

/** What can be reported: a message (public or private), a person, a public room, a seller profile. */
export const REPORT_TARGET_TYPES = ['message', 'user', 'room', 'seller'] as const;
export type ReportTargetType = (typeof REPORT_TARGET_TYPES)[number];

export const REPORT_STATUSES = ['open', 'resolved'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_NOTE_MAX = 500;
/** Reports one person may send in any rolling hour. */
export const REPORTS_PER_HOUR = 10;
/** Messages kept on each side of a reported message as its context. */
export const REPORT_CONTEXT_MESSAGES = 5;
export const MODERATION_REASON_MAX = 500;
export const MODERATION_PAGE_MAX = 100;

export const SANCTION_DAYS_MIN = 1;
export const SANCTION_DAYS_MAX = 30;
/** 1h, 24h, or 1 to 30 days written as `<n>d` (7d is the third preset). */
export const MUTE_DURATION_PATTERN = /^(1h|24h|([1-9]|[12]\d|30)d)$/;
export const MUTE_PRESETS = ['1h', '24h', '7d'] as const;

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** Milliseconds of a valid mute duration (see MUTE_DURATION_PATTERN). */
export function muteDurationMs(duration: string): number {
  if (duration.endsWith('h')) return Number(duration.slice(0, -1)) * HOUR_MS;
  return Number(duration.slice(0, -1)) * DAY_MS;
}

export type ModerationAction =
  | 'dismiss_report'
  | 'delete_message'
  | 'delete_room'
  | 'warn'
  | 'mute'
  | 'suspend'
  | 'ban'
  | 'lift_mute'
  | 'lift_suspension'
  | 'lift_ban'
  | 'pin_message'
  | 'unpin_message';

/** What the reporter is told: their report led to an action, or was found to break no rule. */
export type ReportOutcome = 'action_taken' | 'dismissed';

/** Account sanctions, kept by auth-svc; mutes are chat-svc's. */
export type AccountSanctionKind = 'suspension' | 'ban';
export const LIFTABLE_SANCTIONS = ['mute', 'suspension', 'ban'] as const;
export type LiftableSanction = (typeof LIFTABLE_SANCTIONS)[number];

export type ModerationNoticeKind = 'warning' | 'mute' | 'mute_lifted' | 'report_resolved';

/** Error codes of refusals a client shows in a special way (with an end time). */
export const ModerationErrorCode = {
  Muted: 'muted',
  AccountSuspended: 'account_suspended',
  AccountBanned: 'account_banned',
} as const;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/**
 * A moderation time as people read it ("3 December 2026, 14:05 UTC"): in UTC so every reader sees
 * the same words, and written out by hand so every runtime (whatever its locale data) agrees.
 */
export function formatModerationTime(iso: string | Date): string {
  const date = typeof iso === 'string' ? new Date(iso) : iso;
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCDate()} ${MONTHS[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}

/** The words of reporting and moderation, shared by the services and the web app. */
export const ModerationMessages = {
  ReportReceived: 'Report received',
  GuestsCannotReport: 'Guests cannot send reports. Sign up for free to report.',
  AlreadyReported: 'You have already reported this. A moderator will review it.',
  ReportLimit: `You have sent ${REPORTS_PER_HOUR} reports in the last hour. Please wait before sending another.`,
  ReportSelf: 'You cannot report yourself',
  ReportOwnMessage: 'You cannot report your own message',
  ReportOwnRoom: 'You cannot report your own room',
  MessageNotFound: 'Message not found',
  MessageAlreadyRemoved: 'This message was already removed by a moderator',
  OnlyPublicRooms: 'Only public rooms can be reported; report a message or a person instead',
  ReportNotFound: 'Report not found',
  ReportHandled: 'This report was already handled by a moderator',
  ReportAboutSomethingElse: 'This report is about something else',
  ModeratorsOnly: 'Only moderators can do this',
  NotOnModerators: 'Moderators cannot act on moderators',
  NotMuted: 'This user is not muted',
  AlreadyMuted: 'This user is already muted',
  NotSuspended: 'This account is not suspended',
  NotBanned: 'This account is not banned',
  AlreadyBanned: 'This account is already banned',
  PrivateMessageNeedsReport: 'Messages in private chats can be removed only from a report about them',
  RoomNotPublic: 'Only public rooms can be deleted by a moderator',
  RemovedByModerator: 'removed by a moderator',
  BannedSignIn: 'Your account has been banned',
  BanReplacesSuspension: 'Replaced by a ban',
  Warning: 'A moderator has warned you about your behaviour',
  MuteLifted: 'A moderator lifted your mute: you can write in public rooms again',
  OutcomeActionTaken: 'A moderator reviewed your report and took action. Thank you for helping keep the community safe.',
  OutcomeDismissed: 'A moderator reviewed your report and found no violation of the community guidelines.',
  alreadyMuted: (until: string) => `This user is already muted until ${formatModerationTime(until)}`,
  alreadySuspended: (until: string) => `This account is already suspended until ${formatModerationTime(until)}`,
  muted: (until: string) => `You are muted until ${formatModerationTime(until)}`,
  mutedNotice: (until: string) => `A moderator muted you: you can read public rooms but not write in them until ${formatModerationTime(until)}`,
  suspended: (until: string) => `Your account is suspended until ${formatModerationTime(until)}`,
} as const;

export function reportOutcomeMessage(outcome: ReportOutcome): string {
  return outcome === 'dismissed' ? ModerationMessages.OutcomeDismissed : ModerationMessages.OutcomeActionTaken;
}
