import { MessagesSquare, Store, Users } from 'lucide-react';

/** What the account entries do beyond navigating; the app supplies them. */
export type AccountActions = { onUpgrade: () => void; onLogout: () => void };

/** The product's main places, offered on every page; My Chats only to someone signed in (the mobile drawer lists it always). */
export const MAIN_PLACES = [
  { label: 'Marketplace', to: '/marketplace', icon: Store, signedInOnly: false },
  { label: 'Public Rooms', to: '/public-rooms', icon: Users, signedInOnly: false },
  { label: 'My Chats', to: '/my-chats', icon: MessagesSquare, signedInOnly: true },
] as const;

/** In-page anchors of the landing page. */
export const PAGE_ANCHORS = [
  { label: 'Features', hash: '#features' },
  { label: 'How It Works', hash: '#how-it-works' },
  { label: 'Safety', hash: '#safety' },
] as const;
