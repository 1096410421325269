import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { EntityManager } from '@mikro-orm/postgresql';
import { carriesMessageText, NotificationEvents, PushText, type NotificationDigestDueEvent } from '@app/contracts';
import { User } from '../users/user.entity';
import { AccountMailer } from './account-mailer';

/** chat-svc says a digest of unread notifications is due; the account's own address gets it if its settings want e-mail. */
@Controller()
export class NotificationDigestController {
  constructor(
    private readonly em: EntityManager,
    private readonly mailer: AccountMailer,
  ) {}

  @EventPattern(NotificationEvents.DigestDue)
  async onDigestDue(@Payload() digest: NotificationDigestDueEvent): Promise<void> {
    const user = await this.em.fork().findOne(User, { id: digest.userId });
    // Guests have no address; an address typed for someone else's account is never mailed.
    if (!user?.email || !user.settings.notifications.email) return;
    // With message previews off, the mail says a message came and leads to it, as a push does.
    const notifications = user.settings.chat.messagePreview
      ? digest.notifications
      : digest.notifications.map((n) => (carriesMessageText(n.type) ? { ...n, content: PushText.hiddenPreview } : n));
    await this.mailer.notificationDigest({ id: user.id, username: user.username, email: user.email }, { ...digest, notifications });
  }
}
