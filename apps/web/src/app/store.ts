import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { notificationsSlice } from '../features/notifications/notifications-slice';
import { vipSlice } from '../features/vip/vip-slice';
import { api } from '../lib/api';

const rootReducer = combineSlices(api, vipSlice, notificationsSlice);

export type RootState = ReturnType<typeof rootReducer>;

/** Tests build their own store with the state they need. */
export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
