import { lookup as dnsLookup } from 'node:dns';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { pipeline, type Readable, type Transform } from 'node:stream';
import { isPublicAddress, PrivateAddressError, publicOnly } from './public-address';

/** Why a fetch was refused: each rule of fetching on someone's say-so has its own reason. */
export type FetchRefusal = 'url' | 'address' | 'redirects' | 'status' | 'type' | 'size' | 'time';

export class FetchRefusedError extends Error {
  constructor(
    readonly reason: FetchRefusal,
    message: string,
  ) {
    super(message);
  }
}

export interface PublicFetchOptions {
  /** The whole fetch, every redirect and the body, in ms. */
  timeoutMs: number;
  maxRedirects: number;
  maxBytes: number;
  /** Beyond maxBytes: refuse the resource (a picture), or keep what arrived (a page, whose head comes first). */
  overflow: 'refuse' | 'truncate';
  /** The Accept header sent. */
  accept: string;
  /** Whether the response's media type (lower case, without parameters) is one to read. */
  accepts(mediaType: string): boolean;
  /** Stops reading once the newest bytes (with the last few before them) show the rest is not needed: a page's head has ended. */
  enough?(latest: Buffer): boolean;
  /**
   * Origins (http://127.0.0.1:4010) that may be on a private or loopback address: a test's
   * local site. Everything else must resolve to public addresses only.
   */
  privateOrigins?: ReadonlySet<string>;
  /** The name resolver asked before each connection (the system's by default); its every answer is checked. */
  resolve?: LookupFunction;
}

export interface FetchedResource {
  /** Where it was found in the end, after redirects. */
  url: string;
  /** The media type, lower case, without parameters. */
  mediaType: string;
  /** The Content-Type header as sent (its charset, if any). */
  contentType: string;
  body: Buffer;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Mozilla/5.0 (compatible; ChatMarketLinkPreview/1.0)';

/** Origins as PUBLIC_FETCH_ORIGINS_PATTERN accepts them, comma separated, into a set of URL origins. */
export function parseOrigins(list: string): Set<string> {
  return new Set(
    list
      .split(',')
      .filter(Boolean)
      .map((origin) => new URL(origin).origin),
  );
}

/** A comma-separated list of http or https origins (scheme, host and port, no path), or nothing. */
export const ORIGIN_LIST_PATTERN = /^(https?:\/\/[^\s,/]+(,https?:\/\/[^\s,/]+)*)?$/;

/**
 * GETs a resource from the public internet on someone's say-so: http or https on any port, but
 * never an address that is not public (loopback, private, link-local, unique-local, multicast,
 * v4-mapped forms of these), checked at every connection, redirects included; with a deadline
 * for the whole, a limit of redirects and of bytes (counted after decompression), and only the
 * media types asked for. Refusals throw FetchRefusedError.
 */
export async function fetchPublic(target: string, options: PublicFetchOptions): Promise<FetchedResource> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  try {
    let url = parseTarget(target);
    for (let redirects = 0; ; redirects++) {
      const response = await get(url, options, deadline.signal);
      const status = response.statusCode ?? 0;
      if (REDIRECTS.has(status) && response.headers.location) {
        response.destroy();
        if (redirects >= options.maxRedirects) throw new FetchRefusedError('redirects', `More than ${options.maxRedirects} redirects`);
        url = parseTarget(response.headers.location, url);
        continue;
      }
      if (status !== 200) {
        response.destroy();
        throw new FetchRefusedError('status', `The server answered ${status}`);
      }
      const contentType = response.headers['content-type'] ?? '';
      const mediaType = contentType.split(';')[0].trim().toLowerCase();
      if (!options.accepts(mediaType)) {
        response.destroy();
        throw new FetchRefusedError('type', `Not a type asked for: ${mediaType || 'none'}`);
      }
      const declared = Number(response.headers['content-length']);
      if (options.overflow === 'refuse' && declared > options.maxBytes) {
        response.destroy();
        throw new FetchRefusedError('size', `Larger than ${options.maxBytes} bytes`);
      }
      const body = await readBody(response, options);
      return { url: url.href, mediaType, contentType, body };
    }
  } catch (error) {
    if (deadline.signal.aborted) throw new FetchRefusedError('time', `Took longer than ${options.timeoutMs} ms`);
    if (error instanceof PrivateAddressError) throw new FetchRefusedError('address', error.message);
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/** An http(s) URL without credentials, relative to `base` when given. */
function parseTarget(location: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(location, base);
  } catch {
    throw new FetchRefusedError('url', 'Not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchRefusedError('url', `Not http or https: ${url.protocol}`);
  if (url.username || url.password) throw new FetchRefusedError('url', 'A URL with credentials');
  url.hash = '';
  return url;
}

/** One hop: the address checked at the connection (a literal one here, as sockets look literal addresses up nowhere). */
function get(url: URL, options: PublicFetchOptions, signal: AbortSignal): Promise<IncomingMessage> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const resolve = options.resolve ?? (dnsLookup as LookupFunction);
  const trusted = options.privateOrigins?.has(url.origin) ?? false;
  if (!trusted && isIP(host) && !isPublicAddress(host)) return Promise.reject(new PrivateAddressError(host));
  const send: typeof httpRequest = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolveResponse, reject) => {
    const req = send(url, {
      method: 'GET',
      signal,
      // A fresh connection per hop: each is looked up, and checked, again.
      agent: false,
      lookup: trusted ? resolve : publicOnly(resolve),
      headers: { accept: options.accept, 'accept-encoding': 'gzip, deflate, br', 'user-agent': USER_AGENT },
    });
    req.once('response', resolveResponse);
    req.once('error', reject);
    req.end();
  });
}

/** The body, decompressed, up to maxBytes (refused or cut beyond), or until `enough`. */
async function readBody(response: IncomingMessage, options: PublicFetchOptions): Promise<Buffer> {
  const stream = decoded(response);
  const chunks: Buffer[] = [];
  let size = 0;
  // A marker split between two chunks is still seen: each look includes the end of the chunk before.
  let tail = Buffer.alloc(0);
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size > options.maxBytes) {
        if (options.overflow === 'refuse') throw new FetchRefusedError('size', `Larger than ${options.maxBytes} bytes`);
        return Buffer.concat(chunks).subarray(0, options.maxBytes);
      }
      const latest = Buffer.concat([tail, chunk]);
      if (options.enough?.(latest)) break;
      tail = latest.subarray(Math.max(0, latest.length - 32));
    }
    return Buffer.concat(chunks);
  } finally {
    // Whatever was not read stays unread: the connection goes.
    response.destroy();
    if (stream !== response) stream.destroy();
  }
}

function decoded(response: IncomingMessage): Readable {
  const decoder = decoderFor((response.headers['content-encoding'] ?? '').trim().toLowerCase());
  if (!decoder) return response;
  // An error on either side (the deadline, a broken stream) destroys both, so the reader sees it.
  pipeline(response, decoder, () => undefined);
  return decoder;
}

function decoderFor(encoding: string): Transform | null {
  if (encoding === 'gzip' || encoding === 'x-gzip') return createGunzip();
  if (encoding === 'deflate') return createInflate();
  if (encoding === 'br') return createBrotliDecompress();
  return null;
}
