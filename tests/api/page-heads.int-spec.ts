import 'reflect-metadata';
import { OG_IMAGE_PATH, PAGE_HEAD_WORDS, pageTitle } from '@app/contracts';
import { eventually, uniqueName, sellerApplication } from '@app/testing';
import { JSDOM } from 'jsdom';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signedUpMember, type AuthStack } from './auth-stack';
import { startProductStack } from './support/product-stack';
import { enterRoom } from './support/room-socket';

jest.setTimeout(60_000);

/** The page as the web build makes it: its own title and description, a script, an empty root (the landing page's holds its HTML). */
const built = (root: string, language = 'en') => `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <title>ChatMarket - as built</title>
    <meta name="description" content="as built" />
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body>
    <div id="root">${root}</div>
  </body>
</html>`;

let stack: AuthStack;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'page-heads-'));
  writeFileSync(join(dist, 'index.html'), built('<h1>Landing</h1>'));
  writeFileSync(join(dist, 'index.hi.html'), built('<h1>लैंडिंग</h1>', 'hi'));
  writeFileSync(join(dist, 'shell.html'), built(''));
  stack = await startProductStack({ WEB_DIST: dist });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  rmSync(dist, { recursive: true, force: true });
});

/** The HTML as a link preview fetches it: no JavaScript runs. */
async function head(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${stack.baseUrl}${path}`, { headers });
  const html = await response.text();
  const { document } = new JSDOM(html).window;
  const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content');
  return {
    response,
    html,
    document,
    titles: [...document.querySelectorAll('title')].map((t) => t.textContent),
    description: meta('meta[name="description"]'),
    canonical: document.head.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    alternates: Object.fromEntries([...document.head.querySelectorAll('link[rel="alternate"][hreflang]')].map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])),
    language: document.documentElement.lang,
    og: (name: string) => meta(`meta[property="og:${name}"]`),
    twitter: (name: string) => meta(`meta[name="twitter:${name}"]`),
    structured: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '')),
  };
}

function expectOwnHead(page: Awaited<ReturnType<typeof head>>, { title, description, path, image = OG_IMAGE_PATH }: { title: string; description: string; path: string; image?: string }) {
  expect(page.response.status).toBe(200);
  expect(page.titles).toEqual([title]);
  expect(page.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
  expect(page.description).toBe(description);
  expect(page.canonical).toBe(`${stack.origin}${path}`);
  expect([page.og('title'), page.og('description'), page.og('url'), page.og('image'), page.og('site_name')]).toEqual([
    title,
    description,
    `${stack.origin}${path}`,
    new URL(image, stack.origin).toString(),
    'ChatMarket',
  ]);
  expect([page.twitter('card'), page.twitter('title'), page.twitter('description'), page.twitter('image')]).toEqual([
    'summary_large_image',
    title,
    description,
    new URL(image, stack.origin).toString(),
  ]);
  // The build's script is still there, and nothing is styled inline (the CSP allows no inline styles).
  expect(page.document.querySelector('script[src="/assets/index-abc.js"]')).not.toBeNull();
  expect(page.html).not.toMatch(/\sstyle=/);
}

it('gives the landing page its title, description, share tags and the organisation and site search as structured data', async () => {
  const page = await head('/');
  expectOwnHead(page, { title: pageTitle(), description: PAGE_HEAD_WORDS.en.description, path: '/' });
  expect(page.document.querySelector('#root h1')?.textContent).toBe('Landing');
  expect(page.structured).toEqual([
    { '@context': 'https://schema.org', '@type': 'Organization', name: 'ChatMarket', url: `${stack.origin}/`, logo: `${stack.origin}/icons/icon-512.png` },
    expect.objectContaining({ '@type': 'WebSite', url: `${stack.origin}/`, potentialAction: expect.objectContaining({ '@type': 'SearchAction' }) }),
  ]);
  // Structured data is data, not script: the CSP as served allows our own scripts only, and still holds.
  const csp = page.response.headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(page.document.querySelectorAll('script:not([src]):not([type="application/ld+json"])')).toHaveLength(0);
});

it.each([
  ['/marketplace', PAGE_HEAD_WORDS.en.marketplace],
  ['/public-rooms', PAGE_HEAD_WORDS.en.publicRooms],
])('gives %s its own title and description', async (path, expected) => {
  const page = await head(`${path}?q=anything`);
  expectOwnHead(page, { title: pageTitle(expected.title), description: expected.description, path });
  expect(page.structured).toEqual([]);
});

it("gives a seller's page their name, headline, picture and rating, every word escaped", async () => {
  const moderator = await signedUpMember(stack, 'moderator', uniqueName('mod'));
  const owner = await signedUpMember(stack, 'user', uniqueName('coach'));
  const bio = 'Career coach "for real" & honest </script><script>alert(1)</script> <b>bold</b> claims too';
  const applied = await owner.post('/api/sellers/register', sellerApplication({ displayName: 'Maya O\'Brien & Co', bio }));
  expect(applied.status).toBe(201);
  const sellerId = applied.body.id as number;
  // Not verified yet: the page is the site's, not the applicant's.
  expect((await head(`/seller/${sellerId}`)).titles).toEqual(['ChatMarket - as built']);
  expect((await moderator.post(`/api/sellers/${sellerId}/verify`, {})).status).toBe(200);
  await eventually(async () => expect((await owner.get('/api/users/me')).body.role).toBe('seller'));
  const picture = '/media/avatar/0b6f1c1e-2f55-4c6e-9d43-5d1b2a7c9e10.webp';
  expect((await owner.request('PATCH', '/api/sellers/profile/me', { avatar: picture })).status).toBe(200);

  // A buyer who talked with her rates her.
  const buyer = await signedUpMember(stack, 'vip', uniqueName('buyer'));
  const chat = await buyer.post('/api/rooms/private', { sellerId });
  expect(chat.status).toBe(201);
  for (const [who, text] of [[buyer, 'Hello Maya'], [owner, 'Hello, how can I help?']] as const) {
    expect((await who.post(`/api/rooms/${chat.body.id}/messages`, { content: text })).status).toBe(201);
  }
  await eventually(async () => expect((await buyer.post(`/api/sellers/${sellerId}/reviews`, { rating: 4, comment: 'Clear advice' })).status).toBe(200));

  const path = `/seller/${sellerId}`;
  const page = await head(path);
  expectOwnHead(page, { title: pageTitle("Maya O'Brien & Co"), description: bio, path, image: picture });
  expect(page.og('type')).toBe('profile');
  // Escaped, the words never became markup: one script of ours, no alert, no bold.
  expect(page.html).not.toContain('<script>alert(1)</script>');
  expect(page.document.querySelectorAll('b')).toHaveLength(0);
  expect(page.structured).toEqual([
    {
      '@context': 'https://schema.org',
      '@type': 'Person',
      name: "Maya O'Brien & Co",
      description: bio,
      url: `${stack.origin}${path}`,
      image: `${stack.origin}${picture}`,
      jobTitle: 'Career Guidance',
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, bestRating: 5, worstRating: 1, ratingCount: 1 },
    },
  ]);
});

it('gives a public room its name and description, and a private chat or an unknown seller nothing of theirs', async () => {
  const vip = await signedUpMember(stack, 'vip', uniqueName('host'));
  const room = await vip.post('/api/rooms', { name: uniqueName('Night Owls'), category: 'general', description: 'Late talk for <early> birds & owls' });
  expect(room.status).toBe(201);
  expectOwnHead(await head(`/chat/${room.body.id}`), { title: pageTitle(room.body.name), description: 'Late talk for <early> birds & owls', path: `/chat/${room.body.id}` });

  const other = await signedUpMember(stack, 'user', uniqueName('other'));
  await enterRoom(stack, other, room.body.id);
  const chat = await vip.post('/api/rooms/private', { userId: other.id, originRoomId: room.body.id });
  expect(chat.status).toBe(201);
  for (const path of [`/chat/${chat.body.id}`, '/chat/999999', '/seller/999999']) {
    const page = await head(path);
    expect(page.titles).toEqual(['ChatMarket - as built']);
    expect(page.canonical).toBeUndefined();
  }
});

describe('each language its own version of a page', () => {
  it('serves the landing page as the build rendered it in Hindi to a Hindi browser, its head in Hindi, with every version named', async () => {
    const page = await head('/', { 'accept-language': 'hi-IN,hi;q=0.9' });
    expect(page.language).toBe('hi');
    expect(page.document.querySelector('#root h1')?.textContent).toBe('लैंडिंग');
    expect(page.titles).toEqual([PAGE_HEAD_WORDS.hi.siteTitle]);
    expect(page.description).toBe(PAGE_HEAD_WORDS.hi.description);
    expect([page.og('locale'), page.og('locale:alternate')]).toEqual(['hi_IN', 'en_US']);
    // Chosen by the browser, the page's address is the one without a language.
    expect(page.canonical).toBe(`${stack.origin}/`);
    expect(page.alternates).toEqual({ en: `${stack.origin}/?lang=en`, hi: `${stack.origin}/?lang=hi`, 'x-default': `${stack.origin}/` });
  });

  it('serves a language its address asks for, whatever the cookie and the browser say, and keeps asking in its canonical address', async () => {
    const page = await head('/marketplace?lang=hi', { 'accept-language': 'en-US', cookie: 'lang=en' });
    expect(page.language).toBe('hi');
    expect(page.titles).toEqual([pageTitle(PAGE_HEAD_WORDS.hi.marketplace.title)]);
    expect(page.description).toBe(PAGE_HEAD_WORDS.hi.marketplace.description);
    expect(page.canonical).toBe(`${stack.origin}/marketplace?lang=hi`);
    expect(page.og('url')).toBe(`${stack.origin}/marketplace?lang=hi`);
    expect(page.alternates).toEqual({ en: `${stack.origin}/marketplace?lang=en`, hi: `${stack.origin}/marketplace?lang=hi`, 'x-default': `${stack.origin}/marketplace` });

    const english = await head('/?lang=en', { 'accept-language': 'hi' });
    expect([english.language, english.og('locale'), english.document.querySelector('#root h1')?.textContent]).toEqual(['en', 'en_US', 'Landing']);
  });

  it('ignores a language it does not speak, in the address or the cookie', async () => {
    const page = await head('/?lang=xx', { cookie: 'lang=<script>' });
    expect([page.language, page.titles[0]]).toEqual(['en', pageTitle()]);
    expect(page.html).not.toContain('xx');
  });
});
