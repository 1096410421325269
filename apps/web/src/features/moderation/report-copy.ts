import type { ReportTargetType } from '@app/contracts';
import { REPORT_NOTE_MAX } from '@app/contracts/browser';
import moderationEnglish from '../../i18n/catalogues/en/moderation.json';
import { addEnglish, t, type MessageId } from '../../i18n/i18n';
import { spoken } from '../../i18n/spoken';

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
