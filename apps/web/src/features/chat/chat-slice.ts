import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { MessageDto } from '@app/contracts';
import { ErrorCode } from '@app/contracts/browser';

export interface RateLimitNotice {
  /** The 429's `error`: rate_limit, rate_limit_duplicate or rate_limit_links. */
  code: string;
  /** The code of the server's message, which tells a cooldown from the hourly quota (both are rate_limit). */
  messageCode?: string;
  waitSeconds: number;
}

export interface ChatUiState {
  rateLimit: RateLimitNotice | null;
  /** Per room: when the sender may write again (epoch ms). */
  waitUntil: Record<number, number>;
  createRoomOpen: boolean;
  clearCacheOpen: boolean;
  /** Per room: the message the reply being written answers. */
  replyingTo: Record<number, MessageDto>;
  /** A message to scroll to and mark (a reply's quote was chosen); a new object each time, so the same one can be asked again. */
  focusRequest: { roomId: number; messageId: number } | null;
}

const initialState: ChatUiState = { rateLimit: null, waitUntil: {}, createRoomOpen: false, clearCacheOpen: false, replyingTo: {}, focusRequest: null };

/** UI state of the chat screens only; server data lives in RTK Query's cache. */
export const chatSlice = createSlice({
  name: 'chat',
  initialState,
  reducers: {
    rateLimited: (state, action: PayloadAction<RateLimitNotice & { roomId: number; at: number }>) => {
      const { roomId, at, ...notice } = action.payload;
      state.rateLimit = notice;
      state.waitUntil[roomId] = at + notice.waitSeconds * 1000;
    },
    /** A wait learnt from a send or from the server; an answer that was on its way meanwhile never shortens it. */
    cooldownStarted: (state, action: PayloadAction<{ roomId: number; until: number }>) => {
      const { roomId, until } = action.payload;
      state.waitUntil[roomId] = Math.max(state.waitUntil[roomId] ?? 0, until);
    },
    rateLimitDialogClosed: (state) => {
      state.rateLimit = null;
    },
    createRoomDialogSet: (state, action: PayloadAction<boolean>) => {
      state.createRoomOpen = action.payload;
    },
    clearCacheDialogSet: (state, action: PayloadAction<boolean>) => {
      state.clearCacheOpen = action.payload;
    },
    replyStarted: (state, action: PayloadAction<MessageDto>) => {
      state.replyingTo[action.payload.roomId] = action.payload;
    },
    replyCancelled: (state, action: PayloadAction<number>) => {
      delete state.replyingTo[action.payload];
    },
    messageFocusRequested: (state, action: PayloadAction<{ roomId: number; messageId: number }>) => {
      state.focusRequest = { ...action.payload };
    },
    /** The message was shown: the ask is done, and coming back to the room later does not jump there again. */
    messageFocusServed: (state, action: PayloadAction<{ roomId: number; messageId: number }>) => {
      const asked = state.focusRequest;
      if (asked?.roomId === action.payload.roomId && asked.messageId === action.payload.messageId) state.focusRequest = null;
    },
  },
  selectors: {
    selectRateLimit: (state) => state.rateLimit,
    selectWaitUntil: (state, roomId: number) => state.waitUntil[roomId] ?? 0,
    selectCreateRoomOpen: (state) => state.createRoomOpen,
    selectClearCacheOpen: (state) => state.clearCacheOpen,
    selectReplyingTo: (state, roomId: number) => state.replyingTo[roomId] as MessageDto | undefined,
    selectFocusRequest: (state) => state.focusRequest,
  },
});

export const { rateLimited, cooldownStarted, rateLimitDialogClosed, createRoomDialogSet, clearCacheDialogSet, replyStarted, replyCancelled, messageFocusRequested, messageFocusServed } =
  chatSlice.actions;
export const { selectRateLimit, selectWaitUntil, selectCreateRoomOpen, selectClearCacheOpen, selectReplyingTo, selectFocusRequest } = chatSlice.selectors;

export type RateLimitReason = 'cooldown' | 'hourly' | 'duplicate' | 'flood' | 'links';

/**
 * Which limit refused the send, read as chat-svc's SendLimitsService writes it: duplicates and
 * links have error codes of their own; under rate_limit the hourly quota and the flood guard have
 * message codes of their own, and what is left is the room's cooldown. Codes, not the English
 * text: comparing texts would pull the chat messages table into the landing page's first chunk.
 */
export function rateLimitReason({ code, messageCode }: Pick<RateLimitNotice, 'code' | 'messageCode'>): RateLimitReason {
  if (code === ErrorCode.RateLimitDuplicate) return 'duplicate';
  if (code === ErrorCode.RateLimitLinks) return 'links';
  if (messageCode === 'message_hourly_limit') return 'hourly';
  if (messageCode === 'message_flood') return 'flood';
  return 'cooldown';
}
