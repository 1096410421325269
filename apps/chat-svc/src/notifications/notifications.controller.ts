import { Controller } from '@nestjs/common';
import { EventPattern, MessagePattern, Payload } from '@nestjs/microservices';
import {
  ActorRequestDto,
  CallEvents,
  ListNotificationsRequestDto,
  MarketplaceEvents,
  NotificationIdRequestDto,
  NotificationPatterns,
  type CallEndedEvent,
  VipEvents,
  type SellerApplicationDecidedEvent,
  type VipChangeDto,
  type VipExpiringEvent,
} from '@app/contracts';
import { NotificationsService } from './notifications.service';

/** The owner's notifications over NATS, and the other services' events that make them (one replica takes each). */
@Controller()
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @MessagePattern(NotificationPatterns.List)
  list(@Payload() dto: ListNotificationsRequestDto) {
    return this.notifications.list(dto.actor, dto.before, dto.limit);
  }

  @MessagePattern(NotificationPatterns.Unread)
  unread(@Payload() dto: ActorRequestDto) {
    return this.notifications.unread(dto.actor);
  }

  @MessagePattern(NotificationPatterns.MarkRead)
  markRead(@Payload() dto: NotificationIdRequestDto) {
    return this.notifications.markRead(dto.actor, dto.notificationId);
  }

  @MessagePattern(NotificationPatterns.MarkAllRead)
  markAllRead(@Payload() dto: ActorRequestDto) {
    return this.notifications.markAllRead(dto.actor);
  }

  @EventPattern(CallEvents.CallEnded)
  onCallEnded(@Payload() call: CallEndedEvent) {
    return this.notifications.callEnded(call);
  }

  @EventPattern(MarketplaceEvents.ApplicationDecided)
  onApplicationDecided(@Payload() event: SellerApplicationDecidedEvent) {
    return this.notifications.applicationDecided(event);
  }

  @EventPattern(VipEvents.Changed)
  onVipChanged(@Payload() change: VipChangeDto) {
    return this.notifications.vipChanged(change);
  }

  @EventPattern(VipEvents.Expiring)
  onVipExpiring(@Payload() event: VipExpiringEvent) {
    return this.notifications.vipExpiring(event);
  }
}
