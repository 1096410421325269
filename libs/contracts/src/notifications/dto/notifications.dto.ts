import { Type } from 'class-transformer';
import { IsInt, Max, Min, ValidateNested } from 'class-validator';
import { ActorDto } from '../../common/actor.dto';
import { said } from '../../common/field-messages';
import { IsId, Optional } from '../../common/validation';
import { NOTIFICATION_PAGE_MAX } from '../notifications.constants';

const LIMIT_MESSAGE = said('whole_number_from', { field: 'limit', min: 1, max: NOTIFICATION_PAGE_MAX });

/** GET /api/notifications */
export class NotificationsQueryDto {
  /** Notifications older than this id (the next page). */
  @Optional() @Type(() => Number) @IsId() before?: number;
  @Optional()
  @Type(() => Number)
  @IsInt(LIMIT_MESSAGE)
  @Min(1, LIMIT_MESSAGE)
  @Max(NOTIFICATION_PAGE_MAX, LIMIT_MESSAGE)
  limit?: number;
}

export class ListNotificationsRequestDto extends NotificationsQueryDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
}

export class NotificationIdRequestDto {
  @ValidateNested() @Type(() => ActorDto) actor: ActorDto;
  @IsId() notificationId: number;
}
