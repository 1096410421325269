import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorRequestDto,
  AuditRequestDto,
  DismissReportRequestDto,
  LiftSanctionRequestDto,
  ListReportsRequestDto,
  MessageActionRequestDto,
  ModerationPatterns,
  MuteUserRequestDto,
  ReadNoticesRequestDto,
  ReportIdRequestDto,
  RoomActionRequestDto,
  SuspendUserRequestDto,
  UserActionRequestDto,
  UserRecordRequestDto,
} from '@app/contracts';
import { ModerationService } from './moderation.service';

@Controller()
export class ModerationController {
  constructor(private readonly moderation: ModerationService) {}

  @MessagePattern(ModerationPatterns.ListReports)
  listReports(@Payload() dto: ListReportsRequestDto) {
    return this.moderation.listReports(dto);
  }

  @MessagePattern(ModerationPatterns.GetReport)
  getReport(@Payload() dto: ReportIdRequestDto) {
    return this.moderation.getReport(dto.actor, dto.reportId);
  }

  @MessagePattern(ModerationPatterns.Dismiss)
  dismiss(@Payload() dto: DismissReportRequestDto) {
    return this.moderation.dismiss(dto);
  }

  @MessagePattern(ModerationPatterns.DeleteMessage)
  deleteMessage(@Payload() dto: MessageActionRequestDto) {
    return this.moderation.deleteMessage(dto);
  }

  @MessagePattern(ModerationPatterns.DeleteRoom)
  deleteRoom(@Payload() dto: RoomActionRequestDto) {
    return this.moderation.deleteRoom(dto);
  }

  @MessagePattern(ModerationPatterns.Warn)
  warn(@Payload() dto: UserActionRequestDto) {
    return this.moderation.warn(dto);
  }

  @MessagePattern(ModerationPatterns.Mute)
  mute(@Payload() dto: MuteUserRequestDto) {
    return this.moderation.mute(dto);
  }

  @MessagePattern(ModerationPatterns.Suspend)
  suspend(@Payload() dto: SuspendUserRequestDto) {
    return this.moderation.suspend(dto);
  }

  @MessagePattern(ModerationPatterns.Ban)
  ban(@Payload() dto: UserActionRequestDto) {
    return this.moderation.ban(dto);
  }

  @MessagePattern(ModerationPatterns.Lift)
  lift(@Payload() dto: LiftSanctionRequestDto) {
    return this.moderation.lift(dto);
  }

  @MessagePattern(ModerationPatterns.Audit)
  audit(@Payload() dto: AuditRequestDto) {
    return this.moderation.audit(dto);
  }

  @MessagePattern(ModerationPatterns.UserRecord)
  userRecord(@Payload() dto: UserRecordRequestDto) {
    return this.moderation.userRecord(dto.actor, dto.userId);
  }

  @MessagePattern(ModerationPatterns.MyStatus)
  myStatus(@Payload() dto: ActorRequestDto) {
    return this.moderation.myStatus(dto.actor);
  }

  @MessagePattern(ModerationPatterns.ReadNotices)
  readNotices(@Payload() dto: ReadNoticesRequestDto) {
    return this.moderation.readNotices(dto.actor, dto.upToId);
  }
}
