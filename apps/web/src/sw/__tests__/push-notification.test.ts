import type { PushPayload } from '@app/contracts';
import { waitFor } from '@testing-library/react';
import { switchLanguage } from '@/i18n/i18n';
import { offlinePagesFor } from '../navigation-fallback';
import { offlinePage } from '../offline-page';
import { followLanguage } from '../registration';
import { isLanguageMessage, rememberLanguage, workerLanguage } from '../sw-language';
import { clickOutcome, notificationFor, readPushPayload } from '../push-notification';

const message: PushPayload = {
  title: 'New message from bob',
  body: 'Are you there?',
  tag: 'chat-12',
  url: '/chat/12',
  silent: true,
  timestamp: '2026-11-28T02:00:00.000Z',
  notificationId: 88,
};

const call: PushPayload = {
  title: 'Incoming video call from alice',
  body: 'Tap Accept to answer.',
  tag: 'call-5',
  url: '/calls',
  silent: false,
  timestamp: '2026-11-28T02:00:00.000Z',
  call: { sessionId: 5, callType: 'video', ringExpiresAt: '2026-11-28T02:00:30.000Z' },
};

describe('the notification a push shows', () => {
  it('shows a message with its text, tag, sound and time, alerting again for the same chat', () => {
    const { title, options } = notificationFor(readPushPayload(JSON.stringify(message)), 'en');
    expect(title).toBe('New message from bob');
    expect(options).toEqual({
      body: 'Are you there?',
      tag: 'chat-12',
      renotify: true,
      silent: true,
      timestamp: Date.parse('2026-11-28T02:00:00.000Z'),
      icon: '/icons/icon-192.png',
      badge: '/icons/badge-96.png',
      data: { url: '/chat/12', call: null },
    });
  });

  it('offers Accept and Decline on a call and keeps it until it is answered', () => {
    const { options } = notificationFor(call, 'en');
    expect(options.actions).toEqual([
      { action: 'accept', title: 'Accept' },
      { action: 'decline', title: 'Decline' },
    ]);
    expect(options.requireInteraction).toBe(true);
    expect(options.data).toEqual({ url: '/calls', call: call.call });
  });

  it('words the call’s buttons as the server wrote them, in the person’s language', () => {
    const { options } = notificationFor({ ...call, call: { ...call.call, actions: { accept: 'उठाएँ', decline: 'मना करें' } } } as PushPayload, 'en');
    expect(options.actions).toEqual([
      { action: 'accept', title: 'उठाएँ' },
      { action: 'decline', title: 'मना करें' },
    ]);
  });

  it('shows something for a push it cannot read, since every push must show a notification', () => {
    for (const text of [null, '', 'not json', '42', JSON.stringify({ body: 'no title' })]) {
      const { title, options } = notificationFor(readPushPayload(text), 'en');
      expect([title, options.body]).toEqual(['ChatMarket', 'You have a new notification.']);
      expect(options.data).toEqual({ url: '/notifications', call: null });
    }
  });

  it('says its own words in the language the page told it: a push it cannot read, a call’s buttons the server did not word', () => {
    const { title, options } = notificationFor(readPushPayload('not json'), 'hi');
    expect([title, options.body]).toEqual(['ChatMarket', 'आपके लिए एक नई सूचना है।']);
    expect(notificationFor(call, 'hi').options.actions).toEqual([
      { action: 'accept', title: 'उठाएँ' },
      { action: 'decline', title: 'मना करें' },
    ]);
    // What the server worded stays as it wrote it.
    expect(notificationFor(message, 'hi').options.body).toBe('Are you there?');
  });

  it('never leads to another site', () => {
    expect(notificationFor({ ...message, url: 'https://evil.example/x' }, 'en').options.data.url).toBe('/notifications');
    expect(notificationFor({ ...message, url: '//evil.example/x' }, 'en').options.data.url).toBe('/notifications');
  });
});

describe('a press on a notification', () => {
  const data = notificationFor(call, 'en').options.data;

  it('opens the page the notification is about', () => {
    expect(clickOutcome(data, '')).toEqual({ open: '/calls' });
    expect(clickOutcome(notificationFor(message, 'en').options.data, '')).toEqual({ open: '/chat/12' });
  });

  it('answers a call through the page that accepts it, and declines one without a page', () => {
    expect(clickOutcome(data, 'accept')).toEqual({ open: '/calls?accept=5' });
    expect(clickOutcome(data, 'decline')).toEqual({ decline: 5 });
  });

  it('treats a button of a notification that is no call as a plain press', () => {
    expect(clickOutcome(notificationFor(message, 'en').options.data, 'decline')).toEqual({ open: '/chat/12' });
  });
});

describe('a page the network could not fetch', () => {
  it('falls back on the landing page as built, the shell for any screen, and the offline page for the rest', () => {
    expect(offlinePagesFor('/', 'en')).toEqual(['/index.html', '/shell.html', '/offline.html']);
    expect(offlinePagesFor('/chat/12', 'en')).toEqual(['/shell.html', '/offline.html']);
    expect(offlinePagesFor('/marketplace', 'en')).toEqual(['/shell.html', '/offline.html']);
    expect(offlinePagesFor('/no-such-page', 'en')).toEqual(['/offline.html']);
  });

  it('falls back on the pages in the person’s language first, the English ones after', () => {
    expect(offlinePagesFor('/', 'hi')).toEqual(['/index.hi.html', '/index.html', '/shell.html', '/offline.hi.html', '/offline.html']);
    expect(offlinePagesFor('/chat/12', 'hi')).toEqual(['/shell.html', '/offline.hi.html', '/offline.html']);
    expect(offlinePagesFor('/no-such-page', 'hi')).toEqual(['/offline.hi.html', '/offline.html']);
  });
});

describe('the offline page', () => {
  it('is written in each language, the English one as it always read', () => {
    const english = offlinePage('en');
    expect(english).toContain('<html lang="en">');
    expect(english).toContain('<title>You are offline | ChatMarket</title>');
    expect(english).toContain('<h1>You are offline</h1>');
    expect(english).toContain('<a href="/">Go to the start page</a>');
    const hindi = offlinePage('hi');
    expect(hindi).toContain('<html lang="hi">');
    expect(hindi).toContain('<h1>आप ऑफ़लाइन हैं</h1>');
    expect(hindi).toContain('<button type="submit">फिर से कोशिश करें</button>');
    expect(hindi).not.toMatch(/You are offline|Try again/);
  });
});

describe('the language the worker speaks', () => {
  /** Cache Storage as the worker holds it, in memory. */
  function fakeCaches() {
    const stored = new Map<string, Map<string, Response>>();
    return {
      open: async (name: string) => {
        const cache = stored.get(name) ?? new Map<string, Response>();
        stored.set(name, cache);
        return {
          put: async (key: string, response: Response) => void cache.set(key, response),
          match: async (key: string) => cache.get(key)?.clone(),
        } as unknown as Cache;
      },
    };
  }

  it('is the one a page told it, kept for a worker started anew, else the browser’s, else English', async () => {
    const caches = fakeCaches();
    expect(await workerLanguage(caches, ['hi-IN', 'en'])).toBe('hi');
    expect(await workerLanguage(caches, ['fr-FR'])).toBe('en');
    await rememberLanguage(caches, 'hi');
    expect(await workerLanguage(caches, ['en-US'])).toBe('hi');
    expect(isLanguageMessage({ type: 'language', language: 'hi' })).toBe(true);
    expect(isLanguageMessage({ type: 'language', language: 'xx' })).toBe(false);
  });

  it('is told by the page now and whenever its language changes', async () => {
    const postMessage = jest.fn();
    const stop = followLanguage({ ready: Promise.resolve({ active: { postMessage } } as unknown as ServiceWorkerRegistration) });
    try {
      await waitFor(() => expect(postMessage).toHaveBeenLastCalledWith({ type: 'language', language: 'en' }));
      await switchLanguage('hi');
      await waitFor(() => expect(postMessage).toHaveBeenLastCalledWith({ type: 'language', language: 'hi' }));
    } finally {
      stop();
      await switchLanguage('en');
    }
  });
});
