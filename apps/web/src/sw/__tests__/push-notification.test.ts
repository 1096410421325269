import type { PushPayload } from '@app/contracts';
import { offlinePagesFor } from '../navigation-fallback';
import { clickOutcome, notificationFor, readPushPayload } from '../push-notification';
import { SW_TEXT } from '../sw-copy';

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
    const { title, options } = notificationFor(readPushPayload(JSON.stringify(message)));
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
    const { options } = notificationFor(call);
    expect(options.actions).toEqual([
      { action: 'accept', title: SW_TEXT.actions.accept },
      { action: 'decline', title: SW_TEXT.actions.decline },
    ]);
    expect(options.requireInteraction).toBe(true);
    expect(options.data).toEqual({ url: '/calls', call: call.call });
  });

  it('words the call’s buttons as the server wrote them, in the person’s language', () => {
    const { options } = notificationFor({ ...call, call: { ...call.call, actions: { accept: 'उठाएँ', decline: 'मना करें' } } } as PushPayload);
    expect(options.actions).toEqual([
      { action: 'accept', title: 'उठाएँ' },
      { action: 'decline', title: 'मना करें' },
    ]);
  });

  it('shows something for a push it cannot read, since every push must show a notification', () => {
    for (const text of [null, '', 'not json', '42', JSON.stringify({ body: 'no title' })]) {
      const { title, options } = notificationFor(readPushPayload(text));
      expect(title).toBe(SW_TEXT.fallbackTitle);
      expect(options.data).toEqual({ url: '/notifications', call: null });
    }
  });

  it('never leads to another site', () => {
    expect(notificationFor({ ...message, url: 'https://evil.example/x' }).options.data.url).toBe('/notifications');
    expect(notificationFor({ ...message, url: '//evil.example/x' }).options.data.url).toBe('/notifications');
  });
});

describe('a press on a notification', () => {
  const data = notificationFor(call).options.data;

  it('opens the page the notification is about', () => {
    expect(clickOutcome(data, '')).toEqual({ open: '/calls' });
    expect(clickOutcome(notificationFor(message).options.data, '')).toEqual({ open: '/chat/12' });
  });

  it('answers a call through the page that accepts it, and declines one without a page', () => {
    expect(clickOutcome(data, 'accept')).toEqual({ open: '/calls?accept=5' });
    expect(clickOutcome(data, 'decline')).toEqual({ decline: 5 });
  });

  it('treats a button of a notification that is no call as a plain press', () => {
    expect(clickOutcome(notificationFor(message).options.data, 'decline')).toEqual({ open: '/chat/12' });
  });
});

describe('a page the network could not fetch', () => {
  it('falls back on the landing page as built, the shell for any screen, and the offline page for the rest', () => {
    expect(offlinePagesFor('/')).toEqual(['/index.html', '/shell.html', '/offline.html']);
    expect(offlinePagesFor('/chat/12')).toEqual(['/shell.html', '/offline.html']);
    expect(offlinePagesFor('/marketplace')).toEqual(['/shell.html', '/offline.html']);
    expect(offlinePagesFor('/no-such-page')).toEqual(['/offline.html']);
  });
});
