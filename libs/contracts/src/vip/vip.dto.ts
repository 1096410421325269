import { Type } from 'class-transformer';
import { IsInt, Max, Min, ValidateNested } from 'class-validator';
import { ActorDto } from '../common/actor.dto';
import { said } from '../common/field-messages';
import { IsId, Optional } from '../common/validation';
import { ModerationReasonDto } from '../moderation/dto/moderation.dto';
import { VIP_GRANT_DAYS_MAX, VIP_GRANT_DAYS_MIN, type VipChangeAction } from './vip.constants';

const DAYS_MESSAGE = said('moderation_days', { min: VIP_GRANT_DAYS_MIN, max: VIP_GRANT_DAYS_MAX });

/** POST /api/moderation/users/:id/vip */
export class GrantVipDto extends ModerationReasonDto {
  /** The period's length; VIP_GRANT_DEFAULT_DAYS when absent. */
  @Optional()
  @IsInt(DAYS_MESSAGE)
  @Min(VIP_GRANT_DAYS_MIN, DAYS_MESSAGE)
  @Max(VIP_GRANT_DAYS_MAX, DAYS_MESSAGE)
  days?: number;
}

/** gateway -> auth-svc */
export class GrantVipRequestDto extends GrantVipDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

/** gateway -> auth-svc: DELETE /api/moderation/users/:id/vip with ModerationReasonDto */
export class RevokeVipRequestDto extends ModerationReasonDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() userId: number;
}

export class VipHistoryRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @Optional() @IsId() userId?: number;
}

/** One entry of the VIP audit list: who gave or took VIP, from whom, when, until when and why. */
export interface VipChangeDto {
  id: number;
  userId: number;
  username: string;
  action: VipChangeAction;
  /** The period's end for a grant; null for a revoke or an expiry. */
  vipUntil: string | null;
  reason: string | null;
  /** The moderator; null when the period ended by itself. */
  actorId: number | null;
  actorUsername: string | null;
  createdAt: string;
}
