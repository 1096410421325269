import { Module } from '@nestjs/common';
import { MediaObjectsModule } from '../objects/media-objects.module';
import { DataExportBuilder } from './data-export-builder';
import { DataExportLinks } from './data-export-links';
import { DataExportDownloadController, DataExportsController } from './data-exports.controller';
import { DataExportsRepository } from './data-exports.repository';
import { DataExportsService } from './data-exports.service';

@Module({
  imports: [MediaObjectsModule],
  controllers: [DataExportsController, DataExportDownloadController],
  providers: [DataExportsService, DataExportsRepository, DataExportBuilder, DataExportLinks],
})
export class DataExportsModule {}
