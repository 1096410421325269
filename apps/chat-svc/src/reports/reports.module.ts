import { Module } from '@nestjs/common';
import { RoomsModule } from '../rooms/rooms.module';
import { UsersModule } from '../users/users.module';
import { ReportedContentRepository } from './reported-content.repository';
import { ReportsController } from './reports.controller';
import { ReportsRepository } from './reports.repository';
import { ReportsService } from './reports.service';

@Module({
  imports: [RoomsModule, UsersModule],
  controllers: [ReportsController],
  providers: [ReportsRepository, ReportedContentRepository, ReportsService],
  exports: [ReportsRepository, ReportedContentRepository],
})
export class ReportsModule {}
