import { MessagesSquare, Store, Users, type LucideIcon } from 'lucide-react';
import type { MessageId } from '@/i18n/i18n';

/** What the account entries do beyond navigating; the app supplies them. */
export type AccountActions = { onUpgrade: () => void; onLogout: () => void };

export interface MainPlace {
  label: MessageId;
  to: string;
  icon: LucideIcon;
  signedInOnly: boolean;
}

/** The product's main places, offered on every page; My Chats only to someone signed in (the mobile drawer lists it always). */
export const MAIN_PLACES: readonly MainPlace[] = [
  { label: 'layout.nav.marketplace', to: '/marketplace', icon: Store, signedInOnly: false },
  { label: 'layout.nav.publicRooms', to: '/public-rooms', icon: Users, signedInOnly: false },
  { label: 'layout.nav.myChats', to: '/my-chats', icon: MessagesSquare, signedInOnly: true },
];

/** In-page anchors of the landing page. */
export const PAGE_ANCHORS: ReadonlyArray<{ label: MessageId; hash: string }> = [
  { label: 'layout.anchor.features', hash: '#features' },
  { label: 'layout.anchor.howItWorks', hash: '#how-it-works' },
  { label: 'layout.anchor.safety', hash: '#safety' },
];
