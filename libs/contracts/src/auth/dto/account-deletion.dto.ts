import { Type } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, MaxLength, ValidateNested } from 'class-validator';
import { AccountDeletionMessages } from '../account-deletion.constants';
import { PASSWORD_MAX, USERNAME_MAX } from '../auth.constants';
import { TwoStepMessages } from '../two-step.constants';
import { ClientMetaDto } from './auth.dto';

/** Six digits from the app, or a recovery code (as TwoStepCodeDto takes them). */
const CODE_PATTERN = /^\s*[A-Za-z0-9][A-Za-z0-9 -]{4,30}\s*$/;

/** POST /api/users/me/deletion. */
export class RequestAccountDeletionDto {
  @IsString({ message: AccountDeletionMessages.passwordRequired })
  @Matches(/\S/, { message: AccountDeletionMessages.passwordRequired })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  password: string;

  /** The account's username, typed. */
  @IsString({ message: AccountDeletionMessages.confirmationRequired })
  @Matches(/\S/, { message: AccountDeletionMessages.confirmationRequired })
  @MaxLength(USERNAME_MAX + 10, { message: AccountDeletionMessages.confirmationWrong })
  confirmation: string;

  /** Needed when two-step sign-in is on: a code from the app or a recovery code. */
  @IsOptional()
  @IsString({ message: TwoStepMessages.codeRequired })
  @Matches(CODE_PATTERN, { message: TwoStepMessages.codeRequired })
  code?: string;
}

export class RequestAccountDeletionRequestDto extends RequestAccountDeletionDto {
  @Type(() => Number) @IsInt() userId: number;
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}
