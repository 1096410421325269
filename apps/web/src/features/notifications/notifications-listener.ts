import { createListenerMiddleware } from '@reduxjs/toolkit';
import type { api } from '../../lib/api';
import { authApi } from '../auth/api/auth-api';
import { notificationsRestored, type AppNotification } from './notifications-slice';
import { loadNotifications, saveNotifications } from './notifications-storage';

/** The state this listener reads; the store's full state satisfies it. */
interface ListenerState {
  api: ReturnType<typeof api.reducer>;
  notifications: { items: AppNotification[] };
}

const selectMe = authApi.endpoints.getMe.select();

function currentUserId(state: ListenerState): number | null {
  return selectMe(state as never).data?.id ?? null;
}

/** Notifications are kept on this device, per person: each sign-in brings back that person's. */
export const notificationsListener = createListenerMiddleware<ListenerState>();

notificationsListener.startListening({
  predicate: (_action, current, previous) => currentUserId(current) !== currentUserId(previous),
  effect: (_action, { getState, dispatch }) => {
    const userId = currentUserId(getState());
    dispatch(notificationsRestored(userId === null ? [] : loadNotifications(userId)));
  },
});

notificationsListener.startListening({
  predicate: (_action, current, previous) => current.notifications !== previous.notifications,
  effect: (_action, { getState }) => {
    const state = getState();
    const userId = currentUserId(state);
    if (userId !== null) saveNotifications(userId, state.notifications.items);
  },
});
