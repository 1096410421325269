import { Injectable } from '@nestjs/common';
import { carriesMessageText, wordIn, type NotificationDigestDueEvent } from '@app/contracts';
import { UsersService } from '../users/users.service';
import { AccountMailer } from './account-mailer';

/** A digest of unread notifications goes to the account's own address, if its settings want e-mail. */
@Injectable()
export class NotificationDigestService {
  constructor(
    private readonly users: UsersService,
    private readonly mailer: AccountMailer,
  ) {}

  async send(digest: NotificationDigestDueEvent): Promise<void> {
    const user = await this.users.findById(digest.userId);
    // Guests have no address; an address typed for someone else's account is never mailed.
    if (!user?.email || !user.settings.notifications.email) return;
    // With message previews off, the mail says a message came and leads to it, as a push does.
    // (The notifications come worded in the person's language: chat-svc keeps it from our events.)
    const hidden = wordIn(user.language, { key: 'hiddenPreview' });
    const notifications = user.settings.chat.messagePreview
      ? digest.notifications
      : digest.notifications.map((n) => (carriesMessageText(n.type) ? { ...n, content: hidden } : n));
    await this.mailer.notificationDigest({ id: user.id, username: user.username, email: user.email, language: user.language }, { ...digest, notifications });
  }
}
