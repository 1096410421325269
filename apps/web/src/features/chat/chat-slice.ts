import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ErrorCode } from '@app/contracts';

export interface RateLimitNotice {
  /** rate_limit_duplicate gets its own text; any other code the 50-messages text. */
  code: string;
  waitSeconds: number;
}

export interface ChatUiState {
  rateLimit: RateLimitNotice | null;
  /** Per room: when the sender may write again (epoch ms). */
  waitUntil: Record<number, number>;
  createRoomOpen: boolean;
  clearCacheOpen: boolean;
}

const DUPLICATE_CODE: (typeof ErrorCode)['RateLimitDuplicate'] = 'rate_limit_duplicate';

const initialState: ChatUiState = { rateLimit: null, waitUntil: {}, createRoomOpen: false, clearCacheOpen: false };

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
    cooldownStarted: (state, action: PayloadAction<{ roomId: number; until: number }>) => {
      state.waitUntil[action.payload.roomId] = action.payload.until;
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
  },
  selectors: {
    selectRateLimit: (state) => state.rateLimit,
    selectWaitUntil: (state, roomId: number) => state.waitUntil[roomId] ?? 0,
    selectCreateRoomOpen: (state) => state.createRoomOpen,
    selectClearCacheOpen: (state) => state.clearCacheOpen,
  },
});

export const { rateLimited, cooldownStarted, rateLimitDialogClosed, createRoomDialogSet, clearCacheDialogSet } = chatSlice.actions;
export const { selectRateLimit, selectWaitUntil, selectCreateRoomOpen, selectClearCacheOpen } = chatSlice.selectors;

export function isDuplicateLimit(code: string): boolean {
  return code === DUPLICATE_CODE;
}
