import { createServer, type Server } from 'node:http';
import { collectDefaultMetrics, Counter, Gauge, Histogram, register } from 'prom-client';

/**
 * What operators watch, in Prometheus' format. The metrics live in the process-wide registry,
 * defined once here so that every app (and several apps in one test process) share them.
 */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

export const Metrics = {
  rpcHandled: new Histogram({
    name: 'rpc_handled_duration_seconds',
    help: 'Time a service took to answer a NATS request, by pattern and answer status',
    labelNames: ['pattern', 'status'] as const,
    buckets: LATENCY_BUCKETS,
  }),
  rpcCalls: new Histogram({
    name: 'rpc_client_duration_seconds',
    help: 'Time a NATS request took as its caller saw it, by pattern and answer status',
    labelNames: ['pattern', 'status'] as const,
    buckets: LATENCY_BUCKETS,
  }),
  httpRequests: new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time the gateway took to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: LATENCY_BUCKETS,
  }),
  wsConnections: new Gauge({ name: 'ws_connections', help: 'Authenticated sockets open on this gateway' }),
  wsSlowConsumers: new Counter({ name: 'ws_slow_consumers_total', help: 'Sockets cut off because their unread output passed WS_MAX_BUFFERED_BYTES' }),
  wsFrames: new Counter({
    name: 'ws_frames_total',
    help: 'Socket frames received (in) and written (out), by frame type',
    labelNames: ['direction', 'type'] as const,
  }),
  messagesStored: new Counter({ name: 'chat_messages_stored_total', help: 'Messages stored, by room type', labelNames: ['room_type'] as const }),
  fanoutLag: new Histogram({
    name: 'chat_fanout_lag_seconds',
    help: 'From a message being stored to its frame being written to a socket',
    buckets: LATENCY_BUCKETS,
  }),
  insertBatchSize: new Histogram({
    name: 'chat_insert_batch_messages',
    help: 'Messages stored by one statement (group commit: more than one when sends wait for the statements in flight)',
    buckets: [1, 2, 4, 8, 16, 32, 64, 100],
  }),
  insertBatchRetries: new Counter({
    name: 'chat_insert_batch_retries_total',
    help: 'Batches stored again one by one, by reason (client_id: a retried send in the batch; error: anything else)',
    labelNames: ['reason'] as const,
  }),
  sendJudgements: new Counter({
    name: 'chat_send_judgements_total',
    help: 'How sends were judged: kept (on the room this replica kept), fresh (read first), again (read again after a refusal on kept facts or the insert turned the send away)',
    labelNames: ['on'] as const,
  }),
  sendRefusals: new Counter({ name: 'chat_send_refusals_total', help: 'Sends refused by the send limits, by reason', labelNames: ['reason'] as const }),
  linkPreviews: new Counter({
    name: 'chat_link_previews_total',
    help: 'Link previews looked for, by outcome: cached, fetched, failed (the page gave none, or was refused), waited (another replica was fetching the link) or dropped (too many waiting)',
    labelNames: ['outcome'] as const,
  }),
  uploadBytes: new Counter({ name: 'media_upload_bytes_total', help: 'Bytes of uploads stored, by purpose', labelNames: ['purpose'] as const }),
};

let defaultsCollected = false;

/** Node's own metrics (event-loop delay, heap, handles), once per process. */
export function collectProcessMetrics(): void {
  if (defaultsCollected) return;
  defaultsCollected = true;
  collectDefaultMetrics();
}

/**
 * A gauge read when Prometheus scrapes: pool usage of PostgreSQL (knex) or Redis, for example.
 * Registered once per name; a later app in the same process replaces the reader.
 */
const readers = new Map<string, () => number>();
export function observeGauge(name: string, help: string, read: () => number): void {
  if (!readers.has(name)) {
    new Gauge({
      name,
      help,
      collect() {
        this.set(readers.get(name)?.() ?? 0);
      },
    });
  }
  readers.set(name, read);
}

/**
 * Serves GET /metrics on its own port, never the public one: operators' network only.
 * Port 0 or unset keeps metrics off.
 */
export async function startMetricsServer(port: number, host = '0.0.0.0'): Promise<Server | undefined> {
  if (!port) return undefined;
  collectProcessMetrics();
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    register.metrics().then(
      (body) => res.writeHead(200, { 'content-type': register.contentType }).end(body),
      (error: Error) => res.writeHead(500).end(error.message),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  return server;
}
