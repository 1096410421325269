import type { ClientFrame, OnlineUserDto, RoomDto, UserDto } from '@app/contracts';
import { TYPING_EXPIRY_MS } from '@app/contracts/browser';
import { addListener } from '@reduxjs/toolkit';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { sendSocketFrame, socketFrameReceived } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderWithStore, settleRenderedApps } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { chatApi, EMPTY_FEED } from '../api/chat-api';
import { Composer } from '../components/composer';
import { MentionText } from '../components/mention-text';
import { TypingIndicator } from '../components/typing-indicator';
import { MENTION_TEXT } from '../chat-copy';
import { makeMessage, makeRoom } from './fixtures';

let server: TestServer;

beforeEach(async () => {
  server = await startTestServer();
});

afterEach(async () => {
  await settleRenderedApps();
  server.close();
});

const online = (id: number, username: string): OnlineUserDto => ({ id, username, avatar: null, role: 'user' }) as OnlineUserDto;

async function renderComposer(me: UserDto, room: RoomDto, people: OnlineUserDto[] = [], disabled = false) {
  server.on('GET /api/users/me', () => ({ body: me }));
  const view = renderWithStore(<Composer room={room} me={me} disabled={disabled} />);
  // The room's online list, as the join filled it.
  await act(async () => {
    await view.store.dispatch(chatApi.endpoints.getRoomFeed.initiate(room.id));
    view.store.dispatch(chatApi.util.updateQueryData('getRoomFeed', room.id, (feed) => void Object.assign(feed, { ...EMPTY_FEED, onlineUsers: people })));
  });
  const frames: ClientFrame[] = [];
  view.store.dispatch(addListener({ actionCreator: sendSocketFrame, effect: (action) => void frames.push(action.payload) }));
  return { ...view, frames, box: screen.getByRole('textbox', { name: 'Message' }) };
}

/** The names the picker offers, in order. */
const names = () => within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.dataset.username);

describe('the @ picker', () => {
  const me = makeUser({ id: 7, username: 'alice' });
  const people = [online(7, 'alice'), online(8, 'alma'), online(9, 'bo_ana'), online(10, 'cy')];

  it("lists the room's people but me, narrows as I type, and inserts the one picked by keyboard", async () => {
    const user = userEvent.setup();
    const { box } = await renderComposer(me, makeRoom(), people);
    await user.type(box, 'hi @');
    const list = await screen.findByRole('listbox', { name: MENTION_TEXT.pickerLabel });
    expect(names()).toEqual(['alma', 'bo_ana', 'cy']);
    await user.type(box, 'a');
    // Names that start with it first, then those that contain it.
    expect(names()).toEqual(['alma', 'bo_ana']);
    expect(box).toHaveAttribute('aria-controls', list.id);
    expect(box).toHaveAttribute('aria-activedescendant', within(screen.getByRole('listbox')).getAllByRole('option')[0].id);
    await user.keyboard('{ArrowDown}');
    expect(within(screen.getByRole('listbox')).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', within(screen.getByRole('listbox')).getAllByRole('option')[1].id);
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('hi @bo_ana ');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('picks with Tab or a click, closes on Escape until the next @, and says when nobody matches', async () => {
    const user = userEvent.setup();
    const { box } = await renderComposer(me, makeRoom(), people);
    await user.type(box, '@c');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('@cy ');
    await user.type(box, '@al');
    await user.click(screen.getByRole('option', { name: 'alma' }));
    expect(box).toHaveValue('@cy @alma ');
    await user.type(box, '@');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, 'b');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await user.type(box, ' @zz');
    expect(screen.getByRole('status')).toHaveTextContent(MENTION_TEXT.noMatches);
  });

  it('puts the caret right after a name picked mid-sentence, so the next key lands there', async () => {
    const user = userEvent.setup();
    const { box } = await renderComposer(me, makeRoom(), people);
    await user.type(box, 'hi  there');
    await user.type(box, '@c', { initialSelectionStart: 3, initialSelectionEnd: 3 });
    // Tab, and at once the next key: no frame passes between them.
    act(() => void fireEvent.keyDown(box, { key: 'Tab' }));
    expect(box).toHaveValue('hi @cy  there');
    expect(box).toHaveProperty('selectionStart', 7);
    await user.keyboard('!');
    expect(box).toHaveValue('hi @cy ! there');
  });

  it("offers a private chat's other person", async () => {
    const user = userEvent.setup();
    const room = makeRoom({
      type: 'private',
      participants: [
        { id: 7, username: 'alice', avatar: null, role: 'user' },
        { id: 12, username: 'dana', avatar: null, role: 'vip' },
      ],
    });
    const { box } = await renderComposer(me, room, []);
    await user.type(box, '@');
    expect(names()).toEqual(['dana']);
  });
});

describe('the typing signal', () => {
  it('goes out once for a burst of keys, for the room, and not while offline', async () => {
    const user = userEvent.setup();
    const me = makeUser({ id: 7 });
    const first = await renderComposer(me, makeRoom());
    await user.type(first.box, 'hello there');
    expect(first.frames).toEqual([{ type: 'typing', roomId: 4 }]);
    first.unmount();

    const offline = await renderComposer(me, makeRoom(), [], true);
    await user.type(offline.box, 'hello');
    expect(offline.frames).toEqual([]);
  });
});

describe('the typing indicator', () => {
  afterEach(() => jest.useRealTimers());

  const typing = (id: number, username: string, roomId = 4) => socketFrameReceived({ type: 'user_typing', roomId, user: { id, username } });

  it('names up to three people, politely, and goes when their message arrives or 5 s pass', () => {
    jest.useFakeTimers();
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    const { store } = renderWithStore(<TypingIndicator roomId={4} />);
    const line = screen.getByTestId('typing-indicator');
    expect(line).toHaveAttribute('aria-live', 'polite');
    expect(line).toHaveTextContent('');

    act(() => void store.dispatch(typing(1, 'Ana')));
    expect(line).toHaveTextContent('Ana is typing…');
    act(() => void store.dispatch(typing(2, 'Bo')));
    expect(line).toHaveTextContent('Ana and Bo are typing…');
    act(() => void store.dispatch(typing(3, 'Cy')));
    expect(line).toHaveTextContent('Ana, Bo and Cy are typing…');
    act(() => void store.dispatch(typing(4, 'Di')));
    expect(line).toHaveTextContent('Several people are typing…');
    // Another room's typing is not this room's.
    act(() => void store.dispatch(typing(5, 'Ed', 9)));
    expect(line).toHaveTextContent('Several people are typing…');

    act(() => void store.dispatch(socketFrameReceived({ type: 'new_message', roomId: 4, message: makeMessage(1, { id: 4, username: 'Di', avatar: null, role: 'user' }) })));
    expect(line).toHaveTextContent('Ana, Bo and Cy are typing…');

    // Bo keeps typing; the others stop.
    act(() => void jest.advanceTimersByTime(TYPING_EXPIRY_MS - 1000));
    act(() => void store.dispatch(typing(2, 'Bo')));
    act(() => void jest.advanceTimersByTime(1100));
    expect(line).toHaveTextContent('Bo is typing…');
    act(() => void jest.advanceTimersByTime(TYPING_EXPIRY_MS));
    expect(line).toHaveTextContent('');
  });
});

describe('mentions in a message', () => {
  it('highlights only the names the server resolved, and the whole message when it mentions me', async () => {
    const me = makeUser({ id: 7, username: 'alice' });
    server.on('GET /api/users/me', () => ({ body: me }));
    const sender = { id: 3, username: 'bob', avatar: null, role: 'user' as const };
    const message = makeMessage(1, sender, {
      content: 'hey @Alice and @ghost, ask @carol',
      mentions: [
        { id: 7, username: 'alice' },
        { id: 9, username: 'carol' },
      ],
    });
    const { container } = renderWithStore(
      <p>
        <MentionText message={message} />
      </p>,
    );
    await waitFor(() => expect(container.querySelector('[data-mentions-me="true"]')).not.toBeNull());
    expect([...container.querySelectorAll('[data-mention]')].map((e) => e.textContent)).toEqual(['@Alice', '@carol']);
    expect(container).toHaveTextContent(`hey @Alice and @ghost, ask @carol ${MENTION_TEXT.mentionsYou}`);
  });

  it('reads as plain text without mentions, and is not highlighted for its own sender', async () => {
    const me = makeUser({ id: 7, username: 'alice' });
    server.on('GET /api/users/me', () => ({ body: me }));
    const mine = makeMessage(2, { id: 7, username: 'alice', avatar: null, role: 'user' }, { content: '@bob look', mentions: [{ id: 3, username: 'bob' }] });
    const { container } = renderWithStore(<MentionText message={mine} />);
    await waitFor(() => expect(container.querySelector('[data-mention="bob"]')).not.toBeNull());
    expect(container.querySelector('[data-mentions-me]')).toBeNull();
  });

  it("makes a message's web links open in a new tab as the sender's, with mentions beside them and the host always in sight", async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: 7, username: 'alice' }) }));
    const sender = { id: 3, username: 'bob', avatar: null, role: 'user' as const };
    const message = makeMessage(3, sender, {
      content: '@carol read https://news.example.org/a?b=1 or shop.com/@carol, not javascript:alert(1) or https://пример.com/x',
      mentions: [{ id: 9, username: 'carol' }],
    });
    const { container } = renderWithStore(<MentionText message={message} />);
    const links = await screen.findAllByRole('link');
    expect(links.map((a) => [a.getAttribute('href'), a.getAttribute('target'), a.getAttribute('rel')])).toEqual([
      ['https://news.example.org/a?b=1', '_blank', 'noopener noreferrer nofollow ugc'],
      ['http://shop.com/@carol', '_blank', 'noopener noreferrer nofollow ugc'],
      ['https://пример.com/x', '_blank', 'noopener noreferrer nofollow ugc'],
    ]);
    // The @name inside a link stays part of it; the one in the words is highlighted.
    expect([...container.querySelectorAll('[data-mention]')].map((e) => e.textContent)).toEqual(['@carol']);
    expect(container).toHaveTextContent('not javascript:alert(1) or');
    // Words that look like one host while the link leads to another (an internationalised name) show the real one.
    expect(links[0]).toHaveTextContent(/^https:\/\/news\.example\.org\/a\?b=1$/);
    expect(links[2]).toHaveTextContent('https://пример.com/x(xn--e1afmkfd.com)');
  });
});

