import { createListenerMiddleware, type ThunkDispatch, type UnknownAction } from '@reduxjs/toolkit';
import type { MessageDto, ServerFrame, UserDto } from '@app/contracts';
import { api } from '../../lib/api';
import { connectSocket, disconnectSocket, joinSent, selectSocketRoomId, socketFrameReceived, SESSION_ENDED_CLOSE, socketStatusChanged } from '../../lib/socket';
import { authApi } from '../auth/api/auth-api';
import { addNotification } from '../notifications/notifications-slice';
import { playAlertTones, showBrowserNotification } from '../notifications/seller-alert';
import { CATCH_UP_PAGE, chatApi } from './api/chat-api';
import { SELLER_NOTIFICATION_TEXT } from './copy';
import { addNotice, mergeMessages, upsertOnlineUser } from './feed';

/** The state this listener reads; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
  socket: { roomId: number | null };
}

type Dispatch = ThunkDispatch<ListenerState, unknown, UnknownAction>;

const selectMe = authApi.endpoints.getMe.select();

function currentUser(state: ListenerState): UserDto | null {
  return selectMe(state as never).data ?? null;
}

/**
 * Socket frames into RTK Query's cache, and the socket's life tied to the session:
 * a signed-in person (guests too) holds one socket wherever they are in the app, so
 * private chat invitations and sellers' notifications reach them on any screen.
 */
/** The room a join was asked for and not yet answered: an error frame meanwhile is its refusal. */
let joining: number | null = null;
const JOIN_REFUSALS = new Set(['not_found', 'forbidden', 'conflict', 'validation_failed']);

export const chatListener = createListenerMiddleware<ListenerState, Dispatch>();

chatListener.startListening({
  predicate: (_action, current, previous) => currentUser(current)?.id !== currentUser(previous)?.id,
  effect: (_action, { getState, dispatch }) => {
    const user = currentUser(getState());
    dispatch(user ? connectSocket({ userId: user.id }) : disconnectSocket());
  },
});

// A session that ended elsewhere closes the socket: ask who is signed in now.
chatListener.startListening({
  actionCreator: socketStatusChanged,
  effect: (action, { dispatch }) => {
    if (action.payload.closeCode === SESSION_ENDED_CLOSE) dispatch(api.util.invalidateTags(['Me']));
  },
});

// Each join (and rejoin after a reconnect) starts from "not joined yet" until the history arrives.
chatListener.startListening({
  actionCreator: joinSent,
  effect: (action, { dispatch }) => {
    joining = action.payload.roomId;
    dispatch(
      chatApi.util.updateQueryData('getRoomFeed', action.payload.roomId, (feed) => {
        feed.joined = false;
        feed.error = null;
      }),
    );
  },
});

chatListener.startListening({
  actionCreator: socketFrameReceived,
  effect: async (action, { dispatch, getState }) => {
    await applyFrame(action.payload, dispatch, getState);
  },
});

async function applyFrame(frame: ServerFrame, dispatch: Dispatch, getState: () => ListenerState) {
  const feed = (roomId: number, recipe: Parameters<typeof chatApi.util.updateQueryData<'getRoomFeed'>>[2]) =>
    dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, recipe));

  switch (frame.type) {
    case 'room_joined':
      dispatch(chatApi.util.upsertQueryData('getRoom', frame.room.id, frame.room));
      feed(frame.room.id, (draft) => {
        draft.room = frame.room;
        draft.error = null;
      });
      return;
    case 'room_messages':
      if (joining === frame.roomId) joining = null;
      feed(frame.roomId, (draft) => {
        mergeMessages(draft, frame.messages);
        draft.joined = true;
      });
      if (frame.hasMore) await fillGap(frame.roomId, frame.messages, dispatch);
      return;
    case 'new_message':
      feed(frame.roomId, (draft) => void mergeMessages(draft, [frame.message]));
      return;
    case 'message_ack':
      feed(frame.message.roomId, (draft) => void mergeMessages(draft, [frame.message]));
      return;
    case 'message_deleted':
      feed(frame.roomId, (draft) => {
        const removed = draft.messages.find((m) => m.id === frame.messageId);
        if (removed) {
          removed.content = '';
          removed.removedBy = frame.removedBy;
        }
      });
      return;
    case 'online_users':
      feed(frame.roomId, (draft) => {
        draft.onlineUsers = frame.users;
      });
      return;
    case 'user_joined':
      feed(frame.roomId, (draft) => {
        const already = draft.onlineUsers.some((u) => u.id === frame.user.id);
        upsertOnlineUser(draft, frame.user);
        if (!already) addNotice(draft, 'join', frame.user, frame.timestamp);
      });
      return;
    case 'user_left':
      feed(frame.roomId, (draft) => {
        draft.onlineUsers = draft.onlineUsers.filter((u) => u.id !== frame.user.id);
        addNotice(draft, 'leave', frame.user, frame.timestamp);
      });
      return;
    case 'private_chat_created':
      dispatch(api.util.invalidateTags(['PrivateChats', 'MyChats', 'MarketplaceChats']));
      return;
    case 'seller_message_notification': {
      const title = SELLER_NOTIFICATION_TEXT.title(frame.buyer.username);
      const text = frame.message.type === 'text' || frame.message.type === 'emoji' ? frame.message.content : SELLER_NOTIFICATION_TEXT.image;
      dispatch(addNotification({ type: 'seller', title, content: text, sender: frame.buyer.username, avatar: frame.buyer.avatar }));
      dispatch(api.util.invalidateTags(['MyChats', 'MarketplaceChats']));
      // The seller reading that very chat needs no alarm.
      const watching = selectSocketRoomId(getState() as never) === frame.roomId && document.visibilityState === 'visible';
      const wants = currentUser(getState())?.settings?.notifications;
      if (!watching) {
        if (wants?.messageSound !== false) playAlertTones();
        if (wants?.push !== false) showBrowserNotification(title, text, () => window.location.assign(`/chat/${frame.roomId}`));
      }
      return;
    }
    case 'error':
      // A refused join (unknown room, not a participant, full room) shows in place of the stream.
      if (joining !== null && JOIN_REFUSALS.has(frame.code)) {
        const roomId = joining;
        joining = null;
        feed(roomId, (draft) => {
          draft.error = frame.message;
        });
      }
      return;
    default:
      return;
  }
}

/** More was missed than the join frame holds: page through the rest so the list has no gap. */
async function fillGap(roomId: number, first: MessageDto[], dispatch: Dispatch) {
  let afterSeq = first.length > 0 ? first[first.length - 1].seq : 0;
  for (;;) {
    const result = await dispatch(chatApi.endpoints.getMessagesAfter.initiate({ roomId, afterSeq }, { subscribe: false, forceRefetch: true }));
    const page = result.data ?? [];
    dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (draft) => void mergeMessages(draft, page)));
    if (page.length < CATCH_UP_PAGE) return;
    afterSeq = page[page.length - 1].seq;
  }
}
