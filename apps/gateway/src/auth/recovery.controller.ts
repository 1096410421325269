import { Body, Controller, HttpCode, Post, Req, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { fieldMessage, ForgotPasswordDto, RecoveryPatterns, ResetPasswordDto, VerifyEmailDto, type FieldCode, type UserDto } from '@app/contracts';
import { RpcClient } from '@app/server';
import { AuthGuard, clientIp, CurrentUser, Roles } from '../common/auth.guards';
import type { SessionRequest } from '../common/session.middleware';

/** What a mail link's step answers: its message, and the message's code for the client to word. */
type RecoveryAnswer = { ok: true; message: string; messageCode: FieldCode };

function answer(code: 'recovery_reset_requested' | 'recovery_password_changed' | 'recovery_verification_sent'): RecoveryAnswer {
  const { message } = fieldMessage(code);
  return { ok: true, message, messageCode: { code } };
}

/** The links in account mail: choosing a new password, and verifying the address. */
@ApiTags('auth')
@Controller('auth')
export class RecoveryController {
  constructor(private readonly rpc: RpcClient) {}

  @ApiOperation({ summary: 'Mails a password reset link (1 hour, single use); answered alike whether or not the email has an account' })
  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(@Body() dto: ForgotPasswordDto, @Req() req: SessionRequest): Promise<RecoveryAnswer> {
    await this.rpc.request(RecoveryPatterns.RequestPasswordReset, { ...dto, client: { ip: clientIp(req) } });
    return answer('recovery_reset_requested');
  }

  @ApiOperation({ summary: 'Sets a new password with the token from the reset mail; every session of the account ends' })
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(@Body() dto: ResetPasswordDto): Promise<RecoveryAnswer> {
    await this.rpc.request(RecoveryPatterns.ResetPassword, dto);
    return answer('recovery_password_changed');
  }

  @ApiOperation({ summary: 'Verifies the account email with the token from the verification mail' })
  @Post('verify-email')
  @HttpCode(200)
  verifyEmail(@Body() dto: VerifyEmailDto): Promise<UserDto> {
    return this.rpc.request(RecoveryPatterns.VerifyEmail, dto);
  }

  @ApiOperation({ summary: "Mails the signed-in member a new verification link; 409 when already verified" })
  @Post('verification-email')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @Roles('user', 'vip', 'seller', 'moderator')
  async resendVerification(@CurrentUser() user: UserDto): Promise<RecoveryAnswer> {
    await this.rpc.request(RecoveryPatterns.ResendVerification, { userId: user.id });
    return answer('recovery_verification_sent');
  }
}
