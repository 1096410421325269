import { Module } from '@nestjs/common';
import { SessionStore } from '../sessions/session.store';
import { UsersModule } from '../users/users.module';
import { SanctionsController } from './sanctions.controller';
import { SanctionsRepository } from './sanctions.repository';
import { SanctionsService } from './sanctions.service';

/** Account sanctions (suspension, ban) and the moderators' view of accounts. */
@Module({
  imports: [UsersModule],
  controllers: [SanctionsController],
  providers: [SanctionsService, SanctionsRepository, SessionStore],
  exports: [SanctionsService],
})
export class SanctionsModule {}
