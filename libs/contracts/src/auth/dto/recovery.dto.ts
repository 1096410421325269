import { Type } from 'class-transformer';
import { IsEmail, IsInt, IsString, Length, MaxLength, MinLength, ValidateNested } from 'class-validator';
import { PASSWORD_MAX, PASSWORD_MIN } from '../auth.constants';
import { said } from '../../common/field-messages';
import { ClientMetaDto } from './auth.dto';

/** The token in a link: 32 random bytes, base64url. */
const TOKEN_LENGTH = 43;

export class ForgotPasswordDto {
  @IsEmail({}, said('email_invalid'))
  @MaxLength(254)
  email: string;
}

export class ForgotPasswordRequestDto extends ForgotPasswordDto {
  @ValidateNested() @Type(() => ClientMetaDto) client: ClientMetaDto;
}

export class ResetPasswordDto {
  @IsString() @Length(TOKEN_LENGTH, TOKEN_LENGTH, said('recovery_reset_link_invalid')) token: string;

  @IsString()
  @MinLength(PASSWORD_MIN, said('password_too_short', { min: PASSWORD_MIN }))
  @MaxLength(PASSWORD_MAX, said('password_too_long', { max: PASSWORD_MAX }))
  password: string;

  @IsString() confirmPassword: string;
}

export class VerifyEmailDto {
  @IsString() @Length(TOKEN_LENGTH, TOKEN_LENGTH, said('recovery_verify_link_invalid')) token: string;
}

export class ResendVerificationDto {
  @IsInt() userId: number;
}
