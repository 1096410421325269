import type { ModerationReportDto, ReportDto } from '@app/contracts';
import { ModerationMessages, REPORT_REASONS, reportOutcomeMessage } from '@app/contracts/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatLocale, switchLanguage } from '@/i18n/i18n';
import { formatDate } from '@/lib/format';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp, renderWithStore, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { authApi } from '@/features/auth/api/auth-api';
import { makeMessage, makeRoom } from '@/features/chat/__tests__/fixtures';
import { goLive, standInForSends } from '@/features/chat/__tests__/send-stand-in';
import { Composer } from '@/features/chat/components/composer';
import { CHAT_TEXT, PERSON_MENU_TEXT } from '@/features/chat/chat-copy';
import { DESK_TEXT } from '../moderation-copy';
import { REPORT_TEXT } from '../report-copy';
import { powChallenge } from '@/test/pow-worker';

let server: TestServer;
const bob = { id: 8, username: 'bob', avatar: null, role: 'user' as const };

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
});

afterEach(async () => {
  await settleRenderedApps();
  await server.close();
});

/** Alice, a member, in room 4 where bob wrote two messages. */
async function aliceInRoomWithBob(language: 'en' | 'hi' = 'en') {
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7, username: 'alice', isVerified: true, language }) }));
  server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
  server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
  server.on('GET /api/blocks', () => ({ body: [] }));
  server.on('GET /api/moderation/notices', () => ({ body: { notices: [], mute: null } }));
  const view = renderApp('/chat/4');
  await screen.findByText(CHAT_TEXT.connecting);
  act(() => {
    view.store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom() }));
    view.store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, bob), makeMessage(2, bob, { content: 'buy followers here' })], hasMore: false }));
  });
  await screen.findByText('buy followers here');
  return view;
}

describe('Reporting in a room', () => {
  it('reports a message with a reason and a note and says "Report received"', async () => {
    const user = userEvent.setup();
    server.on('POST /api/reports', ({ body }) => ({ status: 201, body: { id: 1, ...(body as object) } }));
    await aliceInRoomWithBob();

    const menus = screen.getAllByRole('button', { name: PERSON_MENU_TEXT.message('bob') });
    await user.click(menus[1]);
    await user.click(await screen.findByRole('menuitem', { name: REPORT_TEXT.reportMessage }));
    const dialog = await screen.findByRole('dialog', { name: REPORT_TEXT.title.message });
    const send = within(dialog).getByRole('button', { name: REPORT_TEXT.send });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.spam }));
    await user.type(within(dialog).getByLabelText(REPORT_TEXT.note), 'Selling followers');
    await user.click(send);

    expect(await screen.findByText(ModerationMessages.ReportReceived)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.requests.filter((r) => r.path === '/api/reports').map((r) => r.body)).toEqual([
      { targetType: 'message', targetId: 1002, reason: 'spam', note: 'Selling followers' },
    ]);
  });

  it('shows the server refusal of a second report about the same thing', async () => {
    const user = userEvent.setup();
    server.on('POST /api/reports', () => ({ status: 409, body: { error: 'Conflict', code: 'conflict', message: ModerationMessages.AlreadyReported } }));
    await aliceInRoomWithBob();
    await user.click(screen.getAllByRole('button', { name: PERSON_MENU_TEXT.message('bob') })[0]);
    await user.click(await screen.findByRole('menuitem', { name: REPORT_TEXT.reportUser('bob') }));
    const dialog = await screen.findByRole('dialog', { name: REPORT_TEXT.title.user });
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.harassment }));
    await user.click(within(dialog).getByRole('button', { name: REPORT_TEXT.send }));
    expect(await screen.findByText(ModerationMessages.AlreadyReported)).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/api/reports')?.body).toEqual({ targetType: 'user', targetId: 8, reason: 'harassment' });
  });
});

describe('The room menu', () => {
  it('lets a member report the public room', async () => {
    const user = userEvent.setup();
    server.on('POST /api/reports', ({ body }) => ({ status: 201, body: { id: 3, ...(body as object) } }));
    await aliceInRoomWithBob();
    await user.click(screen.getByRole('button', { name: CHAT_TEXT.menu }));
    await user.click(await screen.findByRole('menuitem', { name: REPORT_TEXT.reportRoom }));
    const dialog = await screen.findByRole('dialog', { name: REPORT_TEXT.title.room });
    await user.click(within(dialog).getByRole('radio', { name: REPORT_REASONS.inappropriate }));
    await user.click(within(dialog).getByRole('button', { name: REPORT_TEXT.send }));
    expect(await screen.findByText(ModerationMessages.ReportReceived)).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/api/reports')?.body).toEqual({ targetType: 'room', targetId: 4, reason: 'inappropriate' });
  });

  it('lets a moderator delete the public room with a reason', async () => {
    const user = userEvent.setup();
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 1, username: 'mod', role: 'moderator', isVerified: true, twoStepEnabled: true, signedInWith: 'password-and-code' }) }));
    server.on('GET /api/rooms/4', () => ({ body: makeRoom() }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    server.on('GET /api/blocks', () => ({ body: [] }));
    server.on('GET /api/rooms', () => ({ body: [] }));
    server.on('POST /api/moderation/rooms/4/delete', () => ({ body: { entry: { id: 9 } } }));
    const { router } = renderApp('/chat/4');
    await user.click(await screen.findByRole('button', { name: CHAT_TEXT.menu }));
    await user.click(await screen.findByRole('menuitem', { name: CHAT_TEXT.deleteRoom }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(DESK_TEXT.why), 'Illegal content');
    await user.click(within(dialog).getByRole('button', { name: DESK_TEXT.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/public-rooms'));
    expect(server.requests.find((r) => r.path === '/api/moderation/rooms/4/delete')?.body).toEqual({ reason: 'Illegal content' });
  });
});

describe('Moderation reaching the room live', () => {
  it('replaces a removed message with "removed by a moderator"', async () => {
    const { store } = await aliceInRoomWithBob();
    act(() => {
      store.dispatch(socketFrameReceived({ type: 'message_deleted', roomId: 4, messageId: 1002, seq: 2, removedBy: 'moderator' }));
    });
    expect(await screen.findByText(ModerationMessages.RemovedByModerator)).toBeInTheDocument();
    expect(screen.queryByText('buy followers here')).not.toBeInTheDocument();
    expect(screen.getByText('message 1')).toBeInTheDocument();
  });

  it('tells a muted person at once and makes the composer read-only until the end', async () => {
    const { store } = await aliceInRoomWithBob();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeInTheDocument();
    const endsAt = new Date(Date.now() + 24 * 3600_000).toISOString();
    const message = ModerationMessages.mutedNotice(endsAt);
    act(() => {
      store.dispatch(
        socketFrameReceived({
          type: 'moderation_notice',
          notice: { id: 5, kind: 'mute', message, reason: 'Spam links', endsAt, reportId: null, outcome: null, createdAt: new Date().toISOString(), read: false },
        }),
      );
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(await screen.findByTestId('composer-read-only')).toHaveTextContent(ModerationMessages.muted(endsAt));
    expect(screen.queryByRole('textbox', { name: 'Message' })).not.toBeInTheDocument();
  });

  it('tells a Hindi reader of a removal and a mute in Hindi, the end in their calendar', async () => {
    await act(() => switchLanguage('hi'));
    try {
      const { store } = await aliceInRoomWithBob('hi');
      act(() => {
        store.dispatch(socketFrameReceived({ type: 'message_deleted', roomId: 4, messageId: 1002, seq: 2, removedBy: 'moderator' }));
      });
      expect(await screen.findByText('एक मॉडरेटर ने हटाया')).toBeInTheDocument();
      expect(screen.queryByText(ModerationMessages.RemovedByModerator)).not.toBeInTheDocument();

      const endsAt = '2030-03-04T05:06:00.000Z';
      const until = formatDate(endsAt, formatLocale('hi'), { time: true });
      act(() => {
        store.dispatch(
          socketFrameReceived({
            type: 'moderation_notice',
            notice: { id: 6, kind: 'mute', message: ModerationMessages.mutedNotice(endsAt), reason: 'Spam links', endsAt, reportId: null, outcome: null, createdAt: new Date().toISOString(), read: false },
          }),
        );
      });
      expect(await screen.findByText(`एक मॉडरेटर ने आपको म्यूट किया है: आप ${until} तक पब्लिक रूम पढ़ सकते हैं, पर उनमें लिख नहीं सकते`)).toBeInTheDocument();
      expect(await screen.findByTestId('composer-read-only')).toHaveTextContent(`आप ${until} तक म्यूट हैं`);
      expect(screen.queryByText(/UTC/)).not.toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('turns read-only when a send is refused as muted', async () => {
    const user = userEvent.setup();
    const mutedUntil = new Date(Date.now() + 3600_000).toISOString();
    const me = makeUser({ id: 7, isVerified: true });
    server.on('GET /api/users/me', () => ({ body: me }));
    server.on('GET /api/moderation/notices', () => ({ body: { notices: [], mute: null } }));
    const { store } = renderWithStore(<Composer room={makeRoom()} me={me} disabled={false} />);
    const gateway = standInForSends(store, me);
    gateway.answer = (frame) => ({ type: 'error', code: 'muted', message: ModerationMessages.muted(mutedUntil), mutedUntil, clientId: frame.clientId });
    await act(async () => void (await store.dispatch(authApi.endpoints.getMe.initiate())));
    await goLive(store, makeRoom());
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'hello{Enter}');
    expect(await screen.findByTestId('composer-read-only')).toHaveTextContent(ModerationMessages.muted(mutedUntil));
  });
});

describe('The reporter', () => {
  it('sees their reports with the outcome and the notices in /notifications', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ isVerified: true }) }));
    const mine: ReportDto[] = [
      { id: 2, targetType: 'message', targetId: 9, targetLabel: 'Message by bob', reason: 'spam', note: null, status: 'resolved', outcome: 'action_taken', outcomeMessage: reportOutcomeMessage('action_taken'), createdAt: '2026-01-02T10:00:00Z', resolvedAt: '2026-01-02T11:00:00Z' },
      { id: 1, targetType: 'room', targetId: 4, targetLabel: 'Room Lounge', reason: 'other', note: 'x', status: 'open', outcome: null, outcomeMessage: null, createdAt: '2026-01-01T10:00:00Z', resolvedAt: null },
    ];
    server.on('GET /api/reports', () => ({ body: mine }));
    server.on('GET /api/moderation/notices', () => ({ body: { notices: [], mute: null } }));
    renderApp('/notifications');
    const reports = await screen.findByRole('region', { name: REPORT_TEXT.myReports });
    expect(await within(reports).findByText(ModerationMessages.OutcomeActionTaken)).toBeInTheDocument();
    expect(within(reports).getByText(REPORT_TEXT.open)).toBeInTheDocument();
  });

  it('reads the outcome and the notices in Hindi, worded from their kind', async () => {
    await act(() => switchLanguage('hi'));
    try {
      server.on('GET /api/users/me', () => ({ body: makeUser({ isVerified: true, language: 'hi' }) }));
      const resolved: ReportDto = { id: 2, targetType: 'message', targetId: 9, targetLabel: 'Message by bob', reason: 'spam', note: null, status: 'resolved', outcome: 'dismissed', outcomeMessage: reportOutcomeMessage('dismissed'), createdAt: '2026-01-02T10:00:00Z', resolvedAt: '2026-01-02T11:00:00Z' };
      server.on('GET /api/reports', () => ({ body: [resolved] }));
      const notice = { reason: 'Be kind', endsAt: null, reportId: null, outcome: null, createdAt: '2026-01-03T10:00:00Z', read: false };
      server.on('GET /api/moderation/notices', () => ({
        body: { notices: [{ ...notice, id: 4, kind: 'warning', message: ModerationMessages.Warning }, { ...notice, id: 3, kind: 'mute_lifted', message: ModerationMessages.MuteLifted }], mute: null },
      }));
      renderApp('/notifications');
      expect(await screen.findByText('एक मॉडरेटर ने आपकी रिपोर्ट देखी और उसमें कम्युनिटी दिशानिर्देशों का कोई उल्लंघन नहीं पाया।')).toBeInTheDocument();
      expect(await screen.findByText('एक मॉडरेटर ने आपको आपके व्यवहार के बारे में चेतावनी दी है')).toBeInTheDocument();
      expect(screen.getByText('एक मॉडरेटर ने आपका म्यूट हटा दिया है: अब आप पब्लिक रूम में फिर से लिख सकते हैं')).toBeInTheDocument();
      expect(screen.queryByText(ModerationMessages.Warning)).not.toBeInTheDocument();
    } finally {
      await act(() => switchLanguage('en'));
    }
  });
});

describe('The moderators desk', () => {
  const report: ModerationReportDto = {
    id: 31,
    targetType: 'message',
    targetId: 1002,
    targetLabel: 'Message by bob',
    reason: 'spam',
    note: 'Selling followers',
    status: 'open',
    outcome: null,
    outcomeMessage: null,
    createdAt: '2026-01-02T10:00:00Z',
    resolvedAt: null,
    reporter: { id: 7, username: 'alice', avatar: null, role: 'user' },
    subject: bob,
    roomId: 4,
    evidence: {
      capturedAt: '2026-01-02T10:00:00Z',
      message: { id: 1002, roomId: 4, seq: 2, sender: bob, content: 'buy followers here', type: 'text', createdAt: '2026-01-02T09:59:00Z' },
      context: [
        { id: 1001, roomId: 4, seq: 1, sender: bob, content: 'hello all', type: 'text', createdAt: '2026-01-02T09:58:00Z' },
        { id: 1002, roomId: 4, seq: 2, sender: bob, content: 'buy followers here', type: 'text', createdAt: '2026-01-02T09:59:00Z' },
      ],
    },
    resolution: null,
    openReportsOnTarget: 1,
  };

  beforeEach(() => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 1, username: 'mod', role: 'moderator', isVerified: true, twoStepEnabled: true, signedInWith: 'password-and-code' }) }));
    server.on('GET /api/sellers/applications', () => ({ body: [] }));
  });

  it('lists open reports, shows the frozen evidence and deletes the message and mutes the sender with reasons', async () => {
    const user = userEvent.setup();
    let open = [report];
    server.on('GET /api/moderation/reports', ({ query }) => ({ body: query.get('status') === 'open' && (!query.get('kind') || query.get('kind') === 'message') ? open : [] }));
    server.on('POST /api/moderation/messages/1002/delete', () => ({ body: { entry: { id: 1 } } }));
    server.on('POST /api/moderation/users/8/mute', () => {
      open = [];
      return { body: { entry: { id: 2 } } };
    });
    renderApp('/moderation');

    await user.click(await screen.findByRole('button', { name: /Message by bob/ }));
    const detail = await screen.findByRole('region', { name: 'Message by bob' });
    const evidence = within(detail).getByRole('region', { name: DESK_TEXT.evidence });
    expect(within(evidence).getByText('hello all')).toBeInTheDocument();
    expect(within(evidence).getByText('buy followers here').closest('li')).toHaveAttribute('data-reported', 'true');

    await user.click(within(detail).getByRole('button', { name: DESK_TEXT.actions.delete_message }));
    let dialog = await screen.findByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: DESK_TEXT.confirm });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText(DESK_TEXT.why), 'Spam');
    await user.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(within(detail).getByRole('button', { name: DESK_TEXT.actions.mute }));
    dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: DESK_TEXT.durations['7d'] }));
    await user.type(within(dialog).getByLabelText(DESK_TEXT.why), 'Repeated spam');
    await user.click(within(dialog).getByRole('button', { name: DESK_TEXT.confirm }));

    expect(await screen.findByText(DESK_TEXT.queueEmpty)).toBeInTheDocument();
    expect(server.requests.find((r) => r.path === '/api/moderation/messages/1002/delete')?.body).toEqual({ reason: 'Spam', reportId: 31 });
    expect(server.requests.find((r) => r.path === '/api/moderation/users/8/mute')?.body).toEqual({ reason: 'Repeated spam', duration: '7d', reportId: 31 });
  });

  it('filters the queue by kind and suspends for a chosen number of days', async () => {
    const user = userEvent.setup();
    server.on('GET /api/moderation/reports', ({ query }) => ({ body: query.get('kind') === 'user' ? [{ ...report, id: 32, targetType: 'user', targetId: 8, targetLabel: 'bob' }] : [report] }));
    server.on('POST /api/moderation/users/8/suspend', () => ({ body: { entry: { id: 3 } } }));
    renderApp('/moderation');
    await screen.findByRole('button', { name: /Message by bob/ });
    await user.selectOptions(screen.getByLabelText(DESK_TEXT.kindFilter), 'user');
    await user.click(await screen.findByRole('button', { name: /^bob/ }));
    const detail = await screen.findByRole('region', { name: 'bob' });
    expect(within(detail).queryByRole('button', { name: DESK_TEXT.actions.delete_message })).not.toBeInTheDocument();
    await user.click(within(detail).getByRole('button', { name: DESK_TEXT.actions.suspend }));
    const dialog = await screen.findByRole('dialog');
    const days = within(dialog).getByLabelText(DESK_TEXT.days);
    await user.clear(days);
    await user.type(days, '31');
    await user.type(within(dialog).getByLabelText(DESK_TEXT.why), 'Threats');
    expect(within(dialog).getByRole('button', { name: DESK_TEXT.confirm })).toBeDisabled();
    await user.clear(days);
    await user.type(days, '14');
    await user.click(within(dialog).getByRole('button', { name: DESK_TEXT.confirm }));
    await waitFor(() => expect(server.requests.some((r) => r.path === '/api/moderation/users/8/suspend')).toBe(true));
    expect(server.requests.find((r) => r.path === '/api/moderation/users/8/suspend')?.body).toEqual({ reason: 'Threats', days: 14, reportId: 32 });
    expect(server.requests.filter((r) => r.path === '/api/moderation/reports').map((r) => r.query.get('kind'))).toContain('user');
  });

  it("writes the dates of its lists in the reader's language", async () => {
    const user = userEvent.setup();
    await act(() => switchLanguage('hi'));
    try {
      server.on('GET /api/users/me', () => ({
        body: makeUser({ id: 1, username: 'mod', role: 'moderator', isVerified: true, twoStepEnabled: true, signedInWith: 'password-and-code', language: 'hi' }),
      }));
      server.on('GET /api/moderation/reports', () => ({ body: [{ ...report, createdAt: '2026-03-05T10:00:00Z' }] }));
      const entry = {
        id: 9,
        action: 'mute',
        actor: { id: 1, username: 'mod', avatar: null, role: 'moderator' },
        target: bob,
        reportId: null,
        messageId: null,
        roomId: null,
        reason: 'Spam links',
        details: { duration: '7d', endsAt: '2026-03-12T10:00:00Z' },
        createdAt: '2026-03-05T10:00:00Z',
      };
      server.on('GET /api/moderation/audit', () => ({ body: [entry] }));
      renderApp('/moderation');
      const listed = await screen.findByRole('button', { name: /Message by bob/ });
      expect(listed).toHaveTextContent('5 मार्च 2026');
      expect(listed).not.toHaveTextContent(/Mar|UTC/);

      await user.click(screen.getByRole('tab', { name: DESK_TEXT.tabs.audit }));
      const audit = await screen.findByRole('list', { name: DESK_TEXT.tabs.audit });
      expect(audit).toHaveTextContent('5 मार्च 2026');
      expect(audit).toHaveTextContent(`${DESK_TEXT.until} 12 मार्च 2026`);
      expect(audit).not.toHaveTextContent(/Mar|UTC/);
    } finally {
      await act(() => switchLanguage('en'));
    }
  });
});

describe('Signing in while sanctioned', () => {
  it('shows the suspension the server sends', async () => {
    const user = userEvent.setup();
    const message = ModerationMessages.suspended('2026-12-01T10:00:00Z');
    server.on('GET /api/users/me', () => ({ status: 401, body: { error: 'Unauthorized', code: 'unauthenticated', message: 'Authentication required' } }));
    server.on('GET /api/auth/captcha', () => ({ body: { id: 'c1', question: '1 + 10 = ?', pow: powChallenge() } }));
    server.on('POST /api/auth/captcha/verify', () => ({ body: { token: 't', expiresInSeconds: 300 } }));
    server.on('POST /api/auth/login', () => ({ status: 403, body: { error: 'Forbidden', code: 'account_suspended', message } }));
    renderApp('/auth');
    const form = screen.getByRole('form', { name: 'Sign In' });
    await within(form).findByText(/1 \+ 10 = \?/);
    await user.type(within(form).getByPlaceholderText('Your answer'), '11');
    await user.click(within(form).getByRole('button', { name: 'Verify' }));
    await within(form).findByText('Verified');
    await user.type(within(form).getByLabelText('Email or Username'), 'bob');
    await user.type(within(form).getByLabelText('Password'), 'whatever-1');
    await user.click(within(form).getByRole('button', { name: 'Sign In' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(message);
  });
});
