import type { ReportTargetType } from '@app/contracts';
import { REPORT_NOTE_MAX } from '@app/contracts/browser';

/** Reporting's words on every screen that offers it; the server's own messages come from ModerationMessages. */
export const REPORT_TEXT = {
  action: 'Report',
  reportMessage: 'Report message',
  reportUser: (name: string) => `Report ${name}`,
  reportRoom: 'Report room',
  reportSeller: 'Report profile',
  title: { message: 'Report message', user: 'Report user', room: 'Report room', seller: 'Report profile' } satisfies Record<ReportTargetType, string>,
  description: 'Tell the moderators what is wrong. They see what you reported as it is now, even if it is changed later.',
  reason: 'Reason',
  note: 'Note (optional)',
  notePlaceholder: 'Anything the moderators should know',
  noteCount: (length: number) => `${length}/${REPORT_NOTE_MAX}`,
  send: 'Send report',
  sending: 'Sending...',
  cancel: 'Cancel',
  failed: 'Report not sent',
  myReports: 'Your reports',
  noReports: 'You have not reported anything.',
  open: 'Under review',
  notices: 'From the moderators',
  noNotices: 'No messages from the moderators.',
  markRead: 'Mark as read',
  mutedUntil: (until: string) => `Muted until ${until}`,
} as const;
