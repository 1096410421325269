import type { MessageType, RoomCategory } from '../chat/chat.constants';
import type { RoomType } from '../chat/chat.types';
import type { UserRole, UserSummary } from '../common/user';
import type {
  AccountSanctionKind,
  ModerationAction,
  ModerationNoticeKind,
  ReportOutcome,
  ReportReason,
  ReportStatus,
  ReportTargetType,
} from './moderation.constants';

/** A message as it was when it was copied (into a report's evidence or an audit entry). */
export interface MessageSnapshot {
  id: number;
  roomId: number;
  seq: number;
  sender: UserSummary;
  content: string;
  type: MessageType;
  createdAt: string;
  /** It had already been removed by a moderator when copied (its text is gone). */
  removed?: true;
}

export interface RoomSnapshot {
  id: number;
  name: string;
  type: RoomType;
  category: RoomCategory;
  description: string | null;
  customRules: string | null;
  createdById: number | null;
}

export interface SellerSnapshot {
  id: number;
  userId: number;
  displayName: string;
  category: string;
  bio: string;
  aboutMe: string;
  avatar: string | null;
}

/**
 * What the reporter saw, frozen when the report was made: a later edit or removal does not
 * change it. A message report holds the message, its room and the messages around it.
 */
export interface ReportEvidence {
  capturedAt: string;
  message?: MessageSnapshot;
  /** Up to REPORT_CONTEXT_MESSAGES messages before and after the reported one, oldest first. */
  context?: MessageSnapshot[];
  room?: RoomSnapshot;
  user?: UserSummary;
  seller?: SellerSnapshot;
}

/** A report as its reporter sees it: what, why, and later the outcome. */
export interface ReportDto {
  id: number;
  targetType: ReportTargetType;
  targetId: number;
  /** A short description of what was reported ("Message by alice", "Room Lounge"). */
  targetLabel: string;
  reason: ReportReason;
  note: string | null;
  status: ReportStatus;
  outcome: ReportOutcome | null;
  outcomeMessage: string | null;
  createdAt: string;
  resolvedAt: string | null;
}

/** A report as moderators see it in the queue. */
export interface ModerationReportDto extends ReportDto {
  reporter: UserSummary;
  /** The person responsible for what was reported: the author, the person, the room's creator, the seller. */
  subject: UserSummary | null;
  roomId: number | null;
  evidence: ReportEvidence;
  resolution: { action: ModerationAction; by: UserSummary; at: string; auditEntryId: number | null } | null;
  /** Open reports about the same thing (from other people), this one included while open. */
  openReportsOnTarget: number;
}

export interface AuditDetails {
  endsAt?: string;
  duration?: string;
  days?: number;
  message?: MessageSnapshot;
  room?: RoomSnapshot;
  /** The report the action was taken from and how many open reports it closed. */
  resolvedReports?: number;
}

/** One line of the moderators' audit list: who did what to whom, when and why. */
export interface AuditEntryDto {
  id: number;
  action: ModerationAction;
  actor: UserSummary;
  target: UserSummary | null;
  reportId: number | null;
  messageId: number | null;
  roomId: number | null;
  reason: string;
  details: AuditDetails;
  createdAt: string;
}

export interface ModerationActionResultDto {
  entry: AuditEntryDto;
}

export interface MuteDto {
  userId: number;
  endsAt: string;
  reason: string;
  createdAt: string;
  createdById: number;
}

/** Something a moderator's decision tells a person: a warning, a mute, the outcome of their report. */
export interface ModerationNoticeDto {
  id: number;
  kind: ModerationNoticeKind;
  message: string;
  /** The moderator's reason, for warnings and mutes (never for someone else's sanction). */
  reason: string | null;
  endsAt: string | null;
  reportId: number | null;
  outcome: ReportOutcome | null;
  createdAt: string;
  read: boolean;
}

/** The signed-in person's notices and current mute. */
export interface MyModerationStatusDto {
  notices: ModerationNoticeDto[];
  mute: { endsAt: string; reason: string } | null;
}

export interface AccountSanctionDto {
  id: number;
  userId: number;
  kind: AccountSanctionKind;
  reason: string;
  /** Null for a ban. */
  endsAt: string | null;
  createdAt: string;
  createdById: number;
  liftedAt: string | null;
  liftedById: number | null;
  liftReason: string | null;
  /** In force now: not lifted and not past its end. */
  active: boolean;
}

/** An account as moderators see it in the user view. */
export interface ModerationAccountDto {
  id: number;
  username: string;
  email: string | null;
  role: UserRole;
  avatar: string | null;
  createdAt: string;
  lastSeen: string | null;
  /** The sanction in force, if any (a ban outranks a suspension). */
  sanction: AccountSanctionDto | null;
}

export interface ModerationAccountDetailDto extends ModerationAccountDto {
  /** Every suspension and ban, newest first. */
  sanctions: AccountSanctionDto[];
}

/** What chat-svc knows of a person's conduct. */
export interface ModerationUserRecordDto {
  mute: MuteDto | null;
  warnings: number;
  reports: { open: number; total: number };
  /** The newest audit entries about them. */
  audit: AuditEntryDto[];
}

export interface ModerationUserViewDto {
  account: ModerationAccountDetailDto;
  record: ModerationUserRecordDto;
}
