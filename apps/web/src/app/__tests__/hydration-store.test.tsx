import { act, fireEvent, render, screen } from '@testing-library/react';
import { useReducer } from 'react';
import { Provider } from 'react-redux';
import { closeVipDialog, openVipDialog, selectVipDialogOpen } from '@/features/vip/vip-slice';
import { useAppSelector } from '../hooks';
import { storeHeldWhileHydrating } from '../hydration-store';
import { makeStore } from '../store';

function VipDialogState() {
  // A render of React's own, not the store's: what it reads while held must still be the state held.
  const [renders, renderAgain] = useReducer((count: number) => count + 1, 0);
  return (
    <>
      <p>{useAppSelector(selectVipDialogOpen) ? 'open' : 'closed'}</p>
      <button type="button" onClick={renderAgain}>
        rendered {renders + 1}
      </button>
    </>
  );
}

let browserIdle: (() => void) | undefined;

beforeEach(() => {
  browserIdle = undefined;
  window.requestIdleCallback = ((callback: () => void) => {
    browserIdle = callback;
    return 1;
  }) as typeof window.requestIdleCallback;
});

afterEach(() => {
  delete (window as Partial<Window>).requestIdleCallback;
});

function renderHeld() {
  const store = makeStore();
  const held = storeHeldWhileHydrating(store);
  render(
    <Provider store={held}>
      <VipDialogState />
    </Provider>,
  );
  return { store, held };
}

it('shows React the store as it was until the browser is idle, while actions reach the store at once', () => {
  const { store, held } = renderHeld();
  act(() => void held.dispatch(openVipDialog()));
  expect(selectVipDialogOpen(store.getState())).toBe(true);
  expect(screen.getByText('closed')).toBeInTheDocument();
  act(() => screen.getByRole('button', { name: 'rendered 1' }).click());
  expect(screen.getByRole('button', { name: 'rendered 2' })).toBeInTheDocument();
  expect(screen.getByText('closed')).toBeInTheDocument();

  act(() => browserIdle!());
  expect(screen.getByText('open')).toBeInTheDocument();
  // From then on every change reaches React as it happens.
  act(() => void held.dispatch(closeVipDialog()));
  expect(screen.getByText('closed')).toBeInTheDocument();
});

it('lets React see the store as soon as the visitor presses a key, before the browser is idle', () => {
  const { held } = renderHeld();
  act(() => void held.dispatch(openVipDialog()));
  expect(screen.getByText('closed')).toBeInTheDocument();

  fireEvent.keyDown(window, { key: 'Tab' });
  expect(screen.getByText('open')).toBeInTheDocument();
  act(() => browserIdle!());
  expect(screen.getByText('open')).toBeInTheDocument();
});

it('lets React see the store as soon as the visitor touches the page', () => {
  const { held } = renderHeld();
  act(() => void held.dispatch(openVipDialog()));
  fireEvent.pointerDown(document.body);
  expect(screen.getByText('open')).toBeInTheDocument();
});
