import type { HttpErrorBody, MessageDto, RoomDto, ServerFrame, UserDto } from '@app/contracts';
import { hasSendLimits } from '@app/contracts/browser';
import { api } from '@/lib/api';
import { bodyMessage } from '@/lib/errors';
import type { ListenerDispatch, StartListening } from '@/lib/listening';
import { connectSocket, disconnectSocket, joinSent, socketFrameReceived, SESSION_ENDED_CLOSE, socketStatusChanged } from '@/lib/socket';
import { authApi } from '../auth/api/auth-api';
import { CATCH_UP_PAGE, chatApi } from './api/chat-api';
import { cooldownStarted } from './chat-slice';
import { addNotice, markRead, mergeMessages, quoteOf, removeMessage, replaceMessage, setLinkPreview, setReactions, upsertOnlineUser } from './feed';

/** The state this listener reads; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
  socket: { roomId: number | null };
}

type Dispatch = ListenerDispatch<ListenerState>;

const selectMe = authApi.endpoints.getMe.select();

function currentUser(state: ListenerState): UserDto | null {
  return selectMe(state as never).data ?? null;
}

/** The room a join was asked for and not yet answered: an error frame meanwhile is its refusal. */
let joining: number | null = null;
const JOIN_REFUSALS = new Set(['not_found', 'forbidden', 'conflict', 'validation_failed']);

/**
 * Socket frames into RTK Query's cache, and the socket's life tied to the session:
 * a signed-in person (guests too) holds one socket wherever they are in the app, so
 * private chat invitations and sellers' notifications reach them on any screen.
 */
export function addChatListeners(startListening: StartListening<ListenerState>): void {
  startListening({
    predicate: (_action, current, previous) => currentUser(current)?.id !== currentUser(previous)?.id,
    effect: (_action, { getState, dispatch }) => {
      const user = currentUser(getState());
      dispatch(user ? connectSocket({ userId: user.id }) : disconnectSocket());
    },
  });

  // A session that ended elsewhere closes the socket: ask who is signed in now.
  startListening({
    actionCreator: socketStatusChanged,
    effect: (action, { dispatch }) => {
      if (action.payload.closeCode === SESSION_ENDED_CLOSE) dispatch(api.util.invalidateTags(['Me']));
    },
  });

  // Each join (and rejoin after a reconnect) starts from "not joined yet" until the history arrives.
  startListening({
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

  // The server tells, with the room, how long this person still waits to send there: a reload
  // or a second tab counts down the same wait the first one did.
  startListening({
    matcher: chatApi.endpoints.getRoom.matchFulfilled,
    effect: (action, { dispatch }) => waitTold(action.payload, dispatch),
  });

  startListening({
    actionCreator: socketFrameReceived,
    effect: async (action, { dispatch, getState }) => {
      await applyFrame(action.payload, dispatch, getState);
    },
  });
}

function waitTold(room: RoomDto, dispatch: Dispatch) {
  if (room.sendWait) dispatch(cooldownStarted({ roomId: room.id, until: Date.now() + room.sendWait.waitMs }));
}

async function applyFrame(frame: ServerFrame, dispatch: Dispatch, getState: () => ListenerState) {
  const feed = (roomId: number, recipe: Parameters<typeof chatApi.util.updateQueryData<'getRoomFeed'>>[2]) =>
    dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, recipe));

  switch (frame.type) {
    case 'room_joined':
      waitTold(frame.room, dispatch);
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
    case 'new_message': {
      const { readBy } = frame;
      feed(frame.roomId, (draft) => {
        mergeMessages(draft, [frame.message]);
        if (readBy) markRead(draft, readBy.userId, frame.message.seq, readBy.readAt);
      });
      // My own message sent from another tab starts the room's cooldown here too.
      const me = currentUser(getState());
      const room = chatApi.endpoints.getRoomFeed.select(frame.roomId)(getState() as never).data?.room;
      if (me && room && frame.message.senderId === me.id && hasSendLimits(me.role, room.type) && room.messageCooldown > 0) {
        dispatch(cooldownStarted({ roomId: room.id, until: Date.now() + room.messageCooldown * 1000 }));
      }
      return;
    }
    case 'message_ack':
      feed(frame.message.roomId, (draft) => void mergeMessages(draft, [frame.message]));
      return;
    case 'message_deleted':
      feed(frame.roomId, (draft) => void removeMessage(draft, frame.messageId, frame.removedBy));
      // A removed message's pin goes with it.
      dispatch(chatApi.util.updateQueryData('getPins', frame.roomId, (pins) => pins.filter((pin) => pin.message.id !== frame.messageId)));
      return;
    case 'message_edited':
      feed(frame.roomId, (draft) => void replaceMessage(draft, frame.message));
      dispatch(
        chatApi.util.updateQueryData('getPins', frame.roomId, (pins) => {
          for (const pin of pins) if (pin.message.id === frame.message.id) Object.assign(pin.message, quoteOf(frame.message));
        }),
      );
      return;
    case 'pins_changed':
      dispatch(chatApi.util.updateQueryData('getPins', frame.roomId, () => frame.pins));
      return;
    case 'messages_read':
      feed(frame.roomId, (draft) => void markRead(draft, frame.userId, frame.seq, frame.readAt));
      return;
    case 'reactions_changed':
      feed(frame.roomId, (draft) => void setReactions(draft, frame.messageId, frame.reactions));
      return;
    case 'link_preview':
      feed(frame.roomId, (draft) => void setLinkPreview(draft, frame.messageId, frame.preview));
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
      // A private chat's header says when the other person was last seen, as far as they let
      // others see it: the server's answer for the room says.
      if (chatApi.endpoints.getRoomFeed.select(frame.roomId)(getState() as never).data?.room?.type === 'private') {
        dispatch(api.util.invalidateTags([{ type: 'Room', id: frame.roomId }]));
      }
      return;
    case 'private_chat_created':
      dispatch(api.util.invalidateTags(['PrivateChats', 'MyChats', 'MarketplaceChats']));
      return;
    case 'seller_message_notification':
      // The alert itself comes with the stored notification (notifications-listener).
      dispatch(api.util.invalidateTags(['MyChats', 'MarketplaceChats']));
      return;
    case 'error':
      // A refused join (unknown room, not a participant, full room) shows in place of the stream.
      if (joining !== null && JOIN_REFUSALS.has(frame.code)) {
        const roomId = joining;
        joining = null;
        feed(roomId, (draft) => {
          // In the language spoken, by the refusal's code.
          draft.error = bodyMessage(frame as Partial<HttpErrorBody>, frame.message);
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
