import { formatDistanceToNowStrict } from 'date-fns';
import { AtSign, Bell, MessageSquare, Store, Trash2, type LucideIcon } from 'lucide-react';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { UserAvatar } from '../../../components/ui/avatar';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import {
  clearNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
  selectNotifications,
  selectUnreadCount,
  type NotificationType,
} from '../notifications-slice';
import { NOTIFICATIONS_TEXT } from '../notifications-strings';

const ICONS: Record<NotificationType, LucideIcon> = { message: MessageSquare, mention: AtSign, seller: Store };

/** Relative time in the lists' short form: m, h or d ago. */
function shortAgo(timestamp: string): string {
  const distance = formatDistanceToNowStrict(new Date(timestamp), { roundingMethod: 'floor' });
  const [value, unit] = distance.split(' ');
  if (unit.startsWith('second')) return 'just now';
  return `${value}${unit.startsWith('minute') ? 'm' : unit.startsWith('hour') ? 'h' : 'd'} ago`;
}

export function NotificationList() {
  const items = useAppSelector(selectNotifications);
  const unread = useAppSelector(selectUnreadCount);
  const dispatch = useAppDispatch();

  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center p-10 text-center">
        <Bell className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="mt-4 font-semibold">{NOTIFICATIONS_TEXT.empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">{NOTIFICATIONS_TEXT.emptyHint}</p>
      </Card>
    );
  }

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">{NOTIFICATIONS_TEXT.unread(unread)}</p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" onClick={() => dispatch(markAllNotificationsRead())} disabled={unread === 0}>
            {NOTIFICATIONS_TEXT.markAllRead}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => dispatch(clearNotifications())}>
            {NOTIFICATIONS_TEXT.clearAll}
          </Button>
        </div>
      </div>
      <ul className="space-y-2">
        {items.map((item) => {
          const Icon = ICONS[item.type];
          return (
            <li key={item.id}>
              <Card
                className={cn('flex cursor-pointer items-start gap-3 p-4', !item.read && 'border-primary/40 bg-accent')}
                onClick={() => dispatch(markNotificationRead(item.id))}
              >
                {item.sender ? (
                  <UserAvatar name={item.sender} src={item.avatar} />
                ) : (
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-muted">
                    <Icon className="h-4 w-4" aria-hidden />
                  </span>
                )}
                <div className="min-w-0 flex-1">
                  <p className="flex items-center gap-2 text-sm font-semibold">
                    {item.title}
                    {!item.read ? <span className="h-2 w-2 rounded-full bg-primary" aria-label="Unread" /> : null}
                  </p>
                  <p className="text-sm break-words text-muted-foreground">{item.content}</p>
                  <p className="mt-1 text-xs text-muted-foreground">{shortAgo(item.timestamp)}</p>
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="h-8 w-8"
                  aria-label="Remove notification"
                  onClick={(e) => {
                    e.stopPropagation();
                    dispatch(removeNotification(item.id));
                  }}
                >
                  <Trash2 className="h-4 w-4" />
                </Button>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
