import { Type } from 'class-transformer';
import { ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import type { UserSummary } from '../../common/user';
import { said } from '../../common/field-messages';
import { IsId } from '../../common/validation';

/** POST /api/blocks */
export class BlockUserDto {
  @IsId(said('block_user_id'))
  userId: number;
}

export class BlockRequestDto extends BlockUserDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class BlockBetweenDto {
  @IsId() userA: number;
  @IsId() userB: number;
}

export interface BlockedUserDto {
  user: UserSummary;
  blockedAt: string;
}

export interface BlockBetweenAnswerDto {
  aBlockedB: boolean;
  bBlockedA: boolean;
}
