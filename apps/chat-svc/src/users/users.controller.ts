import { Controller } from '@nestjs/common';
import { EventPattern, Payload } from '@nestjs/microservices';
import { AuthEvents, isLanguage, type EnforcedNotificationSettings, type UserRegisteredEvent, type UserUpdatedEvent } from '@app/contracts';
import type { PushSettings } from './chat-user.entity';
import { ChatUsersService } from './users.service';

/** One replica of the queue group takes each event: the read model lives in the shared database. */
@Controller()
export class UsersController {
  constructor(private readonly users: ChatUsersService) {}

  @EventPattern(AuthEvents.UserRegistered)
  onRegistered(@Payload() user: UserRegisteredEvent) {
    return this.users.upsert([pick(user)]);
  }

  @EventPattern(AuthEvents.UserUpdated)
  onUpdated(@Payload() user: UserUpdatedEvent) {
    return this.users.upsert([pick(user)]);
  }
}

function pick(user: UserRegisteredEvent) {
  const { privacy, notifications } = user;
  return {
    id: user.id,
    username: user.username,
    avatar: user.avatar ?? null,
    role: user.role,
    ...(privacy
      ? {
          privacy: {
            showOnlineStatus: privacy.showOnlineStatus !== false,
            showLastSeen: privacy.showLastSeen !== false,
            allowDirectMessages: privacy.allowDirectMessages !== false,
          },
        }
      : {}),
    ...(notifications ? { notifyMentions: notifications.mentions !== false, pushSettings: pushSettingsOf(notifications) } : {}),
    ...(user.language && isLanguage(user.language) ? { language: user.language } : {}),
  };
}

/** What push is sent by, from the event's settings; null when the publisher sent none of them. */
function pushSettingsOf({ mentions: _mentions, ...push }: EnforcedNotificationSettings): PushSettings | null {
  return Object.keys(push).length > 0 ? push : null;
}
