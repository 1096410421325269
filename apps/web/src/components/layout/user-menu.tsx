import type { UserDto } from '@app/contracts';
import { useLocation } from 'wouter';
import { useText } from '@/i18n/use-text';
import { UserAvatar } from '../ui/avatar';
import { Menu, MenuContent, MenuItem, MenuSeparator, MenuTrigger } from '../ui/menu';
import type { AccountActions } from './account-entries';
import { accountEntries } from './account-menu-entries';

export type UserMenuProps = AccountActions & { user: UserDto };

export function UserMenu({ user, onUpgrade, onLogout }: UserMenuProps) {
  const [, navigate] = useLocation();
  const t = useText();
  return (
    <Menu>
      <MenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label={t('account.menu')}
      >
        <UserAvatar name={user.username} src={user.avatar} />
      </MenuTrigger>
      <MenuContent align="end" sideOffset={8} className="w-60">
        <div className="px-2 py-2">
          <p className="truncate text-sm font-semibold">{user.username}</p>
          {user.email ? <p className="truncate text-xs text-muted-foreground">{user.email}</p> : null}
        </div>
        <MenuSeparator />
        {accountEntries(user).map((entry) => (
          <MenuItem
            key={entry.label}
            onSelect={() => {
              if (entry.kind === 'link') navigate(entry.to);
              else if (entry.kind === 'vip') onUpgrade();
              else onLogout();
            }}
          >
            <entry.icon className="h-4 w-4 text-muted-foreground" aria-hidden /> {t(entry.label)}
          </MenuItem>
        ))}
      </MenuContent>
    </Menu>
  );
}
