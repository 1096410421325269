import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

export type Reply = { status?: number; body?: unknown };
export type Handler = (request: RecordedRequest) => Reply | Promise<Reply>;

export interface TestServer {
  requests: RecordedRequest[];
  /** Sets or replaces the answer for "METHOD /api/path". */
  on(route: string, handler: Handler): void;
  close(): Promise<void>;
}

declare global {
  var __API_ORIGIN__: string | undefined;
}

/**
 * A real HTTP server standing in for the gateway in component tests: it answers the
 * routes a test sets, 404s the rest, and records every request the page made. The page's
 * /ws socket is held unanswered: it stays connecting, and a test plays the socket's part by
 * dispatching its status and frames.
 */
export async function startTestServer(): Promise<TestServer> {
  const handlers = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const server: Server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://test');
    const text = Buffer.concat(chunks).toString('utf8');
    const request: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
    };
    requests.push(request);
    const handler = handlers.get(`${request.method} ${request.path}`);
    const reply = handler
      ? await handler(request)
      : { status: 404, body: { error: 'Not Found', code: 'not_found', message: `No route ${request.method} ${request.path}` } };
    res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' });
    res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
  });
  const heldSockets = new Set<Duplex>();
  server.on('upgrade', (_request: IncomingMessage, socket: Duplex) => {
    heldSockets.add(socket);
    socket.on('close', () => heldSockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  globalThis.__API_ORIGIN__ = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    requests,
    on: (route, handler) => void handlers.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        globalThis.__API_ORIGIN__ = undefined;
        server.closeAllConnections();
        for (const socket of heldSockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
