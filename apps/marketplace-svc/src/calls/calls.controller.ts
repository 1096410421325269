import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import {
  CallActionRequestDto,
  CallActorRequestDto,
  CallHeartbeatRequestDto,
  CallPatterns,
  EndCallRequestDto,
  ListCallsRequestDto,
  StartCallRequestDto,
  type CallHeartbeatAnswerDto,
  type CallPeerDto,
  type CallSessionDto,
  type SellerEarningsDto,
} from '@app/contracts';
import { CallsService } from './calls.service';

@Controller()
export class CallsController {
  constructor(private readonly calls: CallsService) {}

  @MessagePattern(CallPatterns.Start)
  start(@Payload() dto: StartCallRequestDto): Promise<CallSessionDto> {
    return this.calls.start(dto);
  }

  @MessagePattern(CallPatterns.Accept)
  accept(@Payload() dto: CallActionRequestDto): Promise<CallSessionDto> {
    return this.calls.accept(dto);
  }

  @MessagePattern(CallPatterns.End)
  end(@Payload() dto: EndCallRequestDto): Promise<CallSessionDto> {
    return this.calls.end(dto);
  }

  @MessagePattern(CallPatterns.Heartbeat)
  heartbeat(@Payload() dto: CallHeartbeatRequestDto): Promise<CallHeartbeatAnswerDto> {
    return this.calls.heartbeat(dto);
  }

  @MessagePattern(CallPatterns.Peer)
  peer(@Payload() dto: CallActionRequestDto): Promise<CallPeerDto> {
    return this.calls.peer(dto);
  }

  @MessagePattern(CallPatterns.Get)
  get(@Payload() dto: CallActionRequestDto): Promise<CallSessionDto> {
    return this.calls.get(dto);
  }

  @MessagePattern(CallPatterns.Current)
  current(@Payload() dto: CallActorRequestDto): Promise<CallSessionDto | null> {
    return this.calls.current(dto.actor);
  }

  @MessagePattern(CallPatterns.List)
  list(@Payload() dto: ListCallsRequestDto): Promise<CallSessionDto[]> {
    return this.calls.list(dto);
  }

  @MessagePattern(CallPatterns.Earnings)
  earnings(@Payload() dto: CallActorRequestDto): Promise<SellerEarningsDto> {
    return this.calls.earnings(dto.actor);
  }
}
