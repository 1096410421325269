import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { PresenceSweeper } from './presence-sweeper.service';
import { PresenceService } from './presence.service';

@Module({
  imports: [UsersModule],
  providers: [PresenceService, PresenceSweeper],
  exports: [PresenceService, PresenceSweeper],
})
export class PresenceModule {}
