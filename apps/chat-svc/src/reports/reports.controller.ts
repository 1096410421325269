import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ActorRequestDto, CreateReportRequestDto, ReportPatterns } from '@app/contracts';
import { ReportsService } from './reports.service';

@Controller()
export class ReportsController {
  constructor(private readonly reports: ReportsService) {}

  @MessagePattern(ReportPatterns.Create)
  create(@Payload() dto: CreateReportRequestDto) {
    return this.reports.create(dto);
  }

  @MessagePattern(ReportPatterns.Mine)
  mine(@Payload() dto: ActorRequestDto) {
    return this.reports.mine(dto.actor);
  }
}
