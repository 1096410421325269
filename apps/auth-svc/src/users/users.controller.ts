import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  AuthPatterns,
  CheckUsernameDto,
  FindByUsernamesDto,
  GetUsersDto,
  MarketplaceEvents,
  SetRoleDto,
  UpdateLanguageRequestDto,
  UpdateMeRequestDto,
  UpdateSettingsRequestDto,
  UserIdDto,
  type SellerUpdatedEvent,
} from '@app/contracts';
import { UsersService } from './users.service';

@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(AuthPatterns.CheckUsername)
  checkUsername(@Payload() dto: CheckUsernameDto) {
    return this.users.checkUsername(dto.username.trim());
  }

  @MessagePattern(AuthPatterns.GetMe)
  me(@Payload() dto: UserIdDto) {
    return this.users.getMe(dto.userId);
  }

  @MessagePattern(AuthPatterns.UpdateMe)
  update(@Payload() { userId, ...changes }: UpdateMeRequestDto) {
    return this.users.updateProfile(userId, changes);
  }

  @MessagePattern(AuthPatterns.UpdateSettings)
  updateSettings(@Payload() { userId, ...settings }: UpdateSettingsRequestDto) {
    return this.users.updateSettings(userId, settings);
  }

  @MessagePattern(AuthPatterns.UpdateLanguage)
  updateLanguage(@Payload() { userId, language }: UpdateLanguageRequestDto) {
    return this.users.updateLanguage(userId, language);
  }

  @MessagePattern(AuthPatterns.GetUsers)
  getMany(@Payload() dto: GetUsersDto) {
    return this.users.summaries(dto.ids);
  }

  @MessagePattern(AuthPatterns.FindByUsernames)
  findByUsernames(@Payload() dto: FindByUsernamesDto) {
    return this.users.summariesByUsernames(dto.usernames);
  }

  @MessagePattern(AuthPatterns.SetRole)
  setRole(@Payload() dto: SetRoleDto) {
    return this.users.setRole(dto.userId, dto.role);
  }

  @MessagePattern(AuthPatterns.CountUsers)
  count() {
    return this.users.countRegistered();
  }

  /** Heard by one replica (the service's queue group): the role follows the verification. */
  @EventPattern(MarketplaceEvents.SellerUpdated)
  onSellerUpdated(@Payload() event: SellerUpdatedEvent) {
    return this.users.applySellerVerification(Number(event.userId), event.verificationStatus === 'verified');
  }
}
