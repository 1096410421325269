import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AuthEvents, WS_CLOSE_SESSION_ENDED, type AccountUpdatedFrame, type SessionsInvalidatedEvent } from '@app/contracts';
import { hashToken, SessionService } from '../common/session.service';
import { SocketRegistry } from '../realtime/socket-registry';

/**
 * Every gateway hears this (no queue group). A session that ended (a suspension or ban, a
 * logout) closes its sockets here at once rather than at their next frame, so an idle page is
 * signed out within seconds; a session that lives on (a role change) refreshes its sockets' user
 * and tells the page, which reads the account again (a new VIP may create rooms at once).
 */
@Controller()
export class SessionSocketsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly registry: SocketRegistry,
  ) {}

  @EventPattern(AuthEvents.SessionsInvalidated)
  async onInvalidated(@Payload() event: SessionsInvalidatedEvent) {
    // Handlers of one event run in no promised order: make sure the cached answer is gone first.
    this.sessions.invalidate(event.userId, event.tokenHash);
    const sockets = this.registry.socketsOf(event.userId).filter((s) => !event.tokenHash || hashToken(s.sessionToken) === event.tokenHash);
    for (const socket of sockets) {
      // An outage of auth-svc is not an ended session: such sockets are checked at their next frame.
      const user = await this.sessions.resolve(socket.sessionToken).catch(() => undefined);
      if (user === null) socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
      else if (user) {
        const changed = user.role !== socket.user?.role;
        socket.user = user;
        if (changed) this.registry.send(socket, { type: 'account_updated', user } satisfies AccountUpdatedFrame);
      }
    }
  }
}
