export const UserRole = {
  Guest: 'guest',
  User: 'user',
  Vip: 'vip',
  Seller: 'seller',
  Moderator: 'moderator',
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];
export const USER_ROLES = Object.values(UserRole);

/** Order of the online list: moderator, vip, seller, user, guest. */
export const ROLE_RANK: Record<UserRole, number> = {
  moderator: 0,
  vip: 1,
  seller: 2,
  user: 3,
  guest: 4,
};


export interface UserSettings {
  notifications: { email: boolean; push: boolean; messageSound: boolean; mentions: boolean };
  privacy: { showOnlineStatus: boolean; showLastSeen: boolean; allowDirectMessages: boolean };
  chat: { theme: 'light' | 'dark' | 'system'; messagePreview: boolean; enterToSend: boolean };
}

export const DEFAULT_USER_SETTINGS: UserSettings = {
  notifications: { email: true, push: true, messageSound: true, mentions: true },
  privacy: { showOnlineStatus: true, showLastSeen: true, allowDirectMessages: true },
  chat: { theme: 'system', messagePreview: true, enterToSend: true },
};

/** The user as the API shows it to its owner (GET /api/users/me). */
export interface UserDto {
  id: number;
  username: string;
  email: string | null;
  role: UserRole;
  avatar: string | null;
  bio: string | null;
  categories: string[];
  isVerified: boolean;
  isOnline: boolean;
  lastSeen: string | null;
  createdAt: string;
  joinedAt: string;
  settings: UserSettings;
  /** The end of a VIP period a moderator granted; absent or null when none runs. */
  vipUntil?: string | null;
}

/** What other services need to know of a user (stamping senders, permissions). */
export interface UserSummary {
  id: number;
  username: string;
  avatar: string | null;
  role: UserRole;
}
