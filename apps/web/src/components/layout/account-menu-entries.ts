import type { UserDto } from '@app/contracts';
import { canStartCalls } from '@app/contracts/browser';
import { Bell, Crown, Image, LogOut, MessageSquare, MessagesSquare, Phone, Search, Settings, ShieldCheck, Store, User, type LucideIcon } from 'lucide-react';
import english from '@/i18n/catalogues/en/account.json';
import { addEnglish, type MessageId } from '@/i18n/i18n';

// A module apart from the header's main places: only the account menu and the mobile drawer,
// each fetched when first opened, list these entries (and need their icons and words).
addEnglish(english);

export type AccountEntry =
  | { kind: 'link'; label: MessageId; to: string; icon: LucideIcon }
  | { kind: 'vip'; label: MessageId; icon: LucideIcon }
  | { kind: 'logout'; label: MessageId; icon: LucideIcon };

/** The avatar menu's entries per role (spec point 2); the mobile drawer lists the same. */
export function accountEntries(user: Pick<UserDto, 'role'>): AccountEntry[] {
  const entries: AccountEntry[] = [
    user.role === 'seller'
      ? { kind: 'link', label: 'account.sellerProfile', to: '/seller-profile', icon: User }
      : { kind: 'link', label: 'account.profile', to: '/profile', icon: User },
    { kind: 'link', label: 'layout.nav.myChats', to: '/my-chats', icon: MessagesSquare },
    { kind: 'link', label: 'account.privateChats', to: '/private-chats', icon: MessageSquare },
    { kind: 'link', label: 'account.search', to: '/search', icon: Search },
    // Those who may call (vip) or be called (sellers) have a call history.
    ...(canStartCalls(user.role) ? [{ kind: 'link', label: 'account.calls', to: '/calls', icon: Phone } as const] : []),
    { kind: 'link', label: 'account.settings', to: '/settings', icon: Settings },
    { kind: 'link', label: 'layout.notifications', to: '/notifications', icon: Bell },
    { kind: 'link', label: 'account.mediaTest', to: '/media-test', icon: Image },
  ];
  if (user.role === 'user' || user.role === 'guest') entries.push({ kind: 'vip', label: 'account.upgrade', icon: Crown });
  if (user.role === 'user') entries.push({ kind: 'link', label: 'account.becomeSeller', to: '/seller-registration', icon: Store });
  if (user.role === 'moderator') entries.push({ kind: 'link', label: 'account.moderation', to: '/moderation', icon: ShieldCheck });
  entries.push({ kind: 'logout', label: 'account.logout', icon: LogOut });
  return entries;
}
