import type { RoomDto } from '@app/contracts';

// Where a chat was opened from, so that leaving it leads back there: the screens that open chats
// (public rooms, the private chats list, the marketplace, notifications) record it; the chat reads it.

/** The places a chat is opened from. */
export type ChatSource = 'marketplace' | 'public-room' | 'private-chats' | 'my-chats';

/** Kept in sessionStorage: per tab, gone with it. */
const CHAT_SOURCE_KEY = 'chatSource';
const LAST_PUBLIC_ROOM_KEY = 'lastPublicRoomId';

const SOURCES: readonly ChatSource[] = ['marketplace', 'public-room', 'private-chats', 'my-chats'];

function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function recordChatSource(source: ChatSource) {
  storage()?.setItem(CHAT_SOURCE_KEY, source);
}

export function recordPublicRoom(roomId: number) {
  storage()?.setItem(LAST_PUBLIC_ROOM_KEY, String(roomId));
}

/** Spec point 4, leaving a room: where the person goes. */
export function leaveDestination(room: Pick<RoomDto, 'type' | 'originPublicRoomId'>): string {
  if (room.type === 'public') return '/public-rooms';
  if (room.originPublicRoomId) return `/chat/${room.originPublicRoomId}`;
  const stored = storage()?.getItem(CHAT_SOURCE_KEY) as ChatSource | null;
  const source = stored && SOURCES.includes(stored) ? stored : null;
  switch (source) {
    case 'marketplace':
      return '/marketplace';
    case 'public-room': {
      const last = Number(storage()?.getItem(LAST_PUBLIC_ROOM_KEY));
      return Number.isInteger(last) && last > 0 ? `/chat/${last}` : '/public-rooms';
    }
    case 'my-chats':
      return '/my-chats';
    default:
      return '/private-chats';
  }
}
