import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  CompleteOidcSignUpRequestDto,
  CompleteTwoStepLoginRequestDto,
  DestroySessionDto,
  GuestRequestDto,
  LoginRequestDto,
  OidcCallbackRequestDto,
  OidcPatterns,
  PasskeyPatterns,
  PasskeySignInRequestDto,
  RegisterRequestDto,
  SessionTokensDto,
  TwoStepPatterns,
} from '@app/contracts';
import { AccountsService } from './accounts.service';

@Controller()
export class AccountsController {
  constructor(private readonly accounts: AccountsService) {}

  @MessagePattern(AuthPatterns.Register)
  register(@Payload() dto: RegisterRequestDto) {
    return this.accounts.register(dto);
  }

  @MessagePattern(AuthPatterns.Login)
  login(@Payload() dto: LoginRequestDto) {
    return this.accounts.login(dto);
  }

  @MessagePattern(TwoStepPatterns.CompleteLogin)
  completeTwoStepLogin(@Payload() dto: CompleteTwoStepLoginRequestDto) {
    return this.accounts.completeTwoStepLogin(dto);
  }

  @MessagePattern(PasskeyPatterns.SignIn)
  passkeySignIn(@Payload() dto: PasskeySignInRequestDto) {
    return this.accounts.passkeySignIn(dto);
  }

  @MessagePattern(OidcPatterns.Callback)
  providerCallback(@Payload() dto: OidcCallbackRequestDto) {
    return this.accounts.providerCallback(dto);
  }

  @MessagePattern(OidcPatterns.CompleteSignUp)
  completeProviderSignUp(@Payload() dto: CompleteOidcSignUpRequestDto) {
    return this.accounts.completeProviderSignUp(dto);
  }

  @MessagePattern(AuthPatterns.CreateGuest)
  guest(@Payload() dto: GuestRequestDto) {
    return this.accounts.guest(dto);
  }

  @MessagePattern(AuthPatterns.ResolveSessions)
  resolve(@Payload() dto: SessionTokensDto) {
    return this.accounts.resolve(dto.tokens);
  }

  @MessagePattern(AuthPatterns.DestroySession)
  destroy(@Payload() dto: DestroySessionDto) {
    return this.accounts.logout(dto.token, !!dto.everywhere);
  }
}
