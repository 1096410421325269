import type { MessageDto, RoomDto, SendMessageFrame, ServerFrame, UserDto } from '@app/contracts';
import { addListener } from '@reduxjs/toolkit';
import { act } from '@testing-library/react';
import type { AppStore } from '@/app/store';
import { sendSocketFrame, socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { chatApi } from '../api/chat-api';

/** What the stand-in says to a send: a frame for the page, or nothing (the answer is lost on the way). */
export type SendAnswer = (frame: SendMessageFrame, kept: MessageDto) => ServerFrame | null;

export interface SendStandIn {
  /** Every send_message the page put on the socket, as the body of a send (`type` for `messageType`). */
  sent: Array<Record<string, unknown>>;
  /** What the stand-in stored: one message per client id, as chat-svc does. */
  stored: Map<string, MessageDto>;
  /** How the next sends are answered; by default each is stored once and acknowledged. */
  answer: SendAnswer;
}

export const acknowledge: SendAnswer = (frame, kept) => ({ type: 'message_ack', clientId: frame.clientId ?? null, message: kept });

/**
 * Plays the gateway's part for sends: it records each send_message frame, keeps one message
 * per client id, and answers a moment later as the test says (an ack by default).
 */
export function standInForSends(store: AppStore, me: UserDto): SendStandIn {
  const standIn: SendStandIn = { sent: [], stored: new Map(), answer: acknowledge };
  store.dispatch(
    addListener({
      actionCreator: sendSocketFrame,
      effect: (action, api) => {
        // The listener middleware is shared by every test's store.
        if (api.getState !== store.getState || action.payload.type !== 'send_message') return;
        const frame = action.payload;
        const { type: _frameType, messageType, roomId: _roomId, ...body } = frame;
        standIn.sent.push({ ...body, type: messageType });
        const clientId = frame.clientId ?? `server-${standIn.stored.size}`;
        let kept = standIn.stored.get(clientId);
        if (!kept) {
          const id = standIn.stored.size + 1;
          kept = {
            id,
            roomId: frame.roomId ?? 4,
            seq: id,
            content: frame.content,
            type: messageType ?? 'text',
            formatting: frame.formatting ?? null,
            metadata: frame.metadata ?? null,
            senderId: me.id,
            sender: { id: me.id, username: me.username, avatar: me.avatar, role: me.role },
            clientId,
            createdAt: new Date().toISOString(),
          };
          standIn.stored.set(clientId, kept);
        }
        const reply = standIn.answer(frame, kept);
        if (reply) setTimeout(() => act(() => void store.dispatch(socketFrameReceived(reply))), 0);
      },
    }),
  );
  return standIn;
}

/** The socket is authenticated and the room joined, its history (these messages) received. */
export async function goLive(store: AppStore, room: RoomDto, messages: MessageDto[] = []) {
  await act(async () => {
    // The room's stream, as the open room holds it, for the frames to fill.
    await store.dispatch(chatApi.endpoints.getRoomFeed.initiate(room.id));
    store.dispatch(socketStatusChanged({ status: 'online', attempt: 0, closeCode: null }));
    store.dispatch(socketFrameReceived({ type: 'room_joined', room }));
    store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: room.id, messages, hasMore: false }));
  });
}

/** The socket dropped and retries (its `attempt`th attempt). */
export function dropConnection(store: AppStore, attempt = 1) {
  act(() => void store.dispatch(socketStatusChanged({ status: 'connecting', attempt, closeCode: 1006 })));
}
