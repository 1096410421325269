/**
 * Reports and moderation actions, answered by chat-svc (queue group "chat-svc"). Every request
 * names the acting user; chat-svc checks their role and that the person acted on is not a
 * moderator. Each action is recorded in the audit list in the same transaction that makes it,
 * and closes the open reports about the same thing.
 */
export const ReportPatterns = {
  /** CreateReportRequestDto -> ReportDto; 403 guests, 404 unknown or unreadable target, 409 already reported, 429 with waitTime. */
  Create: 'chat.report.create',
  /** ActorRequestDto -> ReportDto[]: the reporter's own reports, newest first, with their outcome. */
  Mine: 'chat.report.mine',
} as const;

export const ModerationPatterns = {
  /** ListReportsRequestDto -> ModerationReportDto[]: open first, oldest first. */
  ListReports: 'chat.moderation.list-reports',
  /** ReportIdRequestDto -> ModerationReportDto */
  GetReport: 'chat.moderation.get-report',
  /** DismissReportRequestDto -> ModerationActionResultDto; 409 when already handled. */
  Dismiss: 'chat.moderation.dismiss',
  /** MessageActionRequestDto -> ModerationActionResultDto; the room hears message_deleted. */
  DeleteMessage: 'chat.moderation.delete-message',
  /** RoomActionRequestDto -> ModerationActionResultDto: deletes a public room. */
  DeleteRoom: 'chat.moderation.delete-room',
  /** UserActionRequestDto -> ModerationActionResultDto; the user gets a moderation_notice. */
  Warn: 'chat.moderation.warn',
  /** MuteUserRequestDto -> ModerationActionResultDto; 409 while a mute is in force. */
  Mute: 'chat.moderation.mute',
  /** SuspendUserRequestDto -> ModerationActionResultDto (through auth-svc's ApplySanction). */
  Suspend: 'chat.moderation.suspend',
  /** UserActionRequestDto -> ModerationActionResultDto (through auth-svc's ApplySanction). */
  Ban: 'chat.moderation.ban',
  /** LiftSanctionRequestDto -> ModerationActionResultDto; 409 when nothing of that kind is in force. */
  Lift: 'chat.moderation.lift',
  /** AuditRequestDto -> AuditEntryDto[], newest first. */
  Audit: 'chat.moderation.audit',
  /** UserRecordRequestDto -> ModerationUserRecordDto */
  UserRecord: 'chat.moderation.user-record',
  /** ActorRequestDto -> MyModerationStatusDto: anyone's own notices and mute. */
  MyStatus: 'chat.moderation.my-status',
  /** ReadNoticesRequestDto -> { ok: true } */
  ReadNotices: 'chat.moderation.read-notices',
} as const;

/** Account sanctions and the moderators' account view, answered by auth-svc (queue group "auth-svc"). */
export const SanctionPatterns = {
  /** ApplySanctionRequestDto -> AccountSanctionDto; ends every session of the user. 403, 404, 409 while one is in force. */
  Apply: 'auth.sanction.apply',
  /** LiftAccountSanctionRequestDto -> AccountSanctionDto (lifted); 409 when none of that kind is in force. */
  Lift: 'auth.sanction.lift',
  /** SearchAccountsRequestDto -> ModerationAccountDto[] by username or e-mail. */
  SearchAccounts: 'auth.moderation.search-accounts',
  /** AccountRequestDto -> ModerationAccountDetailDto */
  GetAccount: 'auth.moderation.get-account',
} as const;
