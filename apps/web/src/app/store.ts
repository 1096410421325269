import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { accountListener } from '../features/auth/account-listener';
import { callsListener } from '../features/calls/calls-listener';
import { callsSlice } from '../features/calls/calls-slice';
import { chatListener } from '../features/chat/chat-listener';
import { chatSlice } from '../features/chat/chat-slice';
import { moderationListener } from '../features/moderation/moderation-listener';
import { notificationsListener } from '../features/notifications/notifications-listener';
import { vipSlice } from '../features/vip/vip-slice';
import { api } from '../lib/api';
import { createSocketMiddleware, socketSlice } from '../lib/socket';

const rootReducer = combineSlices(api, vipSlice, socketSlice, chatSlice, callsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Tests build their own store with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().prepend(chatListener.middleware, notificationsListener.middleware, callsListener.middleware, moderationListener.middleware, accountListener.middleware).concat(api.middleware, createSocketMiddleware()),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
