import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

export type AppProviderProps = { store: AppStore; children: ReactNode };

export function AppProvider({ store, children }: AppProviderProps) {
  return <Provider store={store}>{children}</Provider>;
}
