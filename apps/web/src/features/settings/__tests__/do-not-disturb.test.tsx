import type { UserSettings } from '@app/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeUser } from '@/test/fixtures';
import { renderApp, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { DND_TEXT, SETTINGS_TEXT } from '../settings-copy';

let server: TestServer;
let saved: UserSettings;
let puts: UserSettings[];
const realResolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;

beforeEach(async () => {
  server = await startTestServer();
  saved = makeUser().settings;
  puts = [];
  server.on('GET /api/users/me', () => ({ body: makeUser({ settings: saved }) }));
  server.on('GET /api/users/me/settings', () => ({ body: saved }));
  server.on('PUT /api/users/me/settings', ({ body }) => {
    puts.push(body as UserSettings);
    saved = body as UserSettings;
    return { body: saved };
  });
  // This device's clock is in Paris, whatever zone the test machine runs in.
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...realResolvedOptions.call(this), timeZone: 'Europe/Paris' };
  });
});

afterEach(async () => {
  jest.restoreAllMocks();
  await settleRenderedApps();
  await server.close();
});

async function quietHoursForm() {
  return screen.findByRole('form', { name: DND_TEXT.title });
}

describe('Settings: do-not-disturb hours', () => {
  it('saves the hours with the whole settings object and this device’s time zone', async () => {
    const user = userEvent.setup();
    const before = saved;
    renderApp('/settings');
    const form = await quietHoursForm();
    expect(within(form).getByText(DND_TEXT.timeZone('Europe/Paris'))).toBeInTheDocument();
    const from = within(form).getByLabelText(DND_TEXT.from);
    expect(from).toBeDisabled();

    await user.click(within(form).getByRole('switch', { name: DND_TEXT.title }));
    expect(from).toBeEnabled();
    fireEvent.change(from, { target: { value: '23:30' } });
    fireEvent.change(within(form).getByLabelText(DND_TEXT.to), { target: { value: '06:15' } });
    await user.click(within(form).getByRole('switch', { name: DND_TEXT.allowCalls }));
    expect(puts).toEqual([]);

    await user.click(within(form).getByRole('button', { name: DND_TEXT.save }));
    expect(await screen.findByText(SETTINGS_TEXT.saved)).toBeInTheDocument();
    expect(puts).toEqual([
      {
        ...before,
        notifications: { ...before.notifications, doNotDisturb: { enabled: true, from: '23:30', to: '06:15', timeZone: 'Europe/Paris', allowCalls: false } },
      },
    ]);
  });

  it('keeps the hours when another switch is saved afterwards', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await quietHoursForm();
    await user.click(within(form).getByRole('switch', { name: DND_TEXT.title }));
    await user.click(within(form).getByRole('button', { name: DND_TEXT.save }));
    await waitFor(() => expect(puts).toHaveLength(1));

    await user.click(screen.getByRole('switch', { name: 'Message sound' }));
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1].notifications).toMatchObject({ messageSound: false, doNotDisturb: { enabled: true, from: '22:00', to: '07:00', timeZone: 'Europe/Paris' } });
  });

  it('refuses a start and an end that are the same time', async () => {
    const user = userEvent.setup();
    renderApp('/settings');
    const form = await quietHoursForm();
    await user.click(within(form).getByRole('switch', { name: DND_TEXT.title }));
    fireEvent.change(within(form).getByLabelText(DND_TEXT.to), { target: { value: '22:00' } });
    expect(within(form).getByRole('alert')).toHaveTextContent(DND_TEXT.sameTimes);
    expect(within(form).getByRole('button', { name: DND_TEXT.save })).toBeDisabled();
    fireEvent.submit(form);
    expect(puts).toEqual([]);
  });
});
