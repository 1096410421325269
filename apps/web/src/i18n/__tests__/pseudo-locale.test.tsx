import type { Messages } from '@lingui/core';
import { act, screen } from '@testing-library/react';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { asPublic, makeSeller, UNAUTHENTICATED, USD_LOCALE } from '@/features/marketplace/__tests__/seller-fixtures';
import { completedSession } from '@/features/calls/__tests__/call-fixtures';
import { makeMessage, makeRoom } from '@/features/chat/__tests__/fixtures';
import { socketFrameReceived, socketStatusChanged } from '@/lib/socket';
import { makeUser } from '@/test/fixtures';
import { renderApp } from '@/test/render';
import { startTestServer, type TestServer } from '@/test/test-server';
import { i18n } from '../i18n';

// The translated screens drawn with every catalogue message in accented letters ("Ŝḗƞḓ"): any word
// still in plain ASCII letters came from somewhere else, most often English written into the code.
// The words the server or the visitor supply (names, bios, messages) and those Intl writes (month
// names) are the only plain ones each screen may show.

const CATALOGUES = join(__dirname, '../catalogues/en');
const ROUTES = join(__dirname, '../../app/routes');

type Compiled = string | readonly unknown[] | Record<string, unknown>;

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, i) => [letter, [...'ȧƀƈḓḗƒɠħīĵķŀḿƞǿƥɋřşŧŭṽẇẋẏẑȦƁƇḒḖƑƓĦĪĴĶĿḾȠǾƤɊŘŞŦŬṼẆẊẎẐ'][i]]),
);

/** A compiled message with the words of its texts accented; argument names, plural keys and tags stay. */
function pseudo(message: Compiled): Compiled {
  if (typeof message === 'string') return message.replace(/<\/?\d+>|[A-Za-z]/g, (m) => ACCENTED[m] ?? m);
  if (Array.isArray(message)) {
    // A list of texts and arguments, an argument [name] or [name, type, its messages by key].
    return message.map((part) => (Array.isArray(part) ? (part.length > 2 ? [part[0], part[1], pseudo(part[2] as Compiled)] : part) : pseudo(part as Compiled)));
  }
  return Object.fromEntries(Object.entries(message).map(([key, value]) => [key, pseudo(value as Compiled)]));
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the catalogues compiled by the tests' transform, as the build compiles them
const english = (): Messages => Object.assign({}, ...readdirSync(CATALOGUES).map((file) => require(join(CATALOGUES, file)) as Messages));

/** The words Intl writes in English: month and day names, relative times, the flags' country names. */
function intlWords(): Set<string> {
  const words = new Set<string>();
  const add = (text: string) => text.match(/[A-Za-z]+/g)?.forEach((word) => words.add(word));
  for (let month = 0; month < 12; month++) {
    const day = new Date(Date.UTC(2026, month, 1 + month));
    for (const options of [{ month: 'long' }, { month: 'short' }, { weekday: 'long' }, { weekday: 'short' }, { dayPeriod: 'short', hour: 'numeric' }] as const) add(new Intl.DateTimeFormat('en', options).format(day));
  }
  const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
  for (const unit of ['second', 'minute', 'hour', 'day', 'week', 'month', 'year'] as const) for (const n of [-2, -1, 0, 1, 2]) add(relative.format(n, unit));
  ['AM', 'PM'].forEach((word) => words.add(word));
  const regions = new Intl.DisplayNames('en', { type: 'region' });
  for (const region of ['IN', 'US']) add(regions.of(region) ?? '');
  return words;
}

const INTL_WORDS = intlWords();
/** Names that are the same in every language. */
const PRODUCT_NAMES = ['ChatMarket', 'WhatsApp', 'USD', 'INR', 'GIF', 'VIP'];

const initials = (name: string) => name.split(/[\s_]+/).map((word) => word[0].toUpperCase()).join('').slice(0, 2);

/** Every word of the page, as text or as an accessible name, in plain letters and not among `data` (or their initials, on avatars). */
function plainWords(data: string[]): string[] {
  const shown: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) shown.push(walker.currentNode.textContent ?? '');
  for (const element of document.body.querySelectorAll('[aria-label], [placeholder], [title], [alt]')) {
    for (const attribute of ['aria-label', 'placeholder', 'title', 'alt']) shown.push(element.getAttribute(attribute) ?? '');
  }
  const allowed = [...data, ...data.map(initials).filter((letters) => letters.length === 2), ...PRODUCT_NAMES].sort((a, b) => b.length - a.length);
  return [
    ...new Set(
      shown.flatMap((text) => {
        const rest = allowed.reduce((left, word) => left.split(word).join(' '), text);
        return (rest.match(/[A-Za-z]{2,}/g) ?? []).filter((word) => !INTL_WORDS.has(word)).map((word) => `${word} (in "${text.trim()}")`);
      }),
    ),
  ];
}

let server: TestServer;

beforeAll(async () => {
  // Every screen's English first (the route modules and the copy they import add it), then
  // the same messages accented in its place.
  for (const file of readdirSync(ROUTES)) await import(join(ROUTES, file));
  i18n.load('en', Object.fromEntries(Object.entries(english()).map(([id, message]) => [id, pseudo(message as Compiled)])) as Messages);
});

afterAll(() => {
  i18n.load('en', english());
});

beforeEach(async () => {
  server = await startTestServer();
  server.on('GET /api/locale', () => ({ body: USD_LOCALE }));
  server.on('GET /api/calls/current', () => ({ body: { session: null } }));
});

afterEach(() => server.close());

const kim = makeSeller();
const SELLER_DATA = [kim.displayName, kim.user.username, kim.bio, kim.experience, kim.education, kim.workHistory, ...kim.languages, ...kim.services, ...kim.specialties, kim.timeZone, kim.responseTime];

describe('the translated screens in a pseudo-locale', () => {
  it('the page for an unknown path shows no word that is not from a catalogue', async () => {
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    renderApp('/no/such/page');
    await screen.findByRole('heading', { level: 1 });
    expect(plainWords(['/no/such/page'])).toEqual([]);
  });

  it('the settings show no word that is not from a catalogue', async () => {
    const me = makeUser();
    server.on('GET /api/users/me', () => ({ body: me }));
    server.on('GET /api/users/me/settings', () => ({ body: me.settings }));
    server.on('GET /api/users/me/passkeys', () => ({ body: [] }));
    server.on('GET /api/users/me/two-step', () => ({ body: { enabled: false, recoveryCodesLeft: 0 } }));
    server.on('GET /api/push/subscriptions', () => ({ body: [] }));
    server.on('GET /api/blocks', () => ({ body: [] }));
    renderApp('/settings');
    await screen.findAllByRole('switch');
    // The time zone is the browser's own name for it; each language is named in its own words.
    expect(plainWords([me.username, Intl.DateTimeFormat().resolvedOptions().timeZone, 'English'])).toEqual([]);
  });

  it('a public room with its messages and comings and goings shows no word that is not from a catalogue', async () => {
    const me = makeUser({ id: 7, username: 'alice', role: 'user' });
    const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
    const room = makeRoom();
    server.on('GET /api/users/me', () => ({ body: me }));
    server.on('GET /api/rooms/4', () => ({ body: room }));
    server.on('GET /api/rooms/4/private-chats', () => ({ body: [] }));
    server.on('GET /api/rooms/4/pins', () => ({ body: [] }));
    const { store } = renderApp('/chat/4');
    await screen.findByRole('heading', { level: 1, name: room.name });
    const edited = makeMessage(2, bob, { content: 'second', editedAt: new Date().toISOString() });
    act(() => {
      store.dispatch(socketStatusChanged({ status: 'online', attempt: 0 }));
      store.dispatch(socketFrameReceived({ type: 'room_joined', room }));
      store.dispatch(socketFrameReceived({ type: 'room_messages', roomId: 4, messages: [makeMessage(1, bob), edited], hasMore: false }));
      store.dispatch(socketFrameReceived({ type: 'online_users', roomId: 4, users: [{ ...me, joinedAt: '2025-01-01T10:00:00Z' }] }));
      store.dispatch(socketFrameReceived({ type: 'user_joined', roomId: 4, user: { ...bob, joinedAt: new Date().toISOString() }, timestamp: new Date().toISOString() }));
    });
    await screen.findByTestId('room-notice');
    await screen.findByTestId('message-edited');
    // Font sizes are written as CSS writes them (14px).
    expect(plainWords([room.name, room.description ?? '', me.username, bob.username, 'message 1', 'second', 'px'])).toEqual([]);
  });

  it('the marketplace shows no word that is not from a catalogue', async () => {
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    server.on('GET /api/sellers', () => ({ body: [asPublic(kim)] }));
    renderApp('/marketplace');
    await screen.findAllByTestId('seller-card');
    expect(plainWords(SELLER_DATA)).toEqual([]);
  });

  it("a seller's page shows no word that is not from a catalogue", async () => {
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/sellers/11', () => ({ body: asPublic(kim) }));
    server.on('GET /api/sellers/11/reviews', () => ({ body: [] }));
    server.on('GET /api/rooms/marketplace-chats', () => ({ body: [] }));
    renderApp('/seller/11');
    await screen.findByRole('heading', { level: 1, name: kim.displayName });
    expect(plainWords([...SELLER_DATA, makeUser().username])).toEqual([]);
  });

  it('the private chats list shows no word that is not from a catalogue', async () => {
    const bob = { id: 8, username: 'bob', avatar: null, role: 'vip' as const };
    server.on('GET /api/users/me', () => ({ body: makeUser() }));
    server.on('GET /api/rooms/my-chats', () => ({
      body: [
        {
          id: 21,
          name: bob.username,
          origin: 'room',
          originPublicRoomId: 4,
          sellerId: null,
          otherParticipant: bob,
          hasUnreadMessages: true,
          lastMessage: { id: 1, content: 'hello there', type: 'text', createdAt: new Date().toISOString(), sender: bob },
          lastActivityAt: new Date(Date.now() - 2 * 3600_000).toISOString(),
        },
      ],
    }));
    renderApp('/private-chats');
    await screen.findAllByTestId('chat-row');
    expect(plainWords([bob.username, 'hello there', makeUser().username])).toEqual([]);
  });

  it('the calls page shows no word that is not from a catalogue', async () => {
    const session = completedSession();
    server.on('GET /api/users/me', () => ({ body: makeUser({ id: session.buyer.id, role: 'vip', username: session.buyer.username }) }));
    server.on('GET /api/calls', () => ({ body: [session] }));
    renderApp('/calls');
    await screen.findAllByTestId('call-row');
    await act(async () => undefined);
    expect(plainWords([session.buyer.username, session.seller.displayName])).toEqual([]);
  });

  it.each(['/forgot-password', '/reset-password?token=' + 'a'.repeat(43), '/reset-password', '/verify-email'])('the account mail screen %s shows no word that is not from a catalogue', async (path) => {
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    renderApp(path);
    await screen.findByRole('heading', { level: 1 });
    // The address field's example is an address.
    expect(plainWords(['you@example.com'])).toEqual([]);
  });

  it.each(['/privacy-policy', '/terms-of-use', '/community-guidelines', '/cookie-policy', '/refund-policy'])('the legal page %s shows no word that is not from a catalogue', async (path) => {
    server.on('GET /api/users/me', () => UNAUTHENTICATED);
    renderApp(path);
    await screen.findByRole('article');
    // The addresses to write to; the footer names each language in its own words and the
    // networks by their brands.
    expect(plainWords(['support@example.com', 'safety@example.com', 'English', 'Twitter', 'Instagram', 'Facebook'])).toEqual([]);
  });
});
