import type { MessageDto } from '@app/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { format } from 'date-fns';
import { LIGHTBOX_TEXT } from '@/components/ui/lightbox';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { IMAGE_VIEWER_TEXT } from '../chat-copy';
import { makeMessage, makeRoom } from './fixtures';

let server: TestServer;
const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };

beforeEach(async () => {
  server = await startTestServer();
  sessionStorage.clear();
  server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7, username: 'alice' }) }));
  server.on('GET /api/rooms/4', () => ({ body: makeRoom({ allowImages: true, allowGifs: true }) }));
  server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
  server.on('GET /api/blocks', () => ({ body: [] }));
});

afterEach(() => server.close());

const picture = (seq: number, name: string, type: 'image' | 'gif', extra: Partial<MessageDto> = {}) =>
  makeMessage(seq, bob, { content: `/media/chat/${name}`, type, metadata: { originalName: name }, createdAt: '2026-11-27T18:05:00.000Z', ...extra });

it('opens the pictures of the conversation large, by click or Enter, moves between them and gives focus back', async () => {
  const user = userEvent.setup();
  const { store } = renderApp('/chat/4');
  await screen.findByText(/Connecting/i);
  act(() => {
    store.dispatch(socketStatusChanged({ status: 'online', attempt: 0 }));
    store.dispatch(socketFrameReceived({ type: 'room_joined', room: makeRoom({ allowImages: true, allowGifs: true }) }));
    store.dispatch(
      socketFrameReceived({
        type: 'room_messages',
        roomId: 4,
        messages: [
          picture(1, 'harbour.jpg', 'image'),
          makeMessage(2, bob, { content: 'and a dance' }),
          picture(3, 'gone.png', 'image', { removedBy: 'moderator' }),
          picture(4, 'dance.gif', 'gif'),
        ],
        hasMore: false,
      }),
    );
  });
  const harbour = await screen.findByRole('button', { name: IMAGE_VIEWER_TEXT.open('harbour.jpg') });
  const dance = screen.getByRole('button', { name: IMAGE_VIEWER_TEXT.open('dance.gif') });
  expect(screen.queryByRole('link', { name: /harbour/ })).not.toBeInTheDocument();

  // The keyboard: Enter on the focused thumbnail.
  harbour.focus();
  await user.keyboard('{Enter}');
  const dialog = await screen.findByRole('dialog', { name: 'Photo from bob' });
  // The author and the time as the caption; a removed picture is not among those to move through.
  expect(dialog).toHaveAccessibleDescription(`${format(new Date('2026-11-27T18:05:00.000Z'), 'PPp')} · 1 of 2`);
  expect(within(dialog).getByTestId('lightbox-image')).toHaveAttribute('src', '/media/chat/harbour.jpg');
  await waitFor(() => expect(dialog).toHaveFocus());

  await user.keyboard('{ArrowRight}');
  const gif = await screen.findByRole('dialog', { name: 'GIF from bob' });
  expect(within(gif).getByTestId('lightbox-image')).toHaveAttribute('src', '/media/chat/dance.gif');
  expect(within(gif).getByRole('link', { name: LIGHTBOX_TEXT.original })).toHaveAttribute('href', '/media/chat/dance.gif');
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  await waitFor(() => expect(dance).toHaveFocus());

  // The mouse: a click.
  await user.click(harbour);
  expect(await screen.findByRole('dialog', { name: 'Photo from bob' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: LIGHTBOX_TEXT.next }));
  expect(await screen.findByRole('dialog', { name: 'GIF from bob' })).toBeInTheDocument();
});
