import 'fake-indexeddb/auto';
import type { SendMessageFrame, UserDto } from '@app/contracts';
import { SafetyMessages } from '@app/contracts/browser';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deserialize, serialize } from 'node:v8';
import { AppProvider } from '@/app/provider';
import { makeStore, type AppStore } from '@/app/store';
import { switchLanguage } from '@/i18n/i18n';
import { makeUser } from '@/test/fixtures';
import { useGetRoomFeedQuery } from '../api/chat-api';
import { MessageList } from '../components/message-list';
import { OUTBOX_TEXT } from '../chat-copy';
import { Outbox } from '../outbox/outbox';
import { forgetUnsentMessages, openOutboxStore, type OutboxEntry } from '../outbox/outbox-store';
import { outboxFor, useOutgoing } from '../outbox/use-outbox';
import { makeMessage, makeRoom } from './fixtures';
import { dropConnection, goLive, standInForSends } from './send-stand-in';

// jsdom's window has no structuredClone, which IndexedDB (here fake-indexeddb) stores values with.
globalThis.structuredClone ??= ((value: unknown) => deserialize(serialize(value))) as typeof structuredClone;

const me = makeUser({ id: 7, username: 'alice', role: 'vip' });
const room = makeRoom({ id: 4 });
let databases = 0;
let database: string;

beforeEach(() => {
  // Each test its own database; a "reload" opens the same one again.
  database = `chat-outbox-test-${++databases}`;
});

/** A page of the app: its own store and outbox over the test's database, the gateway played by the test. */
function openPage(user: UserDto = me) {
  const store = makeStore();
  const gateway = standInForSends(store, user);
  const outbox = outboxFor(store, user, () => openOutboxStore(database));
  return { store, gateway, outbox };
}

/** What IndexedDB holds for a person, read as a fresh page would. */
async function kept(userId = me.id): Promise<OutboxEntry[]> {
  const reader = openOutboxStore(database);
  try {
    return await reader.list(userId);
  } finally {
    await reader.close();
  }
}

function RoomMessages({ outbox }: { outbox: Outbox }) {
  const { data: feed } = useGetRoomFeedQuery(room.id);
  const outgoing = useOutgoing(outbox, room.id);
  if (!feed) return null;
  return <MessageList feed={feed} room={room} me={me} outgoing={outgoing} onRetry={(id) => outbox.retry(id)} onDiscard={(id) => outbox.discard(id)} />;
}

function renderRoom(store: AppStore, outbox: Outbox) {
  return render(
    <AppProvider store={store}>
      <RoomMessages outbox={outbox} />
    </AppProvider>,
  );
}

const text = (content: string) => ({ content, type: 'text' as const });

describe('while disconnected', () => {
  it('keeps each send in IndexedDB as sending and puts nothing on the socket', async () => {
    const { gateway, outbox } = openPage();
    await outbox.loaded;
    outbox.enqueue(room.id, text('first'));
    outbox.enqueue(room.id, { content: 'second', type: 'text', formatting: { bold: true } });

    await waitFor(async () => expect((await kept()).map((e) => e.payload.content)).toEqual(['first', 'second']));
    const entries = await kept();
    expect(entries.map((e) => [e.state, e.roomId, e.attempts])).toEqual([
      ['sending', room.id, 0],
      ['sending', room.id, 0],
    ]);
    expect(entries[1].payload.formatting).toEqual({ bold: true });
    expect(entries[0].createdAt).toBeLessThan(entries[1].createdAt);
    expect(gateway.sent).toEqual([]);
  });

  it('waits while the socket reconnects after a drop, even though the room was live before', async () => {
    const { store, gateway, outbox } = openPage();
    await goLive(store, room);
    dropConnection(store, 1);
    outbox.enqueue(room.id, text('typed while reconnecting'));
    await outbox.flush(room.id);
    expect(gateway.sent).toEqual([]);
    expect(outbox.entriesFor(room.id).map((e) => e.state)).toEqual(['sending']);
  });
});

describe('when the socket rejoins the room', () => {
  it('sends what waited in the order it was typed, each once, with its client id and what it carries', async () => {
    const { store, gateway, outbox } = openPage();
    gateway.answer = () => null;
    const typed = ['one', 'two', 'three'].map((content) => outbox.enqueue(room.id, text(content)));
    const picture = outbox.enqueue(room.id, { content: '/media/chat/view.jpg', type: 'image', metadata: { originalName: 'view.jpg' } });

    await goLive(store, room);
    await waitFor(() => expect(gateway.sent).toHaveLength(4));
    expect(gateway.sent.map((s) => s.content)).toEqual(['one', 'two', 'three', '/media/chat/view.jpg']);
    expect(gateway.sent.map((s) => s.clientId)).toEqual([...typed, picture].map((e) => e.clientId));
    expect(gateway.sent[3]).toMatchObject({ type: 'image', metadata: { originalName: 'view.jpg' } });

    // Another flush on the same connection (a late history page) sends nothing twice.
    await outbox.flush(room.id);
    expect(gateway.sent).toHaveLength(4);
    await waitFor(async () => expect((await kept()).map((e) => e.attempts)).toEqual([1, 1, 1, 1]));
  });

  it('does not send again what the history shows was stored before the connection dropped', async () => {
    const { store, gateway, outbox } = openPage();
    gateway.answer = () => null;
    await goLive(store, room);
    const entry = outbox.enqueue(room.id, text('stored, answer lost'));
    await waitFor(() => expect(gateway.sent).toHaveLength(1));
    dropConnection(store);

    await goLive(store, room, [makeMessage(1, me, { content: 'stored, answer lost', clientId: entry.clientId })]);
    expect(outbox.entriesFor(room.id)).toEqual([]);
    expect(gateway.sent).toHaveLength(1);
    await waitFor(async () => expect(await kept()).toEqual([]));
  });

  it('sends again under the same client id, marked as a retry, what the history does not show stored', async () => {
    const { store, gateway, outbox } = openPage();
    gateway.answer = () => null;
    await goLive(store, room);
    const entry = outbox.enqueue(room.id, text('answer lost'));
    await waitFor(() => expect(gateway.sent).toHaveLength(1));
    dropConnection(store);

    await goLive(store, room);
    await waitFor(() => expect(gateway.sent).toHaveLength(2));
    expect(gateway.sent.map((s) => [s.clientId, s.retry])).toEqual([
      [entry.clientId, undefined],
      [entry.clientId, true],
    ]);
  });
});

describe('the server answers', () => {
  it('removes the entry when the stored message comes back with its client id, from the list and from IndexedDB', async () => {
    const { store, gateway, outbox } = openPage();
    renderRoom(store, outbox);
    await goLive(store, room);
    outbox.enqueue(room.id, text('hello'));
    await waitFor(() => expect(gateway.sent).toHaveLength(1));

    await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['hello']);
    await waitFor(async () => expect(await kept()).toEqual([]));
  });

  it("marks the entry failed with the server's message on an error frame carrying its client id, and keeps it so", async () => {
    const { store, gateway, outbox } = openPage();
    renderRoom(store, outbox);
    gateway.answer = (frame: SendMessageFrame) => ({ type: 'error', code: 'forbidden', message: "You can't reply to this conversation", clientId: frame.clientId });
    await goLive(store, room);
    outbox.enqueue(room.id, text('are you there?'));

    const bubble = await screen.findByTestId('outgoing-message');
    await waitFor(() => expect(bubble).toHaveAttribute('data-state', 'failed'));
    expect(within(bubble).getByRole('alert')).toHaveTextContent("You can't reply to this conversation");
    expect(within(bubble).getByText('are you there?')).toBeInTheDocument();
    expect(within(bubble).getByRole('button', { name: OUTBOX_TEXT.retry })).toBeEnabled();
    expect(within(bubble).getByRole('button', { name: OUTBOX_TEXT.discard })).toBeEnabled();
    await waitFor(async () =>
      expect((await kept()).map((e) => [e.state, e.refusal?.code, e.refusal?.message])).toEqual([['failed', 'forbidden', "You can't reply to this conversation"]]),
    );
  });

  it("words the socket's own refusal by its code in the reader's language", async () => {
    await act(() => switchLanguage('hi'));
    try {
      const { store, gateway, outbox } = openPage();
      renderRoom(store, outbox);
      // The gateway's refusal of a send over the socket's frame rate, as it frames it.
      gateway.answer = (frame: SendMessageFrame) => ({
        type: 'error',
        code: 'rate_limit',
        error: 'rate_limit',
        message: SafetyMessages.FrameRate,
        messageCode: { code: 'frame_rate' },
        waitTime: 4000,
        clientId: frame.clientId,
      });
      await goLive(store, room);
      outbox.enqueue(room.id, text('बहुत तेज़'));
      const bubble = await screen.findByTestId('outgoing-message');
      await waitFor(() => expect(bubble).toHaveAttribute('data-state', 'failed'));
      expect(within(bubble).getByRole('alert')).toHaveTextContent('इस कनेक्शन पर बहुत ज़्यादा अनुरोध आ रहे हैं। कृपया थोड़ा रुक-रुककर भेजें।');
    } finally {
      await act(() => switchLanguage('en'));
    }
  });

  it('leaves an error frame about another send alone', async () => {
    const { store, outbox } = openPage();
    outbox.enqueue(room.id, text('mine'));
    act(() => {
      store.dispatch({ type: 'socket/frameReceived', payload: { type: 'error', code: 'forbidden', message: 'Not yours', clientId: 'someone-else' } });
      store.dispatch({ type: 'socket/frameReceived', payload: { type: 'error', code: 'validation_failed', message: 'Frames must be JSON objects with a type' } });
    });
    expect(outbox.entriesFor(room.id).map((e) => e.state)).toEqual(['sending']);
  });
});

describe('a failed message', () => {
  it('goes again under the same client id on Retry, and is gone for good on Discard', async () => {
    const user = userEvent.setup();
    const { store, gateway, outbox } = openPage();
    renderRoom(store, outbox);
    gateway.answer = (frame) => ({ type: 'error', code: 'service_unavailable', message: 'Chat is busy, try again', clientId: frame.clientId });
    await goLive(store, room);
    outbox.enqueue(room.id, text('retry me'));
    outbox.enqueue(room.id, text('drop me'));
    await waitFor(() => expect(screen.getAllByTestId('outgoing-refusal')).toHaveLength(2));

    gateway.answer = (frame, message) => ({ type: 'message_ack', clientId: frame.clientId ?? null, message });
    const [retrying, dropping] = screen.getAllByTestId('outgoing-message');
    await user.click(within(retrying).getByRole('button', { name: OUTBOX_TEXT.retry }));
    await waitFor(() => expect(gateway.sent).toHaveLength(3));
    expect(gateway.sent[2]).toMatchObject({ content: 'retry me', clientId: gateway.sent[0].clientId });

    await user.click(within(dropping).getByRole('button', { name: OUTBOX_TEXT.discard }));
    await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['retry me']);
    expect(gateway.sent).toHaveLength(3);
    await waitFor(async () => expect(await kept()).toEqual([]));
  });

  it('offers Retry only once the wait the server gave has passed', async () => {
    const { store, gateway, outbox } = openPage(makeUser({ id: 7, role: 'user' }));
    renderRoom(store, outbox);
    gateway.answer = (frame) => ({
      type: 'error',
      code: 'rate_limit',
      error: 'rate_limit',
      message: 'Please wait 20 seconds before sending another message',
      waitTime: 20_000,
      clientId: frame.clientId,
    });
    await goLive(store, room);
    outbox.enqueue(room.id, text('too soon'));
    expect(await screen.findByTestId('outgoing-refusal')).toHaveTextContent('Please wait 20 seconds before sending another message');
    expect(screen.getByRole('button', { name: /^Retry in (20|19)s$/ })).toBeDisabled();
    expect(gateway.sent).toHaveLength(1);
  });
});

describe('after a reload', () => {
  it('shows what was kept as sending and sends it once the room is live, once', async () => {
    const first = openPage();
    await first.outbox.loaded;
    first.outbox.enqueue(room.id, text('typed offline'));
    first.outbox.enqueue(room.id, text('and this'));
    await waitFor(async () => expect(await kept()).toHaveLength(2));
    first.outbox.dispose();

    // The page is reloaded: a new store, a new outbox, the same database.
    const second = openPage();
    renderRoom(second.store, second.outbox);
    await goLive(second.store, room);
    await waitFor(() => expect(second.gateway.sent.map((s) => s.content)).toEqual(['typed offline', 'and this']));
    await waitFor(() => expect(screen.queryByTestId('outgoing-message')).not.toBeInTheDocument());
    expect(screen.getAllByTestId('message').map((m) => m.textContent)).toEqual(['typed offline', 'and this']);
    expect([...second.gateway.stored.values()]).toHaveLength(2);
    await waitFor(async () => expect(await kept()).toEqual([]));
  });

  it('shows a failed message with the server answer it had, and never sends it by itself', async () => {
    const first = openPage();
    first.gateway.answer = (frame) => ({ type: 'error', code: 'forbidden', message: 'Join this room to send messages', clientId: frame.clientId });
    await goLive(first.store, room);
    first.outbox.enqueue(room.id, text('refused'));
    await waitFor(async () => expect((await kept()).map((e) => e.state)).toEqual(['failed']));
    first.outbox.dispose();

    const second = openPage();
    renderRoom(second.store, second.outbox);
    await goLive(second.store, room);
    const bubble = await screen.findByTestId('outgoing-message');
    expect(bubble).toHaveAttribute('data-state', 'failed');
    expect(within(bubble).getByRole('alert')).toHaveTextContent('Join this room to send messages');
    await second.outbox.flush(room.id);
    expect(second.gateway.sent).toEqual([]);
  });

  it("never shows or sends another account's messages", async () => {
    const first = openPage();
    await first.outbox.loaded;
    first.outbox.enqueue(room.id, text("alice's words"));
    await waitFor(async () => expect(await kept()).toHaveLength(1));
    first.outbox.dispose();

    const bob = makeUser({ id: 8, username: 'bob' });
    const second = openPage(bob);
    await second.outbox.loaded;
    await goLive(second.store, room);
    await second.outbox.flush(room.id);
    expect(second.outbox.entriesFor(room.id)).toEqual([]);
    expect(second.gateway.sent).toEqual([]);
  });
});

describe('signing out', () => {
  it('forgets every unsent message this browser kept, so the next person at a shared computer finds none', async () => {
    const { outbox } = openPage();
    await outbox.loaded;
    outbox.enqueue(room.id, text('for my eyes only'));
    await waitFor(async () => expect(await kept()).toHaveLength(1));

    await forgetUnsentMessages(database);
    expect(await kept()).toEqual([]);
  });
});

describe('two tabs of the same person', () => {
  /** The browser's lock manager as two tabs share it: a held name is not granted to the other. */
  function sharedLocks(): Pick<LockManager, 'request'> {
    const held = new Set<string>();
    const request = (name: string, options: LockOptions, callback: LockGrantedCallback<unknown>) => {
      if (held.has(name)) return Promise.resolve(options.ifAvailable ? callback(null) : undefined);
      held.add(name);
      return Promise.resolve(callback({ name, mode: 'exclusive' } as Lock)).finally(() => held.delete(name));
    };
    return { request: request as LockManager['request'] };
  }

  it('send a kept entry from one tab only', async () => {
    const seed = openPage();
    await seed.outbox.loaded;
    seed.outbox.enqueue(room.id, text('from before the reload'));
    await waitFor(async () => expect(await kept()).toHaveLength(1));
    seed.outbox.dispose();

    const locks = sharedLocks();
    const sends: Array<{ tab: string; frame: SendMessageFrame }> = [];
    const tab = (name: string) =>
      new Outbox({ userId: me.id, store: openOutboxStore(database), locks, isLive: () => true, send: (frame) => void sends.push({ tab: name, frame }) });
    const [a, b] = [tab('a'), tab('b')];
    await Promise.all([a.loaded, b.loaded]);
    await Promise.all([a.flush(room.id), b.flush(room.id)]);

    expect(sends.map((s) => s.frame.content)).toEqual(['from before the reload']);
    // Both show it once, as sending, until the stored message reaches them.
    expect(a.entriesFor(room.id)).toHaveLength(1);
    expect(b.entriesFor(room.id)).toHaveLength(1);
    a.dispose();
    b.dispose();
  });

  it("never send from a stale copy what the other tab had refused or stored: the database's word goes", async () => {
    const seed = openPage();
    await seed.outbox.loaded;
    const refused = seed.outbox.enqueue(room.id, text('refused in tab a'));
    const stored = seed.outbox.enqueue(room.id, text('stored by tab a'));
    await waitFor(async () => expect(await kept()).toHaveLength(2));
    seed.outbox.dispose();

    const locks = sharedLocks();
    const sends: Array<{ tab: string; frame: SendMessageFrame }> = [];
    let live = false;
    const tab = (name: string) =>
      new Outbox({ userId: me.id, store: openOutboxStore(database), locks, isLive: () => live, send: (frame) => void sends.push({ tab: name, frame }) });
    const [a, b] = [tab('a'), tab('b')];
    await Promise.all([a.loaded, b.loaded]);
    // Tab a gets the server's answers while tab b is offline and holds its copies as they were.
    live = true;
    await a.flush(room.id);
    expect(sends.map((s) => `${s.tab}: ${s.frame.content}`)).toEqual(['a: refused in tab a', 'a: stored by tab a']);
    a.refuse({ type: 'error', code: 'forbidden', message: 'Join this room to send messages', clientId: refused.clientId });
    a.settle([makeMessage(1, me, { content: 'stored by tab a', clientId: stored.clientId })]);
    await waitFor(async () => expect((await kept()).map((e) => [e.payload.content, e.state])).toEqual([['refused in tab a', 'failed']]));
    expect(b.entriesFor(room.id).map((e) => e.state)).toEqual(['sending', 'sending']);

    await b.flush(room.id);
    expect(sends).toHaveLength(2);
    expect(b.entriesFor(room.id).map((e) => [e.payload.content, e.state, e.refusal?.message])).toEqual([['refused in tab a', 'failed', 'Join this room to send messages']]);
    a.dispose();
    b.dispose();
  });
});
