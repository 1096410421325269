import type { UserDto } from '@app/contracts';
import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useLocation } from 'wouter';
import { useText } from '../../i18n/use-text';
import { UserAvatar } from '../ui/avatar';
import type { AccountActions } from './account-entries';
import { accountEntries } from './account-menu-entries';

export type UserMenuProps = AccountActions & { user: UserDto };

const ITEM =
  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-2 text-sm outline-none select-none data-[highlighted]:bg-muted';

export function UserMenu({ user, onUpgrade, onLogout }: UserMenuProps) {
  const [, navigate] = useLocation();
  const t = useText();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t('account.menu')}
      >
        <UserAvatar name={user.username} src={user.avatar} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-60 rounded-lg border bg-card p-1 shadow-lg">
          <div className="px-2 py-2">
            <p className="truncate text-sm font-semibold">{user.username}</p>
            {user.email ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-border" />
          {accountEntries(user).map((entry) => (
            <DropdownMenu.Item
              key={entry.label}
              className={ITEM}
              onSelect={() => {
                if (entry.kind === 'link') navigate(entry.to);
                else if (entry.kind === 'vip') onUpgrade();
                else onLogout();
              }}
            >
              <entry.icon className="h-4 w-4 text-muted-foreground" aria-hidden /> {t(entry.label)}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
