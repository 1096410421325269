import type { UserDto, UserRole } from '@app/contracts';
import { DEFAULT_USER_SETTINGS } from '@app/contracts/browser';

export function makeUser(overrides: Partial<UserDto> & { role?: UserRole } = {}): UserDto {
  return {
    id: 7,
    username: 'alice',
    email: 'alice@example.com',
    role: 'user',
    avatar: null,
    bio: null,
    categories: [],
    isVerified: false,
    isOnline: true,
    lastSeen: null,
    createdAt: '2025-01-10T10:00:00.000Z',
    joinedAt: '2025-01-10T10:00:00.000Z',
    settings: {
      notifications: { email: true, push: true, messageSound: true, mentions: true, doNotDisturb: DEFAULT_USER_SETTINGS.notifications.doNotDisturb },
      privacy: { showOnlineStatus: true, showLastSeen: true, allowDirectMessages: true },
      chat: { theme: 'light', messagePreview: true, enterToSend: true, linkPreviews: true },
    },
    language: 'en',
    ...overrides,
  };
}
