import type { NotificationDto, NotificationType } from '@app/contracts';
import { carriesMessageText } from '@app/contracts/browser';
import { AtSign, BadgeCheck, Bell, Crown, Flag, MessageSquare, PhoneMissed, ShieldAlert, Store, type LucideIcon } from 'lucide-react';
import { useLocation } from 'wouter';
import { UserAvatar } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { shortAgo } from '@/lib/short-ago';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { recordChatSource } from '@/lib/chat-source';
import { useGetNotificationsInfiniteQuery, useMarkAllNotificationsReadMutation, useMarkNotificationReadMutation } from '../api/notifications-api';
import { useUnreadNotifications } from '../hooks/use-unread-notifications';
import { NOTIFICATIONS_TEXT } from '../notifications-copy';
import { shownName } from '@/lib/shown-name';

const ICONS: Record<NotificationType, LucideIcon> = {
  message: MessageSquare,
  seller: Store,
  missed_call: PhoneMissed,
  seller_application: BadgeCheck,
  report_outcome: Flag,
  warning: ShieldAlert,
  vip: Crown,
  mention: AtSign,
};

/** /notifications: the server's list, newest first; opening one marks it read and goes where it leads. */
export function NotificationList() {
  const { data, isLoading, isError, refetch, hasNextPage, fetchNextPage, isFetchingNextPage } = useGetNotificationsInfiniteQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const { count } = useUnreadNotifications();
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, { isLoading: markingAll }] = useMarkAllNotificationsReadMutation();
  const [, navigate] = useLocation();
  const showText = useCurrentUser().user?.settings?.chat.messagePreview !== false;
  const items = data?.pages.flatMap((page) => page.notifications) ?? [];

  if (isLoading) {
    return (
      <p className="py-8 text-center text-muted-foreground" role="status">
        {NOTIFICATIONS_TEXT.loading}
      </p>
    );
  }
  if (isError) {
    return (
      <Card className="p-6 text-center">
        <p className="text-destructive" role="alert">
          {NOTIFICATIONS_TEXT.loadFailed}
        </p>
        <Button variant="outline" className="mt-4" onClick={() => void refetch()}>
          {NOTIFICATIONS_TEXT.retry}
        </Button>
      </Card>
    );
  }
  if (items.length === 0) {
    return (
      <Card className="flex flex-col items-center p-10 text-center">
        <Bell className="h-10 w-10 text-muted-foreground" aria-hidden />
        <p className="mt-4 font-semibold">{NOTIFICATIONS_TEXT.empty}</p>
        <p className="mt-1 text-sm text-muted-foreground">{NOTIFICATIONS_TEXT.emptyHint}</p>
      </Card>
    );
  }

  const open = (item: NotificationDto) => {
    if (!item.read) void markRead(item.id);
    // Leaving a chat opened from here leads back to its list.
    if (item.roomId !== null) recordChatSource(item.type === 'seller' ? 'my-chats' : 'private-chats');
    navigate(item.link);
  };

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="notifications-unread">
          {NOTIFICATIONS_TEXT.unread(count)}
        </p>
        <Button variant="outline" size="sm" onClick={() => void markAll()} disabled={count === 0 || markingAll}>
          {NOTIFICATIONS_TEXT.markAllRead}
        </Button>
      </div>
      <ul className="space-y-2" aria-label={NOTIFICATIONS_TEXT.title}>
        {items.map((item) => (
          <NotificationRow key={item.id} item={item} showText={showText} onOpen={() => open(item)} onRead={() => void markRead(item.id)} />
        ))}
      </ul>
      {hasNextPage ? (
        <div className="mt-4 flex justify-center">
          <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
            {NOTIFICATIONS_TEXT.loadMore}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

type NotificationRowProps = { item: NotificationDto; showText: boolean; onOpen: () => void; onRead: () => void };

function NotificationRow({ item, showText, onOpen, onRead }: NotificationRowProps) {
  const Icon = ICONS[item.type];
  return (
    <li>
      <Card className={cn('flex items-start gap-3 p-3', !item.read && 'border-primary/40 bg-accent')} data-testid="notification" data-read={item.read}>
        <button
          type="button"
          className="flex min-w-0 flex-1 items-start gap-3 rounded-md p-1 text-left focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          onClick={onOpen}
        >
          {item.sender ? (
            <UserAvatar name={shownName(item.sender.username)} src={item.sender.avatar} />
          ) : (
            <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-muted">
              <Icon className="h-4 w-4" aria-hidden />
            </span>
          )}
          <span className="min-w-0 flex-1">
            <span className="flex items-center gap-2 text-sm font-semibold">
              {item.title}
              {!item.read ? <span className="h-2 w-2 shrink-0 rounded-full bg-primary" aria-label="Unread" /> : null}
            </span>
            <span className="block text-sm break-words text-muted-foreground">{showText || !carriesMessageText(item.type) ? item.content : NOTIFICATIONS_TEXT.previewHidden}</span>
            <span className="mt-1 block text-xs text-muted-foreground">{shortAgo(item.timestamp)}</span>
          </span>
        </button>
        {!item.read ? (
          <Button variant="ghost" size="sm" className="shrink-0" onClick={onRead}>
            {NOTIFICATIONS_TEXT.markRead}
          </Button>
        ) : null}
      </Card>
    </li>
  );
}
