import { Suspense, type ReactNode } from 'react';
import { SiteHeader } from '../components/layout/site-header';
import { ScreenLoading } from '../components/screen-loading';
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner';
import { useCurrentUser } from '../features/auth/hooks/use-current-user';
import { useLogout } from '../features/auth/hooks/use-logout';
import { useUnreadNotifications } from '../features/notifications/hooks/use-unread-notifications';
import { openVipDialog } from '../features/vip/vip-slice';
import { useAppDispatch } from './hooks';

/** Pages with the shared header. The auth screen and full-screen chat render without it. */
export function AppLayout({ children }: { children: ReactNode }) {
  const { user, isLoading } = useCurrentUser();
  const dispatch = useAppDispatch();
  const logout = useLogout();
  const unread = useUnreadNotifications().count;
  return (
    <div className="flex min-h-screen flex-col">
      <SiteHeader user={user} loading={isLoading} unread={unread} onUpgrade={() => dispatch(openVipDialog())} onLogout={() => void logout()} />
      <VerifyEmailBanner user={user} />
      <div className="flex-1">
        {/* The header stays while a screen's code arrives. */}
        <Suspense fallback={<ScreenLoading />}>{children}</Suspense>
      </div>
    </div>
  );
}
