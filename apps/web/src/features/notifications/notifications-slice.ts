import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationType = 'message' | 'mention' | 'seller';

/** Notifications live on this device only (spec): features add them as events arrive. */
export interface AppNotification {
  id: string;
  type: NotificationType;
  title: string;
  content: string;
  sender: string | null;
  avatar: string | null;
  timestamp: string;
  read: boolean;
}

export type NewNotification = Omit<AppNotification, 'id' | 'timestamp' | 'read'> & { timestamp?: string };

const MAX_KEPT = 100;

export const notificationsSlice = createSlice({
  name: 'notifications',
  initialState: { items: [] as AppNotification[] },
  reducers: {
    addNotification: {
      reducer: (state, action: PayloadAction<AppNotification>) => {
        state.items.unshift(action.payload);
        state.items.splice(MAX_KEPT);
      },
      prepare: (input: NewNotification) => ({
        payload: {
          ...input,
          id: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
          timestamp: input.timestamp ?? new Date().toISOString(),
          read: false,
        },
      }),
    },
    markNotificationRead: (state, action: PayloadAction<string>) => {
      const item = state.items.find((n) => n.id === action.payload);
      if (item) item.read = true;
    },
    markAllNotificationsRead: (state) => {
      state.items.forEach((n) => (n.read = true));
    },
    removeNotification: (state, action: PayloadAction<string>) => {
      state.items = state.items.filter((n) => n.id !== action.payload);
    },
    clearNotifications: (state) => {
      state.items = [];
    },
    /** The signed-in person's notifications as this device kept them (none when signed out). */
    notificationsRestored: (state, action: PayloadAction<AppNotification[]>) => {
      state.items = action.payload.slice(0, MAX_KEPT);
    },
  },
  selectors: {
    selectNotifications: (state) => state.items,
    selectUnreadCount: (state) => state.items.filter((n) => !n.read).length,
  },
});

export const { addNotification, markNotificationRead, markAllNotificationsRead, removeNotification, clearNotifications, notificationsRestored } =
  notificationsSlice.actions;
export const { selectNotifications, selectUnreadCount } = notificationsSlice.selectors;
