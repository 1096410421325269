import type { MessageDto, RoomDto, UserSummary } from '@app/contracts';

export function makeRoom(overrides: Partial<RoomDto> = {}): RoomDto {
  return {
    id: 4,
    name: 'General Lounge',
    type: 'public',
    category: 'general',
    description: 'Say hello',
    customRules: null,
    maxUsers: 100,
    messageCooldown: 30,
    allowImages: false,
    allowGifs: false,
    vipOnly: false,
    origin: 'public',
    originPublicRoomId: null,
    sellerId: null,
    participants: [],
    onlineCount: 3,
    lastSeq: 0,
    createdAt: '2025-01-10T10:00:00.000Z',
    ...overrides,
  };
}

export function makeMessage(seq: number, sender: UserSummary, overrides: Partial<MessageDto> = {}): MessageDto {
  return {
    id: 1000 + seq,
    roomId: 4,
    seq,
    content: `message ${seq}`,
    type: 'text',
    formatting: null,
    metadata: null,
    senderId: sender.id,
    sender,
    clientId: null,
    createdAt: new Date(Date.now() - 60_000).toISOString(),
    ...overrides,
  };
}
