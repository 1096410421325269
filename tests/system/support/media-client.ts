import { request, type IncomingHttpHeaders } from 'node:http';
import type { Session } from './accounts';

/**
 * Uploads and reads over plain node:http, so a test chooses the client's address (anything in
 * 127.0.0.0/8 reaches a gateway on loopback) and how fast the body goes out.
 */
export interface HttpAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are loose JSON read as a browser would
  body: any;
  /** From the first byte sent to the whole answer read. */
  ms: number;
}

export interface ClientOptions {
  /** The address the request comes from; 127.0.0.1 unless told. */
  from?: string;
}

function multipart(name: string, type: string, data: Buffer) {
  const boundary = `----system${Math.random().toString(36).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, data, tail };
}

function send(
  baseUrl: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  options: ClientOptions,
  write: (req: ReturnType<typeof request>) => void,
): { answer: Promise<HttpAnswer>; abort(): void } {
  const started = Date.now();
  const url = new URL(path, baseUrl);
  // A fresh connection per request: no pooling in the client hides or adds waiting.
  const req = request(url, { method, headers, localAddress: options.from ?? '127.0.0.1', agent: false });
  const answer = new Promise<HttpAnswer>((resolve, reject) => {
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : null;
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, ms: Date.now() - started });
        req.destroy();
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  write(req);
  return { answer, abort: () => req.destroy() };
}

/** Uploads a file at full speed through POST /api/upload, or the upload call `path` names. */
export function upload(
  baseUrl: string,
  session: Session,
  file: { name: string; type: string; data: Buffer },
  options: ClientOptions & { path?: string } = {},
) {
  const body = multipart(file.name, file.type, file.data);
  const all = Buffer.concat([body.head, body.data, body.tail]);
  return send(
    baseUrl,
    'POST',
    options.path ?? '/api/upload',
    { origin: baseUrl, cookie: session.cookie, 'content-type': body.contentType, 'content-length': String(all.length) },
    options,
    (req) => req.end(all),
  ).answer;
}

/** GET as a browser reads an image or a video. */
export function read(baseUrl: string, path: string, options: ClientOptions = {}) {
  return send(baseUrl, 'GET', path, {}, options, (req) => req.end()).answer;
}

export interface SlowUpload {
  /** The gateway's answer, whenever it comes. */
  answer: Promise<HttpAnswer>;
  answered: boolean;
  /** Stops sending and drops the connection (cleanup). */
  abort(): void;
}

/**
 * An upload whose body trickles: the form's head at once, then one byte every `byteEveryMs` of a
 * declared 10 kB file, until the server answers.
 */
export function slowUpload(baseUrl: string, session: Session, options: ClientOptions & { byteEveryMs: number }): SlowUpload {
  const body = multipart('slow.png', 'image/png', Buffer.alloc(10_000, 1));
  const length = body.head.length + body.data.length + body.tail.length;
  let timer: NodeJS.Timeout | undefined;
  const sent = send(
    baseUrl,
    'POST',
    '/api/upload',
    { origin: baseUrl, cookie: session.cookie, 'content-type': body.contentType, 'content-length': String(length) },
    options,
    (req) => {
      req.on('error', () => undefined);
      req.write(body.head);
      let at = 0;
      timer = setInterval(() => {
        if (at < body.data.length && !req.destroyed) req.write(body.data.subarray(at, ++at));
      }, options.byteEveryMs);
    },
  );
  const slow: SlowUpload = {
    answered: false,
    answer: sent.answer.finally(() => {
      slow.answered = true;
      clearInterval(timer);
    }),
    abort: () => {
      clearInterval(timer);
      sent.abort();
    },
  };
  return slow;
}
