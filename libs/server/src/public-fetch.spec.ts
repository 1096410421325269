import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { LookupAddress } from 'node:dns';
import type { AddressInfo, LookupFunction } from 'node:net';
import { gzipSync } from 'node:zlib';
import { fetchPublic, FetchRefusedError, parseOrigins, type PublicFetchOptions } from './public-fetch';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on loopback: the routes a test gives it, and every request it was asked. */
async function site(routes: Record<string, Handler>): Promise<{ origin: string; port: number; asked: string[]; close(): Promise<void> }> {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    if (route) route(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    asked,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const html = (body: string): Handler => (_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
const redirect = (to: string): Handler => (_req, res) => res.writeHead(302, { location: to }).end();

/** A resolver playing DNS: each call takes the next answer (the last one repeats), and they are counted. */
function dns(...answers: LookupAddress[][]): LookupFunction & { calls: number } {
  const resolve = ((hostname: string, options: { all?: boolean }, callback: (error: Error | null, address: unknown, family?: number) => void) => {
    const answer = answers[Math.min(resolve.calls, answers.length - 1)];
    resolve.calls++;
    if (options.all) callback(null, answer);
    else callback(null, answer[0].address, answer[0].family);
  }) as unknown as LookupFunction & { calls: number };
  resolve.calls = 0;
  return resolve;
}
const v4 = (address: string): LookupAddress => ({ address, family: 4 });
const v6 = (address: string): LookupAddress => ({ address, family: 6 });

function options(overrides: Partial<PublicFetchOptions> = {}): PublicFetchOptions {
  return {
    timeoutMs: 2000,
    maxRedirects: 3,
    maxBytes: 64 * 1024,
    overflow: 'refuse',
    accept: 'text/html',
    accepts: (type) => type === 'text/html',
    ...overrides,
  };
}

async function refusal(promise: Promise<unknown>): Promise<FetchRefusedError> {
  const error = await promise.then(
    () => new Error('fetched, but should have been refused'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(FetchRefusedError);
  return error as FetchRefusedError;
}

describe('fetchPublic', () => {
  let local: Awaited<ReturnType<typeof site>>;
  /** The local site stands in for the internet: its origin is allowed although it is on loopback. */
  let allowed: PublicFetchOptions;

  beforeEach(async () => {
    local = await site({
      '/page': html('<html><head><title>Hello</title></head><body>hi</body></html>'),
      '/to-private': redirect('http://127.0.0.2:1/secret'),
      '/json': (_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'),
      '/missing': (_req, res) => res.writeHead(404, { 'content-type': 'text/html' }).end('no'),
      '/to-file': redirect('file:///etc/passwd'),
    });
    allowed = options({ privateOrigins: parseOrigins(local.origin) });
  });
  afterEach(() => local.close());

  it('fetches a page from an allowed origin, with the type and where it ended', async () => {
    const page = await fetchPublic(`${local.origin}/page#part`, allowed);
    expect(page.body.toString()).toContain('<title>Hello</title>');
    expect(page.mediaType).toBe('text/html');
    expect(page.contentType).toBe('text/html; charset=utf-8');
    expect(page.url).toBe(`${local.origin}/page`);
  });

  describe('addresses that are not public', () => {
    it.each(['127.0.0.1', '10.0.0.1', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '[::1]', '[fc00::1]', '[fe80::1]', '[::ffff:127.0.0.1]', '[::ffff:a00:1]'])(
      'refuses the literal address %s before connecting',
      async (host) => {
        const error = await refusal(fetchPublic(`http://${host}:${local.port}/page`, options()));
        expect(error.reason).toBe('address');
        expect(local.asked).toEqual([]);
      },
    );

    it('refuses numeric spellings of loopback (decimal, hex) as the URL parser reads them', async () => {
      for (const host of ['2130706433', '0x7f.1', '127.1']) {
        expect((await refusal(fetchPublic(`http://${host}:${local.port}/page`, options()))).reason).toBe('address');
      }
      expect(local.asked).toEqual([]);
    });

    it.each([
      ['loopback', [v4('127.0.0.1')]],
      ['a private range', [v4('10.1.2.3')]],
      ['link-local (cloud metadata)', [v4('169.254.169.254')]],
      ['IPv6 loopback', [v6('::1')]],
      ['IPv6 unique-local', [v6('fd12:3456::1')]],
      ['v4-mapped IPv6 loopback', [v6('::ffff:127.0.0.1')]],
    ])('refuses a name that resolves to %s, at the connection', async (_what, answer) => {
      const resolve = dns(answer);
      const error = await refusal(fetchPublic(`http://shop.test:${local.port}/page`, options({ resolve })));
      expect(error.reason).toBe('address');
      expect(resolve.calls).toBe(1);
      expect(local.asked).toEqual([]);
    });

    it('refuses a name whose answer holds a private address after a public one (a socket trying each in turn would reach it)', async () => {
      const resolve = dns([v4('93.184.216.34'), v4('127.0.0.1')]);
      expect((await refusal(fetchPublic(`http://shop.test:${local.port}/page`, options({ resolve })))).reason).toBe('address');
      expect(local.asked).toEqual([]);
    });

    it('connects to the very address it checked: DNS that changes between a check and the connection changes nothing', async () => {
      // The name answers public once, then loopback, where the local site listens: a fetch that
      // checked the name and then looked it up again to connect would reach the local site.
      const resolve = dns([v6('2606:4700:4700::1111')], [v4('127.0.0.1')]);
      await fetchPublic(`http://rebind.test:${local.port}/page`, options({ resolve, timeoutMs: 1000 })).catch(() => undefined);
      expect(resolve.calls).toBe(1);
      expect(local.asked).toEqual([]);
      // The next connection asks again, and the name, now rebound to loopback, is refused before any byte is sent.
      expect((await refusal(fetchPublic(`http://rebind.test:${local.port}/page`, options({ resolve })))).reason).toBe('address');
      expect(resolve.calls).toBe(2);
      expect(local.asked).toEqual([]);
    });

    it('checks every redirect: an allowed page sending to a private address is refused there', async () => {
      const error = await refusal(fetchPublic(`${local.origin}/to-private`, allowed));
      expect(error.reason).toBe('address');
      expect(local.asked).toEqual(['/to-private']);
    });

    it('checks every redirect by name too: a hop whose name resolves privately is refused', async () => {
      const inner = await site({ '/inner': html('<title>secret</title>') });
      try {
        const start = await site({ '/start': redirect(`http://internal.test:${inner.port}/inner`) });
        try {
          const resolve = dns([v4('127.0.0.1')]);
          const error = await refusal(fetchPublic(`${start.origin}/start`, { ...options({ resolve }), privateOrigins: parseOrigins(start.origin) }));
          expect(error.reason).toBe('address');
          expect(start.asked).toEqual(['/start']);
          expect(inner.asked).toEqual([]);
        } finally {
          await start.close();
        }
      } finally {
        await inner.close();
      }
    });
  });

  describe('limits', () => {
    it('follows up to the redirect limit and refuses one more', async () => {
      const chain = await site({
        '/1': redirect('/2'),
        '/2': redirect('/3'),
        '/3': redirect('/4'),
        '/4': html('<title>end</title>'),
      });
      try {
        const trusted = { privateOrigins: parseOrigins(chain.origin) };
        expect((await fetchPublic(`${chain.origin}/1`, options({ ...trusted, maxRedirects: 3 }))).url).toBe(`${chain.origin}/4`);
        expect((await refusal(fetchPublic(`${chain.origin}/1`, options({ ...trusted, maxRedirects: 2 })))).reason).toBe('redirects');
      } finally {
        await chain.close();
      }
    });

    it('gives up when the whole takes longer than its time', async () => {
      const slow = await site({ '/slow': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).write('<html><head>') });
      try {
        const started = Date.now();
        const error = await refusal(fetchPublic(`${slow.origin}/slow`, options({ privateOrigins: parseOrigins(slow.origin), timeoutMs: 300 })));
        expect(error.reason).toBe('time');
        expect(Date.now() - started).toBeLessThan(2000);
      } finally {
        await slow.close();
      }
    });

    it('refuses a body over the limit, declared or streamed, and counts bytes after decompression', async () => {
      const big = Buffer.alloc(8 * 1024, 'a');
      const sizes = await site({
        '/declared': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-length': big.length }).end(big),
        '/streamed': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write(big.subarray(0, 4096));
          res.end(big.subarray(4096));
        },
        '/bomb': (_req, res) => res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(Buffer.alloc(1024 * 1024))),
      });
      try {
        const limited = options({ privateOrigins: parseOrigins(sizes.origin), maxBytes: 4000 });
        for (const path of ['/declared', '/streamed', '/bomb']) expect((await refusal(fetchPublic(`${sizes.origin}${path}`, limited))).reason).toBe('size');
        // A page is cut instead: its head comes first.
        const cut = await fetchPublic(`${sizes.origin}/bomb`, { ...limited, overflow: 'truncate' });
        expect(cut.body.length).toBe(4000);
      } finally {
        await sizes.close();
      }
    });

    it('stops reading once enough has come, without waiting for the rest', async () => {
      const endless = await site({
        '/endless': (_req, res) => {
          res.writeHead(200, { 'content-type': 'text/html' });
          res.write('<html><head><title>Quick</title></he');
          res.write('ad><body>and then nothing more for a long time');
        },
      });
      try {
        const page = await fetchPublic(`${endless.origin}/endless`, {
          ...options({ privateOrigins: parseOrigins(endless.origin), timeoutMs: 1500 }),
          overflow: 'truncate',
          enough: (latest) => latest.toString('latin1').includes('</head>'),
        });
        expect(page.body.toString()).toContain('<title>Quick</title>');
      } finally {
        await endless.close();
      }
    });

    it('refuses a type not asked for and a status other than 200', async () => {
      expect((await refusal(fetchPublic(`${local.origin}/json`, allowed))).reason).toBe('type');
      expect((await refusal(fetchPublic(`${local.origin}/missing`, allowed))).reason).toBe('status');
    });

    it('takes http and https only, without credentials, redirects included', async () => {
      for (const url of ['ftp://example.com/a', 'file:///etc/passwd', 'javascript:alert(1)', 'http://user:secret@example.com/']) {
        expect((await refusal(fetchPublic(url, options()))).reason).toBe('url');
      }
      expect((await refusal(fetchPublic(`${local.origin}/to-file`, allowed))).reason).toBe('url');
    });
  });
});
