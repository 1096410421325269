import type { UserDto } from '@app/contracts';
import { canStartCalls } from '@app/contracts/browser';
import { Bell, Crown, Image, LogOut, MessageSquare, MessagesSquare, Phone, Search, Settings, ShieldCheck, Store, User, type LucideIcon } from 'lucide-react';

// A module apart from the header's main places: only the account menu and the mobile drawer,
// each fetched when first opened, list these entries (and need their icons).
export type AccountEntry =
  | { kind: 'link'; label: string; to: string; icon: LucideIcon }
  | { kind: 'vip'; label: string; icon: LucideIcon }
  | { kind: 'logout'; label: string; icon: LucideIcon };

/** The avatar menu's entries per role (spec point 2); the mobile drawer lists the same. */
export function accountEntries(user: Pick<UserDto, 'role'>): AccountEntry[] {
  const entries: AccountEntry[] = [
    user.role === 'seller'
      ? { kind: 'link', label: 'Seller Profile', to: '/seller-profile', icon: User }
      : { kind: 'link', label: 'Profile', to: '/profile', icon: User },
    { kind: 'link', label: 'My Chats', to: '/my-chats', icon: MessagesSquare },
    { kind: 'link', label: 'Private Chats', to: '/private-chats', icon: MessageSquare },
    { kind: 'link', label: 'Search Messages', to: '/search', icon: Search },
    // Those who may call (vip) or be called (sellers) have a call history.
    ...(canStartCalls(user.role) ? [{ kind: 'link', label: 'Calls', to: '/calls', icon: Phone } as const] : []),
    { kind: 'link', label: 'Settings', to: '/settings', icon: Settings },
    { kind: 'link', label: 'Notifications', to: '/notifications', icon: Bell },
    { kind: 'link', label: 'Media Test', to: '/media-test', icon: Image },
  ];
  if (user.role === 'user' || user.role === 'guest') entries.push({ kind: 'vip', label: 'Upgrade to VIP', icon: Crown });
  if (user.role === 'user') entries.push({ kind: 'link', label: 'Become a Seller', to: '/seller-registration', icon: Store });
  if (user.role === 'moderator') entries.push({ kind: 'link', label: 'Moderation', to: '/moderation', icon: ShieldCheck });
  entries.push({ kind: 'logout', label: 'Log out', icon: LogOut });
  return entries;
}
