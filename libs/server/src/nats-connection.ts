import type { ConnectionOptions } from 'nats';

/**
 * Options of every long-lived NATS connection. A NATS restart must never leave a process
 * deaf for good (nats.js gives up after 10 tries by default), and every try counts: the
 * default 2 s between them is most of a short outage, so they come every 250 ms or so.
 */
export function natsConnectionOptions(natsUrl: string, name: string): ConnectionOptions {
  return { ...natsServerOptions(natsUrl), name, maxReconnectAttempts: -1, reconnectTimeWait: 250, reconnectJitter: 100 };
}

/**
 * The server and credentials of a NATS_URL. nats.js ignores a user and password written in the
 * URL (nats://user:password@host:4222), so they become its `user` and `pass` options.
 */
export function natsServerOptions(natsUrl: string): Pick<ConnectionOptions, 'servers' | 'user' | 'pass'> {
  const url = new URL(natsUrl);
  if (!url.username && !url.password) return { servers: [natsUrl] };
  const credentials = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
  url.username = '';
  url.password = '';
  return { servers: [url.toString()], ...credentials };
}
