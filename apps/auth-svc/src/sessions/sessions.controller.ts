import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { EndSessionByLinkDto, EndSessionRequestDto, ListSessionsRequestDto, SessionPatterns } from '@app/contracts';
import { SessionsService } from './sessions.service';

@Controller()
export class SessionsController {
  constructor(private readonly sessions: SessionsService) {}

  @MessagePattern(SessionPatterns.List)
  list(@Payload() dto: ListSessionsRequestDto) {
    return this.sessions.list(dto);
  }

  @MessagePattern(SessionPatterns.End)
  end(@Payload() dto: EndSessionRequestDto) {
    return this.sessions.end(dto);
  }

  @MessagePattern(SessionPatterns.EndOthers)
  endOthers(@Payload() dto: ListSessionsRequestDto) {
    return this.sessions.endOthers(dto);
  }

  @MessagePattern(SessionPatterns.EndByLink)
  endByLink(@Payload() dto: EndSessionByLinkDto) {
    return this.sessions.endByLink(dto.token);
  }
}
