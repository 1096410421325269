import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsString, Length, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth.constants';
import { RecoveryMessages } from '../recovery.constants';
import { ClientMetaDto } from './auth.dto';

/** The token in a link: 32 random bytes, base64url. */
const TOKEN_LENGTH = 43;

export class ForgotPasswordDto {
  @IsEmail({}, { message: 'Please enter a valid email address' })
  @MaxLength(254)
  email: string;
}

export class ForgotPasswordRequestDto extends ForgotPasswordDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class ResetPasswordDto {
  @IsString() @Length(TOKEN_LENGTH, TOKEN_LENGTH, { message: RecoveryMessages.resetLinkInvalid }) token: string;

  @IsString()
  @MinLength(PASSWORD_MIN, { message: `Password must be at least ${PASSWORD_MIN} characters` })
  @MaxLength(PASSWORD_MAX, { message: `Password must be at most ${PASSWORD_MAX} characters` })
  password: string;

  @IsString() confirmPassword: string;
}

export class VerifyEmailDto {
  @IsString() @Length(TOKEN_LENGTH, TOKEN_LENGTH, { message: RecoveryMessages.verifyLinkInvalid }) token: string;
}

export class ResendVerificationDto {
  @IsInt() userId: number;
}
