import type { LinkPreviewDto, UserDto, UserSummary } from '@app/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderWithStore } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { chatApi } from '../api/chat-api';
import { MessageGroup } from '../components/message-group';
import { LINK_PREVIEW_TEXT } from '../chat-copy';
import { setLinkPreview } from '../feed';
import type { RoomFeed } from '../types';
import { makeMessage } from './fixtures';

const preview: LinkPreviewDto = {
  url: 'https://news.example/harbour',
  siteName: 'Example News',
  title: 'Harbour festival draws a crowd',
  description: 'Boats, music and food along the quay.',
  image: '/media/preview/0f8e2a4c-1b3d-4e5f-8a9b-0c1d2e3f4a5b.webp',
};

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(() => server.close());

function summaryOf(user: UserDto): UserSummary {
  return { id: user.id, username: user.username, avatar: user.avatar, role: user.role };
}

async function renderMessage(me: UserDto, sender: UserSummary) {
  server.on('GET /api/users/me', () => ({ body: me }));
  const message = makeMessage(1, sender, { content: 'Look https://news.example/harbour', linkPreview: preview });
  const view = renderWithStore(<MessageGroup sender={sender} messages={[message]} mine={sender.id === me.id} now={Date.now()} viewerId={me.id} ownActions={sender.id === me.id} />);
  // The card follows the signed-in person's settings: wait until they have loaded.
  await waitFor(() => expect(view.store.getState().api.queries['getMe(undefined)']?.status).toBe('fulfilled'));
  return { ...view, message };
}

describe('link preview card', () => {
  it('shows the site, title, description and picture as one link to the page, opening in a new tab', async () => {
    const me = makeUser({ id: 7 });
    await renderMessage(me, { id: 8, username: 'bo', avatar: null, role: 'user' });
    const card = await screen.findByTestId('link-preview');
    const link = within(card).getByRole('link', { name: new RegExp(preview.title) });
    expect(link).toHaveAttribute('href', preview.url);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow ugc');
    expect(link).toHaveAccessibleName(`${preview.siteName} ${preview.title} ${preview.description} ${LINK_PREVIEW_TEXT.opensNewTab}`);
    expect(card.querySelector('img')).toHaveAttribute('src', preview.image);
    // Someone else's message: nothing to remove.
    expect(within(card).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows nothing to a reader who turned link previews off', async () => {
    const me = makeUser({ id: 7 });
    me.settings = { ...me.settings!, chat: { ...me.settings!.chat, linkPreviews: false } };
    await renderMessage(me, { id: 8, username: 'bo', avatar: null, role: 'user' });
    expect(await screen.findByText(/Look/)).toBeInTheDocument();
    expect(screen.queryByTestId('link-preview')).not.toBeInTheDocument();
  });

  it("lets the sender remove their own message's preview", async () => {
    const me = makeUser({ id: 7 });
    server.on('DELETE /api/messages/1001/preview', () => ({ body: { ok: true } }));
    await renderMessage(me, summaryOf(me));
    const remove = await screen.findByRole('button', { name: LINK_PREVIEW_TEXT.remove(preview.title) });
    await userEvent.click(remove);
    await waitFor(() => expect(server.requests.some((r) => r.method === 'DELETE' && r.path === '/api/messages/1001/preview')).toBe(true));
  });
});

describe('link preview frames', () => {
  it('put a preview on the message it names, and take it away with null', async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    const sender: UserSummary = { id: 8, username: 'bo', avatar: null, role: 'user' };
    const { store } = renderWithStore(<span />);
    const feed: RoomFeed = { room: null, messages: [makeMessage(1, sender), makeMessage(2, sender)], notices: [], onlineUsers: [], joined: true, error: null };
    await store.dispatch(chatApi.util.upsertQueryData('getRoomFeed', 4, feed));
    const frame = { type: 'link_preview' as const, roomId: 4, messageId: 1002, seq: 2, senderId: 8 };
    store.dispatch(socketFrameReceived({ ...frame, preview }));
    const read = () => chatApi.endpoints.getRoomFeed.select(4)(store.getState()).data?.messages ?? [];
    await waitFor(() => expect(read()[1].linkPreview).toEqual(preview));
    expect(read()[0].linkPreview).toBeUndefined();
    store.dispatch(socketFrameReceived({ ...frame, preview: null }));
    await waitFor(() => expect(read()[1].linkPreview).toBeUndefined());
  });

  it('never put one on a removed message', () => {
    const sender: UserSummary = { id: 8, username: 'bo', avatar: null, role: 'user' };
    const feed: RoomFeed = { room: null, messages: [makeMessage(1, sender, { content: '', removedBy: 'sender' })], notices: [], onlineUsers: [], joined: true, error: null };
    setLinkPreview(feed, 1001, preview);
    expect(feed.messages[0].linkPreview).toBeUndefined();
  });
});
