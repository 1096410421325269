import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AuthEvents, type SessionsInvalidatedEvent } from '@app/contracts';
import { SessionService } from './session.service';

/** Every gateway hears these (no queue group), so no replica keeps a stale session. */
@Controller()
export class SessionEventsController {
  constructor(private readonly sessions: SessionService) {}

  @EventPattern(AuthEvents.SessionsInvalidated)
  onInvalidated(@Payload() event: SessionsInvalidatedEvent) {
    this.sessions.invalidate(event.userId, event.tokenHash);
  }
}
