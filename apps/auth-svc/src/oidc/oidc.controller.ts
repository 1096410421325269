import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { OidcPatterns, StartOidcRequestDto, UnlinkIdentityRequestDto, UserIdDto } from '@app/contracts';
import { OidcService } from './oidc.service';

/** The configured sign-in providers, the start of a sign-in or linking, and the linked identities (the callback opens sessions: AccountsController). */
@Controller()
export class OidcController {
  constructor(private readonly oidc: OidcService) {}

  @MessagePattern(OidcPatterns.Providers)
  providers() {
    return this.oidc.list();
  }

  @MessagePattern(OidcPatterns.Start)
  start(@Payload() dto: StartOidcRequestDto) {
    return this.oidc.start(dto);
  }

  @MessagePattern(OidcPatterns.Identities)
  identities(@Payload() dto: UserIdDto) {
    return this.oidc.identities(dto.userId);
  }

  @MessagePattern(OidcPatterns.Unlink)
  unlink(@Payload() dto: UnlinkIdentityRequestDto) {
    return this.oidc.unlink(dto);
  }
}
