import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min, ValidateIf, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { IsCursor, IsId, Optional } from '../../common/validation';
import {
  LIFTABLE_SANCTIONS,
  MODERATION_PAGE_MAX,
  MODERATION_REASON_MAX,
  MUTE_DURATION_PATTERN,
  REPORT_NOTE_MAX,
  REPORT_REASON_KEYS,
  REPORT_STATUSES,
  REPORT_TARGET_TYPES,
  SANCTION_DAYS_MAX,
  SANCTION_DAYS_MIN,
  type AccountSanctionKind,
  type LiftableSanction,
  type ReportReason,
  type ReportStatus,
  type ReportTargetType,
} from '../moderation.constants';

import { said } from '../../common/field-messages';

const NOT_BLANK = /\S/;
const REASON_REQUIRED = said('moderation_reason_required');
const REASON_TOO_LONG = said('moderation_reason_too_long', { max: MODERATION_REASON_MAX });
const DURATION_MESSAGE = said('moderation_duration');
const DAYS_MESSAGE = said('moderation_days', { min: SANCTION_DAYS_MIN, max: SANCTION_DAYS_MAX });
const PAGE_MESSAGE = said('whole_number_from', { field: 'limit', min: 1, max: MODERATION_PAGE_MAX });
const SEARCH_REQUIRED = said('moderation_search_required');
const SANCTION_KIND = said('moderation_sanction_kind_choice');

// ---------------------------------------------------------------- HTTP bodies and queries

/** POST /api/reports */
export class CreateReportDto {
  @IsIn(REPORT_TARGET_TYPES as readonly string[], said('report_target_type_choice', { types: REPORT_TARGET_TYPES.join(', ') }))
  targetType: ReportTargetType;

  @IsId()
  targetId: number;

  @IsIn(REPORT_REASON_KEYS as readonly string[], said('report_reason_choice', { reasons: REPORT_REASON_KEYS.join(', ') }))
  reason: ReportReason;

  @Optional()
  @IsString(said('report_note_text'))
  @MaxLength(REPORT_NOTE_MAX, said('report_note_too_long', { max: REPORT_NOTE_MAX }))
  note?: string;
}

/** Why a moderator acts; every action carries one. */
export class ModerationReasonDto {
  @IsString(REASON_REQUIRED)
  @Matches(NOT_BLANK, REASON_REQUIRED)
  @MaxLength(MODERATION_REASON_MAX, REASON_TOO_LONG)
  reason: string;
}

/** An action that may be taken from a report: the report (and the open ones about the same thing) is closed with it. */
export class ModerationActionDto extends ModerationReasonDto {
  @Optional()
  @IsId()
  reportId?: number;
}

export class MuteUserDto extends ModerationActionDto {
  @IsString(DURATION_MESSAGE)
  @Matches(MUTE_DURATION_PATTERN, DURATION_MESSAGE)
  duration: string;
}

export class SuspendUserDto extends ModerationActionDto {
  @IsInt(DAYS_MESSAGE)
  @Min(SANCTION_DAYS_MIN, DAYS_MESSAGE)
  @Max(SANCTION_DAYS_MAX, DAYS_MESSAGE)
  days: number;
}

export class LiftSanctionDto extends ModerationReasonDto {
  @IsIn(LIFTABLE_SANCTIONS as readonly string[], said('moderation_sanction_choice', { sanctions: LIFTABLE_SANCTIONS.join(', ') }))
  sanction: LiftableSanction;
}

export class ReportsQueryDto {
  @Optional() @IsIn(REPORT_STATUSES as readonly string[], said('moderation_status_choice')) status?: ReportStatus;
  @Optional()
  @IsIn(REPORT_TARGET_TYPES as readonly string[], said('moderation_kind_choice', { kinds: REPORT_TARGET_TYPES.join(', ') }))
  kind?: ReportTargetType;
  @Optional() @Type(() => Number) @IsInt(PAGE_MESSAGE) @Min(1, PAGE_MESSAGE) @Max(MODERATION_PAGE_MAX, PAGE_MESSAGE) limit?: number;
  @Optional() @Type(() => Number) @IsCursor() offset?: number;
}

export class AuditQueryDto {
  /** Entries about this person. */
  @Optional() @Type(() => Number) @IsId() userId?: number;
  /** Entries older than this entry id (the next page). */
  @Optional() @Type(() => Number) @IsId() before?: number;
  @Optional() @Type(() => Number) @IsInt(PAGE_MESSAGE) @Min(1, PAGE_MESSAGE) @Max(MODERATION_PAGE_MAX, PAGE_MESSAGE) limit?: number;
}

export class AccountSearchQueryDto {
  @IsString(SEARCH_REQUIRED)
  @Matches(NOT_BLANK, SEARCH_REQUIRED)
  @MaxLength(254, said('moderation_search_too_long', { max: 254 }))
  q: string;
}

export class ReadNoticesDto {
  /** Every notice up to this one counts as read. */
  @IsId()
  upToId: number;
}

// ---------------------------------------------------------------- NATS requests

class ActedDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class CreateReportRequestDto extends CreateReportDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class ListReportsRequestDto extends ReportsQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class ReportIdRequestDto extends ActedDto {
  @IsId() reportId: number;
}

export class DismissReportRequestDto extends ModerationReasonDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() reportId: number;
}

export class MessageActionRequestDto extends ModerationActionDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() messageId: number;
}

export class RoomActionRequestDto extends ModerationActionDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() roomId: number;
}

export class UserActionRequestDto extends ModerationActionDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

export class MuteUserRequestDto extends MuteUserDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

export class SuspendUserRequestDto extends SuspendUserDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

export class LiftSanctionRequestDto extends LiftSanctionDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

export class AuditRequestDto extends AuditQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class UserRecordRequestDto extends ActedDto {
  @IsId() userId: number;
}

export class ReadNoticesRequestDto extends ReadNoticesDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

/** chat-svc -> auth-svc: suspend (with days) or ban an account. */
export class ApplySanctionRequestDto extends ModerationReasonDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
  @IsIn(['suspension', 'ban'], SANCTION_KIND) kind: AccountSanctionKind;

  @ValidateIf((o: ApplySanctionRequestDto) => o.kind === 'suspension' || o.days !== undefined)
  @IsInt(DAYS_MESSAGE)
  @Min(SANCTION_DAYS_MIN, DAYS_MESSAGE)
  @Max(SANCTION_DAYS_MAX, DAYS_MESSAGE)
  days?: number;
}

export class LiftAccountSanctionRequestDto extends ModerationReasonDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
  @IsIn(['suspension', 'ban'], SANCTION_KIND) kind: AccountSanctionKind;
}

export class SearchAccountsRequestDto extends AccountSearchQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class AccountRequestDto extends ActedDto {
  @IsId() userId: number;
}
