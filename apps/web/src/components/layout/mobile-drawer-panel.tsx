import type { UserDto } from '@app/contracts';
import { Home } from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { APP_NAME } from '@/config/env';
import { useText } from '@/i18n/use-text';
import { Button } from '../ui/button';
import { CountBadge } from '../ui/count-badge';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../ui/dialog';
import { MAIN_PLACES, PAGE_ANCHORS, type AccountActions, type MainPlace } from './account-entries';
import { accountEntries } from './account-menu-entries';

export type MobileDrawerPanelProps = AccountActions & { user: UserDto | null; unread: number; open: boolean; onOpenChange: (open: boolean) => void };

const ROW = 'flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm hover:bg-muted';

const MAIN_LINKS: readonly MainPlace[] = [{ label: 'layout.nav.home', to: '/', icon: Home, signedInOnly: false }, ...MAIN_PLACES];

/** The drawer itself, a chunk fetched the first time the menu button is pressed. */
export function MobileDrawerPanel({ user, unread, onUpgrade, onLogout, open, onOpenChange: setOpen }: MobileDrawerPanelProps) {
  const [, navigate] = useLocation();
  const t = useText();
  const go = (to: string) => {
    setOpen(false);
    navigate(to);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogContent placement="left" className="p-4">
        <DialogTitle className="mb-1 px-3 text-lg font-bold text-primary">{APP_NAME}</DialogTitle>
        <DialogDescription className="sr-only">{t('layout.siteNavigation')}</DialogDescription>
        <nav aria-label={t('layout.nav.mobile')} className="mt-4 flex flex-col gap-1">
          {MAIN_LINKS.map((link) => (
            <button key={link.to} className={ROW} onClick={() => go(link.to)}>
              <link.icon className="h-4 w-4 text-muted-foreground" aria-hidden /> {t(link.label)}
            </button>
          ))}
          <div className="my-2 h-px bg-border" />
          {PAGE_ANCHORS.map((anchor) => (
            <Link key={anchor.hash} to={`/${anchor.hash}`} className={ROW} onClick={() => setOpen(false)}>
              {t(anchor.label)}
            </Link>
          ))}
          <div className="my-2 h-px bg-border" />
          {user ? (
            <>
              <p className="px-3 pb-1 text-xs text-muted-foreground">{user.username}</p>
              {accountEntries(user).map((entry) => (
                <button
                  key={entry.label}
                  className={ROW}
                  onClick={() => {
                    if (entry.kind === 'link') return go(entry.to);
                    setOpen(false);
                    if (entry.kind === 'vip') onUpgrade();
                    else onLogout();
                  }}
                >
                  <entry.icon className="h-4 w-4 text-muted-foreground" aria-hidden /> {t(entry.label)}
                  {entry.kind === 'link' && entry.to === '/notifications' ? <CountBadge count={unread} className="ml-auto" /> : null}
                </button>
              ))}
            </>
          ) : (
            <Button className="mx-3" onClick={() => go('/auth')}>
              {t('layout.signIn')}
            </Button>
          )}
        </nav>
      </DialogContent>
    </Dialog>
  );
}
