import { Type } from 'class-transformer';
import { Equals, IsInt, IsObject, IsOptional, IsString, Matches, MaxLength, ValidateIf, ValidateNested } from 'class-validator';
import { PASSWORD_MAX } from '../auth.constants';
import { said } from '../../common/field-messages';
import { ClientMetaDto, SESSION_KEY_PATTERN } from './auth.dto';
import { AuthenticationCredentialDto } from './passkeys.dto';

/** Six digits from the app, or a recovery code (letters and digits, dashes and spaces allowed). */
const CODE_PATTERN = /^\s*[A-Za-z0-9][A-Za-z0-9 -]{4,30}\s*$/;

export class TwoStepCodeDto {
  @IsString(said('two_step_code'))
  @Matches(CODE_PATTERN, said('two_step_code'))
  code: string;
}

/** Confirming an enrolment takes only a code from the app (recovery codes come after). */
export class ConfirmTwoStepDto {
  @IsString(said('two_step_code'))
  @Matches(/^\s*\d{3}\s?\d{3}\s*$/, said('two_step_app_code'))
  code: string;
}

/** Turning it off: a code, and the password or in its place a passkey's answer or a fresh provider sign-in (as deleting the account takes them). */
export class DisableTwoStepDto extends TwoStepCodeDto {
  @ValidateIf((dto: DisableTwoStepDto) => dto.passkey === undefined && dto.providerSignIn === undefined)
  @IsString(said('password_required'))
  @Matches(/\S/, said('password_required'))
  @MaxLength(PASSWORD_MAX)
  password?: string;

  /** The answer to POST /api/users/me/passkeys/confirmation-options. */
  @IsOptional()
  @IsObject(said('passkey_no_answer'))
  @ValidateNested()
  @Type(() => AuthenticationCredentialDto)
  passkey?: AuthenticationCredentialDto;

  @IsOptional() @Equals(true) providerSignIn?: true;
}

/** The second step of a sign-in: the challenge the password step answered, and a code. */
export class CompleteTwoStepLoginDto extends TwoStepCodeDto {
  @IsString(said('two_step_sign_in_expired'))
  @Matches(/^[\w-]{43}$/, said('two_step_sign_in_expired'))
  challenge: string;
}

/** Enrolment comes from a session: one opened with a second factor when the account holds one already. */
export class StartTwoStepRequestDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class ConfirmTwoStepRequestDto extends ConfirmTwoStepDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
}

export class TwoStepCodeRequestDto extends TwoStepCodeDto {
  @Type(() => Number) @IsInt() userId: number;
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class DisableTwoStepRequestDto extends DisableTwoStepDto {
  @Type(() => Number) @IsInt() userId: number;
  @IsString() @Matches(SESSION_KEY_PATTERN) sessionKey: string;
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class CompleteTwoStepLoginRequestDto extends CompleteTwoStepLoginDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export interface TwoStepStatusDto {
  enabled: boolean;
  /** Recovery codes not used yet (0 when two-step is off). */
  recoveryCodesLeft: number;
}

/** An enrolment waiting for its first code: the secret is shown now and never again. */
export interface TwoStepSetupDto {
  /** Base32, for typing into the app by hand. */
  secret: string;
  /** The otpauth:// address the QR code holds. */
  otpauthUrl: string;
  /** The QR code as an SVG data URL. */
  qrCode: string;
  expiresInSeconds: number;
}

/** Recovery codes, in the clear this once; only their hashes are kept. */
export interface RecoveryCodesDto {
  codes: string[];
}

/** What a correct password answers when the account has two-step sign-in on: no session yet. */
export interface TwoStepChallengeDto {
  twoStepRequired: true;
  /** Single use, sent back with the code. */
  challenge: string;
  expiresInSeconds: number;
}
