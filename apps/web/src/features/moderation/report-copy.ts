import type { ModerationNoticeDto, ReportOutcome, ReportTargetType } from '@app/contracts';
import { DEFAULT_LANGUAGE, formatModerationTime, REPORT_NOTE_MAX } from '@app/contracts/browser';
import moderationEnglish from '@/i18n/catalogues/en/moderation.json';
import { activeLanguage, addEnglish, formatLocale, t, type MessageId } from '@/i18n/i18n';
import { spoken } from '@/i18n/spoken';
import { formatDate } from '@/lib/format';

// Reporting is offered on many screens: its words come with it.
addEnglish(moderationEnglish);

/** Reporting's words on every screen that offers it; the server's own messages come from ModerationMessages. */
export const REPORT_TEXT = spoken({
  action: 'moderation.report.action',
  reportMessage: 'moderation.report.reportMessage',
  reportUser: (name: string) => t('moderation.report.reportUser', { name }),
  reportRoom: 'moderation.report.reportRoom',
  reportSeller: 'moderation.report.reportSeller',
  title: { message: 'moderation.report.title.message', user: 'moderation.report.title.user', room: 'moderation.report.title.room', seller: 'moderation.report.title.seller' } satisfies Record<ReportTargetType, MessageId>,
  description: 'moderation.report.description',
  reason: 'moderation.report.reason',
  note: 'moderation.report.note',
  notePlaceholder: 'moderation.report.notePlaceholder',
  noteCount: (length: number) => `${length}/${REPORT_NOTE_MAX}`,
  send: 'moderation.report.send',
  sending: 'moderation.report.sending',
  cancel: 'moderation.report.cancel',
  failed: 'moderation.report.failed',
  myReports: 'moderation.report.myReports',
  noReports: 'moderation.report.noReports',
  open: 'moderation.report.open',
  notices: 'moderation.report.notices',
  noNotices: 'moderation.report.noNotices',
  markRead: 'moderation.report.markRead',
  mutedUntil: (until: string) => t('moderation.report.mutedUntil', { until }),
});

/** What the moderators decided on a report, in the language spoken (the server's outcomeMessage says it in English). */
export function outcomeText(outcome: ReportOutcome): string {
  return t(outcome === 'dismissed' ? 'moderation.notice.outcomeDismissed' : 'moderation.notice.outcomeActionTaken');
}

/** A moment (an ISO time) as a notice says it: the server's own form in English, else the locale's words. */
function momentText(iso: string): string {
  return activeLanguage() === DEFAULT_LANGUAGE ? formatModerationTime(iso) : formatDate(iso, formatLocale(), { time: true });
}

/** A moderator's notice in the language spoken, worded from its kind and facts (its message is the English). */
export function noticeText(notice: Pick<ModerationNoticeDto, 'kind' | 'endsAt' | 'outcome'>): string {
  switch (notice.kind) {
    case 'warning':
      return t('moderation.notice.warning');
    case 'mute':
      return t('moderation.notice.muted', { until: momentText(notice.endsAt as string) });
    case 'mute_lifted':
      return t('moderation.notice.muteLifted');
    default:
      return outcomeText(notice.outcome ?? 'action_taken');
  }
}
