import { Controller, Logger } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import { DataExportEvents, DataExportPatterns, UserIdDto, fieldMessage, type AccountExportDto, type DataExportReadyEvent } from '@app/contracts';
import { RpcErrors } from '@app/server';
import { UsersService } from '../users/users.service';
import { AccountMailer } from './account-mailer';

/** auth-svc's part of "Download my data", and the mail that says the zip is ready. */
@Controller()
export class DataExportController {
  private readonly logger = new Logger(DataExportController.name);

  constructor(
    private readonly users: UsersService,
    private readonly mailer: AccountMailer,
  ) {}

  /** The profile and settings, never the password hash, two-step secret or passkey handle. */
  @MessagePattern(DataExportPatterns.Account)
  async account(@Payload() { userId }: UserIdDto): Promise<AccountExportDto> {
    const user = await this.users.findById(userId);
    if (!user) throw RpcErrors.notFound(fieldMessage('user_not_found'));
    return {
      id: user.id,
      username: user.username,
      email: user.email,
      unconfirmedEmail: user.unconfirmedEmail,
      emailVerified: user.isVerified,
      role: user.role,
      vipUntil: user.vipUntil,
      avatar: user.avatar,
      bio: user.bio,
      categories: user.categories,
      language: user.language,
      settings: user.settings,
      twoStepEnabledAt: user.twoStepEnabledAt,
      lastSeen: user.lastSeen,
      createdAt: user.createdAt,
    };
  }

  @EventPattern(DataExportEvents.Ready)
  async ready(@Payload() event: DataExportReadyEvent): Promise<void> {
    const user = await this.users.findById(event.userId);
    if (!user?.email) {
      this.logger.warn(`Export of user ${event.userId} is ready but the account has no address to mail`);
      return;
    }
    await this.mailer.dataExportReady({ id: user.id, username: user.username, email: user.email, language: user.language }, event);
  }
}
