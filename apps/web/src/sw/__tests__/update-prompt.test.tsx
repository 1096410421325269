import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceWorkerStatus } from '../service-worker-status';
import { SW_TEXT } from '../sw-strings';
import { updateStore, type UpdatableWorker } from '../update-store';

/** workbox-window's Workbox as the prompt uses it: lifecycle events the test fires, and the skip-waiting message. */
function fakeWorkbox() {
  const listeners = new Map<string, Array<() => void>>();
  const worker = {
    addEventListener: (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]),
    messageSkipWaiting: jest.fn(),
  };
  const fire = (type: string) => act(() => (listeners.get(type) ?? []).forEach((listener) => listener()));
  return { worker: worker as unknown as UpdatableWorker, messageSkipWaiting: worker.messageSkipWaiting, fire };
}

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => setOnline(true));

describe('the app’s update prompt', () => {
  it('offers a waiting version and reloads into it only once it has taken over', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    const { worker, messageSkipWaiting, fire } = fakeWorkbox();
    render(<ServiceWorkerStatus updates={updateStore(worker, reload)} />);
    expect(screen.queryByRole('status', { name: SW_TEXT.updateTitle })).not.toBeInTheDocument();

    // The first version taking the page over is no update: nothing reloads.
    fire('controlling');
    expect(reload).not.toHaveBeenCalled();

    fire('waiting');
    const prompt = screen.getByRole('status', { name: SW_TEXT.updateTitle });
    expect(prompt).toHaveTextContent(SW_TEXT.updateBody);
    await user.click(screen.getByRole('button', { name: SW_TEXT.reload }));
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();

    fire('controlling');
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('goes away when put off, without activating anything', async () => {
    const user = userEvent.setup();
    const { worker, messageSkipWaiting, fire } = fakeWorkbox();
    render(<ServiceWorkerStatus updates={updateStore(worker, jest.fn())} />);
    fire('waiting');
    await user.click(screen.getByRole('button', { name: SW_TEXT.later }));
    expect(screen.queryByRole('status', { name: SW_TEXT.updateTitle })).not.toBeInTheDocument();
    expect(messageSkipWaiting).not.toHaveBeenCalled();
  });

  it('can be answered from the keyboard', async () => {
    const user = userEvent.setup();
    const { worker, messageSkipWaiting, fire } = fakeWorkbox();
    render(<ServiceWorkerStatus updates={updateStore(worker, jest.fn())} />);
    fire('waiting');
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: SW_TEXT.reload })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(messageSkipWaiting).toHaveBeenCalledTimes(1);
  });

  it('says while the network is away, and stops saying so once it is back', () => {
    const { worker } = fakeWorkbox();
    render(<ServiceWorkerStatus updates={updateStore(worker, jest.fn())} />);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(SW_TEXT.offline);
    setOnline(true);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });
});
