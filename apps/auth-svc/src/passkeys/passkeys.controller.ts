import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  PasskeyConfirmationOptionsRequestDto,
  PasskeyPatterns,
  PasskeyRegistrationOptionsRequestDto,
  PasskeySignInOptionsRequestDto,
  RegisterPasskeyRequestDto,
  RemovePasskeyRequestDto,
  RenamePasskeyRequestDto,
  UserIdDto,
} from '@app/contracts';
import { PasskeysService } from './passkeys.service';

/** The signed-in member's passkeys, and the start of a passkey sign-in (its end opens a session: AccountsController). */
@Controller()
export class PasskeysController {
  constructor(private readonly passkeys: PasskeysService) {}

  @MessagePattern(PasskeyPatterns.List)
  list(@Payload() dto: UserIdDto) {
    return this.passkeys.list(dto.userId);
  }

  @MessagePattern(PasskeyPatterns.RegistrationOptions)
  registrationOptions(@Payload() dto: PasskeyRegistrationOptionsRequestDto) {
    return this.passkeys.registrationOptions(dto);
  }

  @MessagePattern(PasskeyPatterns.Register)
  register(@Payload() dto: RegisterPasskeyRequestDto) {
    return this.passkeys.register(dto);
  }

  @MessagePattern(PasskeyPatterns.Rename)
  rename(@Payload() dto: RenamePasskeyRequestDto) {
    return this.passkeys.rename(dto);
  }

  @MessagePattern(PasskeyPatterns.Remove)
  remove(@Payload() dto: RemovePasskeyRequestDto) {
    return this.passkeys.remove(dto);
  }

  @MessagePattern(PasskeyPatterns.ConfirmationOptions)
  confirmationOptions(@Payload() dto: PasskeyConfirmationOptionsRequestDto) {
    return this.passkeys.confirmationOptions(dto);
  }

  @MessagePattern(PasskeyPatterns.SignInOptions)
  signInOptions(@Payload() dto: PasskeySignInOptionsRequestDto) {
    return this.passkeys.signInOptions(dto);
  }
}
