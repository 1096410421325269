import { Module } from '@nestjs/common';
import { AccountMailModule } from '../accounts/account-mail.module';
import { UsersModule } from '../users/users.module';
import { EndSessionLinks } from './end-session-links';
import { KnownDevices } from './known-devices';
import { KnownDevicesRepository } from './known-devices.repository';
import { NewDeviceAlerts } from './new-device-alerts';
import { SessionStore } from './session.store';
import { SessionsController } from './sessions.controller';
import { SessionsService } from './sessions.service';

@Module({
  imports: [UsersModule, AccountMailModule],
  controllers: [SessionsController],
  providers: [SessionsService, SessionStore, EndSessionLinks, KnownDevices, KnownDevicesRepository, NewDeviceAlerts],
  exports: [NewDeviceAlerts],
})
export class SessionsModule {}
