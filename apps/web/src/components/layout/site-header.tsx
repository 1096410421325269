import type { UserDto } from '@app/contracts';
import { Bell, MessageCircle } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { lazyPart } from '@/lib/lazy-code';
import { APP_NAME } from '@/config/env';
import { useText } from '@/i18n/use-text';
import { RoleBadge } from '../role-badge';
import { UserAvatar } from '../ui/avatar';
import { Button } from '../ui/button';
import { CountBadge } from '../ui/count-badge';
import { MAIN_PLACES, PAGE_ANCHORS, type AccountActions } from './account-entries';
import { MobileDrawer } from './mobile-drawer';

// The account menu's code (a dropdown) is fetched once someone is signed in; until it is here, their avatar shows in its place.
const { Part: UserMenu } = lazyPart(() => import('./user-menu'), 'UserMenu', ({ user }) => (
  <span className="rounded-full">
    <UserAvatar name={user.username} src={user.avatar} />
  </span>
));

export type SiteHeaderProps = AccountActions & {
  user: UserDto | null;
  /** Who is signed in is not known yet: neither Sign In nor the account menu shows. */
  loading: boolean;
  /** Unread notifications, shown on the bell and in the mobile drawer. */
  unread: number;
};

export function SiteHeader({ user, loading, unread, ...actions }: SiteHeaderProps) {
  // The landing page's anchors scroll within it, so only it offers them; the main places are everywhere.
  const [pathname] = useLocation();
  const t = useText();
  const onLanding = pathname === '/';
  return (
    <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <MobileDrawer user={user} unread={unread} {...actions} />
        <Link to="/" className="flex items-center gap-2 font-bold text-lg" aria-label={t('layout.homeLink', { appName: APP_NAME })}>
          <span className="flex h-8 w-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
            <MessageCircle className="h-5 w-5" aria-hidden />
          </span>
          {/* On the narrowest phones the mark alone leaves room for the bell, the role and the menu; the link keeps its name. */}
          <span className="hidden min-[400px]:inline">{APP_NAME}</span>
        </Link>
        <nav aria-label={t('layout.nav.main')} className="ml-6 hidden items-center gap-5 text-sm text-muted-foreground md:flex">
          {MAIN_PLACES.filter((place) => user || !place.signedInOnly).map((place) => {
            const here = pathname === place.to;
            return (
              <Link key={place.to} to={place.to} aria-current={here ? 'page' : undefined} className={here ? 'font-medium text-foreground' : 'hover:text-foreground'}>
                {t(place.label)}
              </Link>
            );
          })}
          {onLanding &&
            PAGE_ANCHORS.map((anchor) => (
              <a key={anchor.hash} href={anchor.hash} className="hidden hover:text-foreground lg:inline">
                {t(anchor.label)}
              </a>
            ))}
        </nav>
        <div className="ml-auto flex items-center gap-3">
          {loading ? null : user ? (
            <>
              <Link
                to="/notifications"
                className="relative flex h-9 w-9 items-center justify-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
                aria-label={unread > 0 ? t('layout.notificationsUnread', { count: unread }) : t('layout.notifications')}
              >
                <Bell className="h-5 w-5" aria-hidden />
                <CountBadge count={unread} className="absolute -top-1 -right-1" />
              </Link>
              <RoleBadge role={user.role} />
              <UserMenu user={user} {...actions} />
            </>
          ) : (
            <Button asChild size="sm">
              <Link to="/auth">{t('layout.signIn')}</Link>
            </Button>
          )}
        </div>
      </div>
    </header>
  );
}
