import { Seo } from '@/components/seo';
import { AuthRequired } from '@/features/auth/components/auth-required';
import { useCurrentUser } from '@/features/auth/hooks/use-current-user';
import { ModerationNotices, MyReports } from '@/features/moderation/components/my-reports';
import { DesktopAlertsPrompt } from '@/features/notifications/components/desktop-alerts-prompt';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { NOTIFICATIONS_TEXT } from '@/features/notifications/notifications-copy';

export function NotificationsScreen() {
  const { user } = useCurrentUser();
  return (
    <main className="mx-auto max-w-2xl px-4 py-8">
      <Seo title={NOTIFICATIONS_TEXT.title} />
      <AuthRequired description={NOTIFICATIONS_TEXT.authDescription}>
        <h1 className="mb-6 text-2xl font-bold">{NOTIFICATIONS_TEXT.title}</h1>
        <DesktopAlertsPrompt />
        <NotificationList />
        {user && user.role !== 'guest' ? (
          <div className="mt-8 space-y-6">
            <ModerationNotices />
            <MyReports />
          </div>
        ) : null}
      </AuthRequired>
    </main>
  );
}
