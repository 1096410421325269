import { Type } from 'class-transformer';
import { Equals, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { said } from '../../common/field-messages';
import { PASSWORD_MAX, USERNAME_MAX } from '../auth.constants';
import { ClientMetaDto, SESSION_KEY_PATTERN } from './auth.dto';
import { AuthenticationCredentialDto } from './passkeys.dto';

/** Six digits from the app, or a recovery code (as TwoStepCodeDto takes them). */
const CODE_PATTERN = /^\s*[A-Za-z0-9][A-Za-z0-9 -]{4,30}\s*$/;

/** POST /api/users/me/deletion: the password, or in its place a passkey's answer to this session's confirmation challenge or a fresh provider sign-in. */
export class RequestAccountDeletionDto {
  @ValidateIf((dto: RequestAccountDeletionDto) => dto.passkey === undefined && dto.providerSignIn === undefined)
  @IsString(said('password_required'))
  @Matches(/\S/, said('password_required'))
  @MaxLength(PASSWORD_MAX, said('password_too_long', { max: PASSWORD_MAX }))
  password?: string;

  /** In place of the password: the answer to POST /api/users/me/passkeys/confirmation-options. */
  @IsOptional()
  @IsObject(said('passkey_no_answer'))
  @ValidateNested()
  @Type(() => AuthenticationCredentialDto)
  passkey?: AuthenticationCredentialDto;

  /** In place of the password: this session was opened with a sign-in provider within RECENT_PROVIDER_SIGN_IN_SECONDS (auth-svc checks it). */
  @IsOptional() @Equals(true) providerSignIn?: true;

  /** The account's username, typed. */
  @IsString(said('account_deletion_confirmation_required'))
  @Matches(/\S/, said('account_deletion_confirmation_required'))
  @MaxLength(USERNAME_MAX + 10, said('account_deletion_confirmation_wrong'))
  confirmation: string;

  /** Needed when two-step sign-in is on: a code from the app or a recovery code. */
  @IsOptional()
  @IsString(said('two_step_code'))
  @Matches(CODE_PATTERN, said('two_step_code'))
  code?: string;
}

export class RequestAccountDeletionRequestDto extends RequestAccountDeletionDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}
