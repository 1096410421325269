import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ServiceWorkerStatus } from '../service-worker-status';
import { switchLanguage, t } from '@/i18n/i18n';
import { SKIP_WAITING, updateStore, type UpdatableRegistration, type WorkerContainer } from '../update-store';

/**
 * A registration and navigator.serviceWorker as the prompt follows them: the test installs a new
 * version (updatefound, then its statechange), and the page's controller changes when it says.
 */
function fakeWorkers({ controlled = true } = {}) {
  const listeners = new Map<string, Array<() => void>>();
  const on = (type: string, listener: () => void) => listeners.set(type, [...(listeners.get(type) ?? []), listener]);
  const fire = (type: string) => act(() => (listeners.get(type) ?? []).forEach((listener) => listener()));
  const newVersion = { postMessage: jest.fn(), addEventListener: (type: string, listener: () => void) => on(`worker:${type}`, listener) };
  const registration = { installing: null as unknown, waiting: null as unknown, addEventListener: on };
  const container = { controller: controlled ? {} : null, addEventListener: on };
  return {
    registration: registration as unknown as UpdatableRegistration,
    container: container as unknown as WorkerContainer,
    postMessage: newVersion.postMessage,
    /** The browser finds a new version and installs it: it then waits. */
    installNewVersion() {
      registration.installing = newVersion;
      fire('updatefound');
      registration.installing = null;
      registration.waiting = newVersion;
      fire('worker:statechange');
    },
    takeOver: () => fire('controllerchange'),
  };
}

/** The banners' words, in English (the language the tests speak). */
const BANNER_TEXT = {
  updateTitle: t('layout.update.title'),
  updateBody: t('layout.update.body'),
  reload: t('layout.update.reload'),
  later: t('layout.update.later'),
  offline: t('layout.offline'),
};

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { value: online, configurable: true });
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')));
}

afterEach(() => setOnline(true));

describe('the app’s update prompt', () => {
  it('offers a waiting version and reloads into it only once it has taken over', async () => {
    const user = userEvent.setup();
    const reload = jest.fn();
    const workers = fakeWorkers();
    render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, reload)} />);
    expect(screen.queryByRole('status', { name: BANNER_TEXT.updateTitle })).not.toBeInTheDocument();

    workers.installNewVersion();
    const prompt = screen.getByRole('status', { name: BANNER_TEXT.updateTitle });
    expect(prompt).toHaveTextContent(BANNER_TEXT.updateBody);
    await user.click(screen.getByRole('button', { name: BANNER_TEXT.reload }));
    expect(workers.postMessage).toHaveBeenCalledWith({ type: SKIP_WAITING });
    expect(reload).not.toHaveBeenCalled();

    workers.takeOver();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks Hindi to a Hindi reader: the prompt, its buttons and the offline notice', async () => {
    await act(() => switchLanguage('hi'));
    try {
      const workers = fakeWorkers();
      render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, jest.fn())} />);
      workers.installNewVersion();
      const prompt = screen.getByRole('status', { name: 'नया संस्करण आ गया है' });
      expect(prompt).toHaveTextContent('इसे इस्तेमाल करने के लिए पेज दोबारा लोड करें।');
      expect(screen.getByRole('button', { name: 'दोबारा लोड करें' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'अभी नहीं' })).toBeInTheDocument();
      setOnline(false);
      expect(screen.getByTestId('offline-notice')).toHaveTextContent('आप ऑफ़लाइन हैं।');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('offers nothing for the first version, which takes the page without a reload', () => {
    const reload = jest.fn();
    const workers = fakeWorkers({ controlled: false });
    render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, reload)} />);
    workers.installNewVersion();
    workers.takeOver();
    expect(screen.queryByRole('status', { name: BANNER_TEXT.updateTitle })).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('offers a version that was already waiting when the page loaded', () => {
    const workers = fakeWorkers();
    workers.installNewVersion();
    render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, jest.fn())} />);
    expect(screen.getByRole('status', { name: BANNER_TEXT.updateTitle })).toBeInTheDocument();
  });

  it('goes away when put off, without activating anything', async () => {
    const user = userEvent.setup();
    const workers = fakeWorkers();
    render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, jest.fn())} />);
    workers.installNewVersion();
    await user.click(screen.getByRole('button', { name: BANNER_TEXT.later }));
    expect(screen.queryByRole('status', { name: BANNER_TEXT.updateTitle })).not.toBeInTheDocument();
    expect(workers.postMessage).not.toHaveBeenCalled();
  });

  it('can be answered from the keyboard', async () => {
    const user = userEvent.setup();
    const workers = fakeWorkers();
    render(<ServiceWorkerStatus updates={updateStore(workers.registration, workers.container, jest.fn())} />);
    workers.installNewVersion();
    await user.tab();
    await user.tab();
    expect(screen.getByRole('button', { name: BANNER_TEXT.reload })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(workers.postMessage).toHaveBeenCalledTimes(1);
  });

  it('says while the network is away, and stops saying so once it is back', () => {
    render(<ServiceWorkerStatus updates={null} />);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
    setOnline(false);
    expect(screen.getByTestId('offline-notice')).toHaveTextContent(BANNER_TEXT.offline);
    setOnline(true);
    expect(screen.queryByTestId('offline-notice')).not.toBeInTheDocument();
  });
});
