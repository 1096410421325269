import { Module } from '@nestjs/common';
import { ModerationController } from './moderation.controller';
import { ReportsController } from './reports.controller';
import { SessionSocketsController } from './session-sockets.controller';

/** Reports, the moderators' desk, and the sockets a sanction (or any ended session) closes. */
@Module({ controllers: [ReportsController, ModerationController, SessionSocketsController] })
export class ModerationModule {}
