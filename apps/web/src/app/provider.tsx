import * as Tooltip from '@radix-ui/react-tooltip';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import type { AppStore } from './store';

/** Spec: tooltips open after 700 ms; moving between them within 300 ms skips the delay. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export type AppProviderProps = { store: AppStore; children: ReactNode };

export function AppProvider({ store, children }: AppProviderProps) {
  return (
    <Provider store={store}>
      <Tooltip.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}>
        {children}
      </Tooltip.Provider>
    </Provider>
  );
}
