import type { RoomDto, UserDto } from '@app/contracts';
import { ChatMessages, fieldMessage, type FieldMessage } from '@app/contracts/browser';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AppProvider } from '@/app/provider';
import { Toaster } from '@/components/ui/toaster';
import { makeUser } from '@/test/fixtures';
import { renderWithStore } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { startUploadServer, type UploadServer } from '@/test/upload-server';
import { authApi } from '@/features/auth/api/auth-api';
import { VipDialog } from '@/features/vip/components/vip-dialog';
import { VIP_TEXT } from '@/features/vip/vip-copy';
import { useGetRoomFeedQuery } from '../api/chat-api';
import { Composer } from '../components/composer';
import { MessageList } from '../components/message-list';
import { RateLimitDialog } from '../components/rate-limit-dialog';
import { CHAT_TOASTS, COMPOSER_TEXT, OUTBOX_TEXT, RATE_LIMIT_TEXT } from '../chat-copy';
import { useOutbox, useOutgoing } from '../outbox/use-outbox';
import { makeRoom } from './fixtures';
import { dropConnection, goLive, standInForSends, type SendAnswer, type SendStandIn } from './send-stand-in';

let server: TestServer;
let gateway: SendStandIn;
/** The sends the page made, as send bodies. */
let sent: SendStandIn['sent'];

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(() => server.close());

/** The stand-in gateway refuses every send with this error frame (its clientId echoed, as the gateway does). */
/** A refusal's text as the gateway frames it: the English, and beside it its code and values. */
function refusalText({ message, ...messageCode }: FieldMessage) {
  return { message, messageCode };
}

function refuseWith(body: Record<string, unknown>): SendAnswer {
  return (frame) => ({ type: 'error', code: String(body.code ?? body.error), message: String(body.message), ...body, clientId: frame.clientId });
}

/** The room's messages as the chat room lists them: stored ones, then mine on their way. */
function RoomMessages({ room, me }: { room: RoomDto; me: UserDto }) {
  const { data: feed } = useGetRoomFeedQuery(room.id);
  const outbox = useOutbox(me);
  const outgoing = useOutgoing(outbox, room.id);
  if (!feed) return null;
  return <MessageList feed={feed} room={room} me={me} outgoing={outgoing} onRetry={(id) => outbox.retry(id)} onDiscard={(id) => outbox.discard(id)} />;
}

/** A public room whose creator let pictures in, unless a test says otherwise. */
async function renderComposer(me: UserDto, room: RoomDto = makeRoom({ allowImages: true, allowGifs: true }), disabled = false) {
  server.on('GET /api/users/me', () => ({ body: me }));
  const page = (offline: boolean) => (
    <>
      <RoomMessages room={room} me={me} />
      <Composer room={room} me={me} disabled={offline} />
      <RateLimitDialog />
      <VipDialog />
      <Toaster />
    </>
  );
  const { store, rerender } = renderWithStore(page(disabled));
  gateway = standInForSends(store, me);
  sent = gateway.sent;
  // Signed in, the page opens its socket (the test server holds it connecting); the test then plays its part.
  await act(async () => void (await store.dispatch(authApi.endpoints.getMe.initiate())));
  if (!disabled) await goLive(store, room);
  /** The socket drops and retries (its second attempt), or comes back and rejoins the room, as the chat room tells the composer. */
  const setOffline = async (offline: boolean) => {
    if (offline) dropConnection(store, 2);
    else await goLive(store, room);
    rerender(<AppProvider store={store}>{page(offline)}</AppProvider>);
  };
  return { store, setOffline, box: screen.getByRole('textbox', { name: 'Message' }) };
}

it('sends on Enter with the chosen formatting, then resets text and style', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'vip' }));
  await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.bold }));
  await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.underline }));
  await user.selectOptions(screen.getByLabelText(COMPOSER_TEXT.fontSize), '24');
  await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.color }));
  await user.click(await screen.findByRole('menuitem', { name: 'Teal' }));
  await user.type(box, 'Hello there{Enter}');

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ content: 'Hello there', type: 'text', formatting: { bold: true, underline: true, fontSize: 24, color: '#0d9488' } });
  expect((sent[0] as { clientId: string }).clientId).toMatch(/^[\w-]{1,64}$/);
  await waitFor(() => expect(box).toHaveValue(''));
  expect(screen.getByRole('button', { name: COMPOSER_TEXT.bold })).toHaveAttribute('aria-pressed', 'false');
  expect(screen.getByLabelText(COMPOSER_TEXT.fontSize)).toHaveValue('14');
});

it('keeps one client id per message until it is stored: sent again after a dropped connection it reuses it, the next message gets a new one', async () => {
  const user = userEvent.setup();
  const { box, store } = await renderComposer(makeUser({ role: 'vip' }));
  // The first attempt is stored, but its answer never reaches the page: the connection drops.
  gateway.answer = () => null;
  await user.type(box, 'Hello there{Enter}');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(box).toHaveValue('');
  dropConnection(store);
  expect(screen.getByTestId('outgoing-message')).toHaveTextContent(OUTBOX_TEXT.sending);

  // Back, the room rejoined without the message in its history (the server's answer was lost
  // with the connection): the same message goes again, under the same id, and is stored once.
  gateway.answer = (frame, kept) => ({ type: 'message_ack', clientId: frame.clientId ?? null, message: kept });
  await goLive(store, makeRoom());
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1].clientId).toBe(sent[0].clientId);
  await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());
  expect([...gateway.stored.values()].map((m) => m.content)).toEqual(['Hello there']);
  expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['Hello there']);

  await user.type(box, 'Hello there{Enter}');
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(sent[2].clientId).not.toBe(sent[0].clientId);
  expect([...gateway.stored.values()].map((m) => m.content)).toEqual(['Hello there', 'Hello there']);
});

it('retries a refused message under its own client id, and gives the next message a new one', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'vip' }));
  gateway.answer = refuseWith({ code: 'service_unavailable', message: 'Chat is busy, try again' });
  await user.type(box, 'Hello{Enter}');
  expect(await screen.findByTestId('outgoing-refusal')).toHaveTextContent('Chat is busy, try again');
  expect(sent).toHaveLength(1);

  gateway.answer = (frame, kept) => ({ type: 'message_ack', clientId: frame.clientId ?? null, message: kept });
  await user.click(screen.getByRole('button', { name: OUTBOX_TEXT.retry }));
  await waitFor(() => expect(sent).toHaveLength(2));
  expect(sent[1]).toMatchObject({ clientId: sent[0].clientId, content: 'Hello' });
  await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());

  await user.type(box, 'Hello!{Enter}');
  await waitFor(() => expect(sent).toHaveLength(3));
  expect(sent[2].clientId).not.toBe(sent[0].clientId);
});

it('sends emoji-only text as an emoji message, and nothing for blank text', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'vip' }));
  await user.type(box, '   {Enter}');
  await user.type(box, '🎉 😀{Enter}');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).toMatchObject({ content: '🎉 😀', type: 'emoji' });
  expect(sent[0]).not.toHaveProperty('formatting');
});

it('offers VIP instead of formatting to a regular user in a public room, then makes them wait the cooldown', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  expect(screen.queryByRole('button', { name: COMPOSER_TEXT.image })).not.toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.bold }));
  expect(await screen.findByRole('dialog', { name: VIP_TEXT.title })).toBeInTheDocument();
  await user.click(await screen.findByRole('button', { name: VIP_TEXT.maybeLater }));
  expect(screen.getByRole('button', { name: COMPOSER_TEXT.bold })).toHaveAttribute('aria-pressed', 'false');

  await user.type(box, 'hi all{Enter}');
  await waitFor(() => expect(sent).toHaveLength(1));
  expect(sent[0]).not.toHaveProperty('formatting');
  await waitFor(() => expect(box).toHaveAttribute('placeholder', expect.stringMatching(/^Wait (30|29)s$/)));
  expect(box).toBeDisabled();
  expect(screen.getByTestId('wait-hint')).toHaveTextContent(/^Wait (30|29)s$/);
  expect(screen.getByTestId('wait-hint')).toHaveClass('text-red-600');
});

it('opens Rate Limit Reached after a 429, with the duplicate text and the server wait', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  gateway.answer = refuseWith({ error: 'rate_limit_duplicate', code: 'rate_limit_duplicate', message: RATE_LIMIT_TEXT.duplicate, waitTime: 12_000 });
  await user.type(box, 'same again{Enter}');
  const dialog = await screen.findByRole('dialog', { name: RATE_LIMIT_TEXT.title });
  expect(dialog).toHaveTextContent(RATE_LIMIT_TEXT.duplicate);
  expect(dialog).toHaveTextContent('Please wait 12 seconds');
  // The words are kept on the message, with the server's answer, not lost.
  expect(box).toHaveValue('');
  expect(screen.getByTestId('outgoing-message')).toHaveTextContent('same again');
  expect(screen.getByTestId('outgoing-refusal')).toHaveTextContent(RATE_LIMIT_TEXT.duplicate);
  await user.click(screen.getByRole('button', { name: RATE_LIMIT_TEXT.continue }));
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  expect(box).toHaveAttribute('placeholder', expect.stringMatching(/^Wait 1[12]s$/));
});

it('shows the 50-messages text and the default 30 seconds when the hourly quota refuses without a wait', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  gateway.answer = refuseWith({ error: 'rate_limit', code: 'rate_limit', ...refusalText(fieldMessage('message_hourly_limit')) });
  await user.type(box, 'hello{Enter}');
  const dialog = await screen.findByRole('dialog', { name: RATE_LIMIT_TEXT.title });
  expect(dialog).toHaveTextContent(RATE_LIMIT_TEXT.hourly);
  expect(dialog).toHaveTextContent('Please wait 30 seconds');
});

it('tells a user refused by the cooldown about the cooldown, not about 50 messages, with the wait', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  gateway.answer = refuseWith({ error: 'rate_limit', code: 'rate_limit', message: 'Please wait 27 seconds before sending another message', waitTime: 26_400 });
  await user.type(box, 'my first message{Enter}');
  const dialog = await screen.findByRole('dialog', { name: RATE_LIMIT_TEXT.title });
  expect(dialog).toHaveTextContent(RATE_LIMIT_TEXT.cooldown);
  expect(dialog).not.toHaveTextContent(RATE_LIMIT_TEXT.hourly);
  expect(dialog).not.toHaveTextContent(RATE_LIMIT_TEXT.duplicate);
  expect(screen.getByTestId('rate-limit-wait')).toHaveTextContent('Please wait 27 seconds');
  expect(dialog).toHaveTextContent('$9.99/month');
});

it.each([
  ['hourly quota', { error: 'rate_limit', ...refusalText(fieldMessage('message_hourly_limit')) }, RATE_LIMIT_TEXT.hourly],
  ['duplicate', { error: 'rate_limit_duplicate', ...refusalText(fieldMessage('message_duplicate')) }, RATE_LIMIT_TEXT.duplicate],
  ['flood guard', { error: 'rate_limit', ...refusalText(fieldMessage('message_flood')) }, RATE_LIMIT_TEXT.flood],
  ['cooldown', { error: 'rate_limit', ...refusalText(fieldMessage('message_cooldown', { seconds: 5 })) }, RATE_LIMIT_TEXT.cooldown],
])('gives the %s refusal its own words and no other', async (_name, body, text) => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  gateway.answer = refuseWith({ ...body, code: body.error, waitTime: 5_000 });
  await user.type(box, 'hello{Enter}');
  const dialog = await screen.findByRole('dialog', { name: RATE_LIMIT_TEXT.title });
  const reasons = [RATE_LIMIT_TEXT.hourly, RATE_LIMIT_TEXT.duplicate, RATE_LIMIT_TEXT.flood, RATE_LIMIT_TEXT.cooldown, RATE_LIMIT_TEXT.links];
  expect(reasons.filter((reason) => dialog.textContent?.includes(reason))).toEqual([text]);
  expect(dialog).toHaveTextContent('Please wait 5 seconds');
});

describe('lets anyone format in a private room, shows images to premium roles only, and keeps what is sent while disconnected', () => {
  it('lets a regular user format in a private room, without offering VIP', async () => {
    const user = userEvent.setup();
    const { box } = await renderComposer(makeUser({ role: 'user' }), makeRoom({ type: 'private' }));
    await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.bold }));
    await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.italic }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.bold })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.queryByRole('dialog', { name: VIP_TEXT.title })).not.toBeInTheDocument();
    await user.type(box, 'Just us{Enter}');
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: 'Just us', type: 'text', formatting: { bold: true, italic: true } });
  });

  it.each(['vip', 'seller', 'moderator'] as const)('offers images to a %s', async (role) => {
    await renderComposer(makeUser({ role }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.image })).toBeEnabled();
  });

  it('offers no images to a vip in a public room with images and GIFs off', async () => {
    await renderComposer(makeUser({ role: 'vip' }), makeRoom({ allowImages: false, allowGifs: false }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.emoji })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COMPOSER_TEXT.image })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COMPOSER_TEXT.gif })).not.toBeInTheDocument();
  });

  it('offers images to a vip in a private chat, which has no such switches', async () => {
    await renderComposer(makeUser({ role: 'vip' }), makeRoom({ type: 'private', allowImages: false, allowGifs: false }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.image })).toBeEnabled();
  });

  it.each(['public', 'private'] as const)('offers no images to a regular user in a %s room', async (type) => {
    await renderComposer(makeUser({ role: 'user' }), makeRoom({ type }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.emoji })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: COMPOSER_TEXT.image })).not.toBeInTheDocument();
  });

  it('keeps what is sent while disconnected as "Sending…", and sends it once the chat is back online', async () => {
    const user = userEvent.setup();
    const { box, setOffline } = await renderComposer(makeUser({ role: 'vip' }));
    await user.type(box, 'Are you there?');

    await setOffline(true);
    // The same words the header and the online count use, and what happens to a message now.
    expect(screen.getByTestId('composer-connection')).toHaveTextContent(/^Reconnecting… \(attempt 2\)$/);
    expect(screen.getByTestId('composer-queued-hint')).toHaveTextContent(OUTBOX_TEXT.queuedHint);
    // A picture is uploaded before it is sent, which takes the network.
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.image })).toBeDisabled();
    await user.type(box, '{Enter}');
    expect(box).toHaveValue('');
    expect(screen.getByTestId('outgoing-message')).toHaveTextContent('Are you there?');
    expect(screen.getByTestId('outgoing-message')).toHaveTextContent(OUTBOX_TEXT.sending);
    expect(sent).toEqual([]);

    await setOffline(false);
    expect(screen.queryByText(/Reconnecting/)).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());
    expect(sent).toEqual([expect.objectContaining({ content: 'Are you there?' })]);
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['Are you there?']);
  });
});

it('offers grouped emoji and adds the ones picked to the text, staying open', async () => {
  const user = userEvent.setup();
  const { box } = await renderComposer(makeUser({ role: 'user' }));
  await user.type(box, 'Nice ');
  await user.click(screen.getByRole('button', { name: COMPOSER_TEXT.emoji }));
  const picker = await screen.findByRole('menu', { name: COMPOSER_TEXT.emoji });
  expect(within(picker).getByText('Smileys')).toBeInTheDocument();
  expect(within(picker).getByText('Hearts')).toBeInTheDocument();
  await user.click(within(picker).getByRole('menuitem', { name: 'grinning face' }));
  await user.click(within(picker).getByRole('menuitem', { name: 'sparkling heart' }));
  expect(box).toHaveValue('Nice 😀💖');
});

describe('images', () => {
  let uploads: UploadServer;

  beforeEach(async () => {
    uploads = await startUploadServer();
    uploads.on('POST /api/chat/upload', ({ files: [file] }) => {
      const url = `/media/chat/${file.name}`;
      const stored = { url, originalName: file.name, type: 'image', size: file.size, format: file.type === 'image/gif' ? 'gif' : 'jpeg' };
      return { body: { url, file: stored, files: [stored] } };
    });
  });

  afterEach(() => uploads.close());

  const image = (name: string, type: string, size = 10) => new File([new Uint8Array(size)], name, { type });

  it('uploads a picked image and sends it, a gif as a gif message and any other image as an image message', async () => {
    const user = userEvent.setup();
    await renderComposer(makeUser({ role: 'vip' }));
    await user.upload(screen.getByTestId('image-input'), image('dance.gif', 'image/gif'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: '/media/chat/dance.gif', type: 'gif', metadata: { originalName: 'dance.gif', mimeType: 'image/gif', size: 10 } });

    await user.upload(screen.getByTestId('image-input'), image('view.jpg', 'image/jpeg'));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ content: '/media/chat/view.jpg', type: 'image' });
    expect(uploads.uploads.map((u) => u.files[0].name)).toEqual(['dance.gif', 'view.jpg']);
  });

  it('offers images but no GIFs where only GIFs are off, and says so of a GIF picked past the filter', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderComposer(makeUser({ role: 'vip' }), makeRoom({ allowImages: true, allowGifs: false }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.image })).toBeEnabled();
    expect(screen.queryByRole('button', { name: COMPOSER_TEXT.gif })).not.toBeInTheDocument();
    const accepted = screen.getByTestId('image-input').getAttribute('accept')?.split(',');
    expect(accepted).toEqual(expect.arrayContaining(['image/png', 'image/jpeg', 'image/webp']));
    expect(accepted).not.toContain('image/gif');

    await user.upload(screen.getByTestId('image-input'), image('dance.gif', 'image/gif'));
    expect(await screen.findByText(ChatMessages.GifsOff)).toBeInTheDocument();
    await user.upload(screen.getByTestId('image-input'), image('view.jpg', 'image/jpeg'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: '/media/chat/view.jpg', type: 'image' });
    expect(uploads.uploads.map((u) => u.files[0].name)).toEqual(['view.jpg']);
  });

  it('offers GIFs alone where only GIFs are on', async () => {
    const user = userEvent.setup({ applyAccept: false });
    await renderComposer(makeUser({ role: 'vip' }), makeRoom({ allowImages: false, allowGifs: true }));
    expect(screen.getByRole('button', { name: COMPOSER_TEXT.gif })).toBeEnabled();
    expect(screen.queryByRole('button', { name: COMPOSER_TEXT.image })).not.toBeInTheDocument();
    expect(screen.getByTestId('image-input')).toHaveAttribute('accept', 'image/gif');

    await user.upload(screen.getByTestId('image-input'), image('view.jpg', 'image/jpeg'));
    expect(await screen.findByText(ChatMessages.ImagesOff)).toBeInTheDocument();
    await user.upload(screen.getByTestId('image-input'), image('dance.gif', 'image/gif'));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ content: '/media/chat/dance.gif', type: 'gif' });
    expect(uploads.uploads.map((u) => u.files[0].name)).toEqual(['dance.gif']);
  });

  it("names the server's refusal and sends no message", async () => {
    const user = userEvent.setup();
    uploads.on('POST /api/chat/upload', () => ({ status: 415, body: { error: 'Unsupported Media Type', code: 'invalid_file_type', message: 'Only images are allowed' } }));
    await renderComposer(makeUser({ role: 'vip' }));
    await user.upload(screen.getByTestId('image-input'), image('page.png', 'image/png'));
    expect(await screen.findByText(CHAT_TOASTS.uploadFailed)).toBeInTheDocument();
    expect(screen.getByText('Only images are allowed')).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });
});

it('shows the image button to a seller', async () => {
  await renderComposer(makeUser({ role: 'seller' }));
  expect(screen.getByRole('button', { name: COMPOSER_TEXT.image })).toBeInTheDocument();
});
