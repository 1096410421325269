import type { UserDto } from '@app/contracts';
import { Menu } from 'lucide-react';
import { useState } from 'react';
import { lazyPart } from '@/lib/lazy-code';
import { useOnceTrue } from '@/hooks/use-once-true';
import { useText } from '@/i18n/use-text';
import { Button } from '../ui/button';
import type { AccountActions } from './account-entries';

export type MobileDrawerProps = AccountActions & { user: UserDto | null; unread: number };

const { Part: MobileDrawerPanel } = lazyPart(() => import('./mobile-drawer-panel'), 'MobileDrawerPanel');

/** The menu button of small screens; the drawer's code (a dialog) is fetched when it is first pressed. */
export function MobileDrawer(props: MobileDrawerProps) {
  const [open, setOpen] = useState(false);
  const t = useText();
  const opened = useOnceTrue(open);
  return (
    <>
      <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('layout.openMenu')} onClick={() => setOpen(true)}>
        <Menu className="h-5 w-5" />
      </Button>
      {opened ? <MobileDrawerPanel {...props} open={open} onOpenChange={setOpen} /> : null}
    </>
  );
}
