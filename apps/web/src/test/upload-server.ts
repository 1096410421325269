import busboy from 'busboy';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedFile {
  field: string;
  name: string;
  type: string;
  size: number;
}

export interface ReceivedUpload {
  path: string;
  query: URLSearchParams;
  files: ReceivedFile[];
}

export type UploadReply = { status?: number; body?: unknown };
export type UploadHandler = (upload: ReceivedUpload) => UploadReply | Promise<UploadReply>;

export interface UploadServer {
  uploads: ReceivedUpload[];
  /** Sets the answer for "POST /api/path". */
  on(route: string, handler: UploadHandler): void;
  close(): Promise<void>;
}

/**
 * A real HTTP server for the multipart uploads the page sends with XMLHttpRequest. jsdom's XHR
 * resolves a relative URL against the document's base, so a <base> element points the page's
 * uploads here; it answers the preflight and CORS headers a cross-origin XHR with credentials needs.
 */
export async function startUploadServer(pageOrigin = window.location.origin): Promise<UploadServer> {
  const handlers = new Map<string, UploadHandler>();
  const uploads: ReceivedUpload[] = [];
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://test');
    const send = (reply: UploadReply) => {
      res.writeHead(reply.status ?? 201, {
        'content-type': 'application/json',
        'access-control-allow-origin': pageOrigin,
        'access-control-allow-credentials': 'true',
      });
      res.end(reply.body === undefined ? '' : JSON.stringify(reply.body));
    };
    // Watching upload progress makes a cross-origin XHR ask first, as browsers do.
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        'access-control-allow-origin': pageOrigin,
        'access-control-allow-credentials': 'true',
        'access-control-allow-methods': 'POST',
        'access-control-allow-headers': 'accept, content-type',
      });
      res.end();
      return;
    }
    const files: ReceivedFile[] = [];
    const parser = busboy({ headers: req.headers });
    parser.on('file', (field, stream, info) => {
      const file: ReceivedFile = { field, name: info.filename ?? '', type: info.mimeType, size: 0 };
      files.push(file);
      stream.on('data', (chunk: Buffer) => (file.size += chunk.length));
    });
    parser.on('close', async () => {
      const upload: ReceivedUpload = { path: url.pathname, query: url.searchParams, files };
      uploads.push(upload);
      const handler = handlers.get(`${req.method} ${url.pathname}`);
      send(handler ? await handler(upload) : { status: 404, body: { error: 'Not Found', code: 'not_found', message: 'No route' } });
    });
    parser.on('error', () => send({ status: 400, body: { error: 'Bad Request', code: 'validation_failed', message: 'Not multipart' } }));
    req.pipe(parser);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = document.createElement('base');
  base.href = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  document.head.append(base);
  return {
    uploads,
    on: (route, handler) => void handlers.set(route, handler),
    close: () =>
      new Promise<void>((resolve) => {
        base.remove();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
