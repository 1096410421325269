import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AuthEvents, WS_CLOSE_SESSION_ENDED, type AccountUpdatedFrame, type SessionsInvalidatedEvent, type UserUpdatedEvent } from '@app/contracts';
import { hashToken, SessionService } from '../common/session.service';
import { SESSION_UNCHECKED, SocketRegistry } from '../realtime/socket-registry';

/**
 * Every gateway hears these (no queue group). A session that ended (a suspension or ban, a
 * logout) closes its sockets here at once rather than at their next frame, so an idle page is
 * signed out within seconds; a session that lives on (a role change) refreshes its sockets' user
 * and tells the page, which reads the account again (a new VIP may create rooms at once). A
 * profile change (a new username or picture) refreshes the user the sockets send as.
 */
@Controller()
export class SessionSocketsController {
  constructor(
    private readonly sessions: SessionService,
    private readonly registry: SocketRegistry,
  ) {}

  @EventPattern(AuthEvents.SessionsInvalidated)
  onInvalidated(@Payload() event: SessionsInvalidatedEvent) {
    return this.refresh(event.userId, event.tokenHash);
  }

  @EventPattern(AuthEvents.UserUpdated)
  onUserUpdated(@Payload() event: UserUpdatedEvent) {
    return this.refresh(event.id);
  }

  private async refresh(userId: number, tokenHash?: string) {
    // Handlers of one event run in no promised order: make sure the cached answer is gone first.
    this.sessions.invalidate(userId, tokenHash);
    const sockets = this.registry.socketsOf(userId).filter((s) => !tokenHash || hashToken(s.sessionToken) === tokenHash);
    for (const socket of sockets) {
      // An outage of auth-svc is not an ended session: such sockets are checked at their next frame.
      const user = await this.sessions.resolve(socket.sessionToken).catch(() => undefined);
      if (user === undefined) socket.sessionCheckedUntil = SESSION_UNCHECKED;
      else if (user === null) socket.close(WS_CLOSE_SESSION_ENDED, 'Session ended');
      else {
        const changed = user.role !== socket.user?.role;
        socket.user = user;
        if (changed) this.registry.send(socket, { type: 'account_updated', user } satisfies AccountUpdatedFrame);
      }
    }
  }
}
