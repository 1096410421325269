import type { UnreadNotificationsDto } from '@app/contracts';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { useGetUnreadNotificationsQuery } from '../api/notifications-api';

const NONE: UnreadNotificationsDto = { count: 0, rooms: [] };

/** The signed-in person's unread notifications (none while signed out); socket frames keep it live. */
export function useUnreadNotifications(): UnreadNotificationsDto {
  const { user } = useCurrentUser();
  const { data } = useGetUnreadNotificationsQuery(undefined, { skip: !user });
  return (user && data) || NONE;
}
