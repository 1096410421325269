import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { NotificationEvents, type NotificationDigestDueEvent } from '@app/contracts';
import { NotificationDigestService } from './notification-digest.service';

/** chat-svc says a digest of unread notifications is due. */
@Controller()
export class NotificationDigestController {
  constructor(private readonly digests: NotificationDigestService) {}

  @EventPattern(NotificationEvents.DigestDue)
  onDigestDue(@Payload() digest: NotificationDigestDueEvent): Promise<void> {
    return this.digests.send(digest);
  }
}
