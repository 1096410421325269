import { combineSlices, configureStore, createListenerMiddleware } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { addAccountListeners } from '../features/auth/account-listener';
import { addCallsListeners } from '../features/calls/calls-listener';
import { callsSlice } from '../features/calls/calls-slice';
import { addChatListeners } from '../features/chat/chat-listener';
import { chatSlice } from '../features/chat/chat-slice';
import { addModerationListeners } from '../features/moderation/moderation-listener';
import { addNotificationsListeners } from '../features/notifications/notifications-listener';
import { vipSlice } from '../features/vip/vip-slice';
import { api } from '../lib/api';
import { createSocketMiddleware, socketSlice } from '../lib/socket';

const rootReducer = combineSlices(api, vipSlice, socketSlice, chatSlice, callsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** The app's one listener middleware: each feature adds its effects to it (below). Every store made here shares it. */
const listener = createListenerMiddleware();

/** Tests build their own store with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(listener.middleware).concat(api.middleware, createSocketMiddleware()),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];

const startAppListening = listener.startListening.withTypes<RootState, AppDispatch>();

// An action's effects run in this order: a new person's calls are cleared before their socket opens.
addAccountListeners(startAppListening);
addModerationListeners(startAppListening);
addCallsListeners(startAppListening);
addNotificationsListeners(startAppListening);
addChatListeners(startAppListening);
