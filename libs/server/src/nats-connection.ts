import type { ConnectionOptions } from 'nats';

/**
 * Options of every long-lived NATS connection. A NATS restart must never leave a process
 * deaf for good (nats.js gives up after 10 tries by default), and every try counts: the
 * default 2 s between them is most of a short outage, so they come every 250 ms or so.
 * A node that vanished without closing its connections (its machine or container gone) is
 * noticed by unanswered pings, so they go every 2 s and two missed ones end it (the default
 * is every 2 minutes), and a try at a node that does not answer gives up after 2 s (the
 * default is 20): the process is on another node of the cluster within about 10 s.
 */
export function natsConnectionOptions(natsUrl: string, name: string): ConnectionOptions {
  return {
    ...natsServerOptions(natsUrl),
    name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 250,
    reconnectJitter: 100,
    pingInterval: 2_000,
    maxPingOut: 2,
    timeout: 2_000,
  };
}

/**
 * The servers and credentials of a NATS_URL: one URL, or a comma-separated list naming every
 * node of a cluster, so that a client can reach the cluster while any one node is gone.
 * nats.js ignores a user and password written in a URL (nats://user:password@host:4222), so
 * they become its `user` and `pass` options; the nodes of one cluster share one set.
 */
export function natsServerOptions(natsUrl: string): Pick<ConnectionOptions, 'servers' | 'user' | 'pass'> {
  const urls = natsUrl.split(',').map((part) => part.trim()).filter(Boolean);
  if (urls.length === 0) throw new Error('NATS_URL names no server');
  let credentials: { user: string; pass: string } | undefined;
  const servers = urls.map((raw) => {
    const url = new URL(raw);
    if (!url.username && !url.password) return raw;
    const found = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
    if (credentials && (credentials.user !== found.user || credentials.pass !== found.pass)) {
      throw new Error('NATS_URL gives different credentials for nodes of one cluster');
    }
    credentials = found;
    url.username = '';
    url.password = '';
    return url.toString();
  });
  return credentials ? { servers, ...credentials } : { servers };
}
