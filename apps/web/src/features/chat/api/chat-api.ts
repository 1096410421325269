import type {
  CreateRoomDto,
  MessageDto,
  MessageFormatting,
  MessageType,
  PinnedMessageDto,
  PrivateChatSummaryDto,
  ReactionDto,
  RoomCategory,
  RoomDto,
} from '@app/contracts';
import { api } from '@/lib/api';
import { mergeMessages, removeMessage, replaceMessage, setLinkPreview, setReactions } from '../feed';
import type { CommunityStats, RecentMessage, RoomFeed } from '../types';

/** Freshness of the landing data per spec: recent messages 30 s, stats 60 s. */
export const RECENT_MESSAGES_FRESH_SECONDS = 30;
export const STATS_FRESH_SECONDS = 60;
export const RECENT_MESSAGES_LIMIT = 3;
/** Spec: the private chats started from a room are refetched every 30 s. */
export const ROOM_PRIVATE_CHATS_POLL_MS = 30_000;
/** An open room's stream stays cached a while, so coming back resumes from its last message. */
const FEED_KEEP_SECONDS = 5 * 60;
export const CATCH_UP_PAGE = 100;
/** Older messages are fetched this many at a time when the reader scrolls back. */
export const HISTORY_PAGE = 50;

export interface PublicRoomsQuery {
  q?: string;
  category?: RoomCategory;
}

export interface SendMessageRequest {
  roomId: number;
  content: string;
  type: MessageType;
  formatting?: MessageFormatting;
  metadata?: Record<string, unknown>;
  /** Makes a retry safe: the server never stores the same clientId twice. */
  clientId: string;
}

export const EMPTY_FEED: RoomFeed = { room: null, messages: [], notices: [], onlineUsers: [], joined: false, error: null };

export const chatApi = api.injectEndpoints({
  endpoints: (build) => ({
    getRecentMessages: build.query<RecentMessage[], number>({
      query: (limit) => ({ url: 'messages/recent', params: { limit } }),
      providesTags: ['RecentMessages'],
    }),
    getStats: build.query<CommunityStats, void>({
      query: () => 'stats',
      providesTags: ['Stats'],
    }),
    getPublicRooms: build.query<RoomDto[], PublicRoomsQuery>({
      query: ({ q, category }) => ({
        url: 'rooms',
        params: { type: 'public', ...(q?.trim() ? { q: q.trim() } : {}), ...(category ? { category } : {}) },
      }),
      providesTags: ['Rooms'],
    }),
    getRoom: build.query<RoomDto, number>({
      query: (id) => `rooms/${id}`,
      providesTags: (_result, _error, id) => [{ type: 'Room', id }],
    }),
    /** Filled by socket frames only (see chat-listener): the query itself starts empty. */
    getRoomFeed: build.query<RoomFeed, number>({
      queryFn: () => ({ data: EMPTY_FEED }),
      keepUnusedDataFor: FEED_KEEP_SECONDS,
    }),
    /** Messages after a sequence number: fills what one join frame could not hold. */
    getMessagesAfter: build.query<MessageDto[], { roomId: number; afterSeq: number }>({
      query: ({ roomId, afterSeq }) => ({ url: `rooms/${roomId}/messages`, params: { afterSeq, limit: CATCH_UP_PAGE } }),
      keepUnusedDataFor: 0,
    }),
    /** The page of messages just before the oldest one shown, oldest first. */
    getMessagesBefore: build.query<MessageDto[], { roomId: number; before: number }>({
      query: ({ roomId, before }) => ({ url: `rooms/${roomId}/messages`, params: { before, limit: HISTORY_PAGE } }),
      keepUnusedDataFor: 0,
    }),
    sendMessage: build.mutation<MessageDto, SendMessageRequest>({
      query: ({ roomId, ...body }) => ({ url: `rooms/${roomId}/messages`, method: 'POST', body }),
      // The stored message shows at once; its socket echo is then recognised and dropped.
      async onQueryStarted({ roomId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (feed) => void mergeMessages(feed, [data])));
      },
    }),
    /** One's own text message, within 15 minutes; the room (this tab too) hears message_edited. */
    editMessage: build.mutation<MessageDto, { roomId: number; messageId: number; content: string }>({
      query: ({ messageId, content }) => ({ url: `messages/${messageId}`, method: 'PATCH', body: { content } }),
      async onQueryStarted({ roomId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (feed) => void replaceMessage(feed, data)));
      },
    }),
    /** One's own message, at any time; the room hears message_deleted. */
    deleteMessage: build.mutation<{ ok: true }, { roomId: number; messageId: number }>({
      query: ({ messageId }) => ({ url: `messages/${messageId}`, method: 'DELETE' }),
      async onQueryStarted({ roomId, messageId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (feed) => void removeMessage(feed, messageId, 'sender')));
      },
    }),
    /** The sender removes their message's link preview, for good; the room hears link_preview with none. */
    removeLinkPreview: build.mutation<{ ok: true }, { roomId: number; messageId: number }>({
      query: ({ messageId }) => ({ url: `messages/${messageId}/preview`, method: 'DELETE' }),
      async onQueryStarted({ roomId, messageId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (feed) => void setLinkPreview(feed, messageId, null)));
      },
    }),
    /** Adds (or with `remove`, takes back) one's reaction; the answer and the room's frame both set the message's reactions. */
    react: build.mutation<ReactionDto[], { roomId: number; messageId: number; emoji: string; remove?: boolean }>({
      query: ({ messageId, emoji, remove }) => ({ url: `messages/${messageId}/reactions/${encodeURIComponent(emoji)}`, method: remove ? 'DELETE' : 'PUT' }),
      async onQueryStarted({ roomId, messageId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getRoomFeed', roomId, (feed) => void setReactions(feed, messageId, data)));
      },
    }),
    /** A public room's pinned messages, newest first; kept current by pins_changed (see chat-listener). */
    getPins: build.query<PinnedMessageDto[], number>({
      query: (roomId) => `rooms/${roomId}/pins`,
    }),
    /** The owner's or a moderator's pin (or with `remove`, unpin); the answer and the room's frame both set the list. */
    pin: build.mutation<PinnedMessageDto[], { roomId: number; messageId: number; remove?: boolean }>({
      query: ({ messageId, remove }) => ({ url: `messages/${messageId}/pin`, method: remove ? 'DELETE' : 'PUT' }),
      async onQueryStarted({ roomId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(chatApi.util.updateQueryData('getPins', roomId, () => data));
      },
    }),
    createRoom: build.mutation<RoomDto, CreateRoomDto>({
      query: (body) => ({ url: 'rooms', method: 'POST', body }),
      invalidatesTags: ['Rooms'],
    }),
    startPrivateChat: build.mutation<RoomDto, { userId: number; originRoomId: number }>({
      query: (body) => ({ url: 'rooms/private', method: 'POST', body }),
      invalidatesTags: ['PrivateChats', 'MyChats'],
    }),
    getMyChats: build.query<PrivateChatSummaryDto[], void>({
      query: () => 'rooms/my-chats',
      providesTags: ['MyChats'],
    }),
    getMarketplaceChats: build.query<PrivateChatSummaryDto[], void>({
      query: () => 'rooms/marketplace-chats',
      providesTags: ['MarketplaceChats'],
    }),
    getRoomPrivateChats: build.query<PrivateChatSummaryDto[], number>({
      query: (roomId) => `rooms/${roomId}/private-chats`,
      providesTags: ['PrivateChats'],
    }),
    deletePrivateChat: build.mutation<{ ok: true }, number>({
      query: (id) => ({ url: `rooms/${id}`, method: 'DELETE' }),
      // The list drops the chat at once; a refusal puts it back.
      async onQueryStarted(id, { dispatch, queryFulfilled }) {
        const drop = (list: PrivateChatSummaryDto[]) => list.filter((chat) => chat.id !== id);
        const patches = [
          dispatch(chatApi.util.updateQueryData('getMyChats', undefined, drop)),
          dispatch(chatApi.util.updateQueryData('getMarketplaceChats', undefined, drop)),
        ];
        await queryFulfilled.catch(() => patches.forEach((patch) => patch.undo()));
      },
      invalidatesTags: ['PrivateChats'],
    }),
  }),
});

export const {
  useGetRecentMessagesQuery,
  useGetStatsQuery,
  useGetPublicRoomsQuery,
  useGetRoomQuery,
  useGetRoomFeedQuery,
  useLazyGetMessagesBeforeQuery,
  useSendMessageMutation,
  useEditMessageMutation,
  useDeleteMessageMutation,
  useRemoveLinkPreviewMutation,
  useReactMutation,
  useGetPinsQuery,
  usePinMutation,
  useCreateRoomMutation,
  useStartPrivateChatMutation,
  useGetMyChatsQuery,
  useGetMarketplaceChatsQuery,
  useGetRoomPrivateChatsQuery,
  useDeletePrivateChatMutation,
} = chatApi;
