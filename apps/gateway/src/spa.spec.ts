import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSpa } from './spa';

@Module({})
class EmptyModule {}

/** The landing page as the build rendered it, and the same page with its root empty. */
const INDEX = '<!doctype html><title>app</title><div id="root"><h1>Landing</h1></div>';
const SHELL = '<!doctype html><title>app</title><div id="root"></div>';
/** A built chunk: text, large enough to be worth compressing. */
const CHUNK = `export const copy = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i} of the screen's words`))};`;

describe('serveSpa', () => {
  let app: INestApplication;
  let dist: string;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    writeFileSync(join(dist, 'shell.html'), SHELL);
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets/index-abc123.js'), CHUNK);
    app = await NestFactory.create(EmptyModule, { logger: false });
    app.setGlobalPrefix('api');
    serveSpa(app, dist);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers the landing page with the page holding its prerendered HTML', async () => {
    const response = await fetch(base + '/');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toBe(INDEX);
  });

  it.each(['/marketplace', '/seller/42', '/chat/abc', '/rooms', '/private-chats?x=1', '/?x=1#top'])('answers the app route %s with the page and 200, without the landing page in it unless it is the landing page', async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(path.startsWith('/?') ? INDEX : SHELL);
  });

  it.each(['/nope', '/marketplace/extra/parts', '/seller'])('answers the unknown page %s with the page and 404', async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toBe(SHELL);
  });

  it('sends the built code gzip-compressed to a browser that accepts it, and as it is to one that does not', async () => {
    const gzipped = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.status).toBe(200);
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gzipped.headers.get('cache-control')).toMatch(/immutable/);
    expect(await gzipped.text()).toBe(CHUNK);

    const plain = await fetch(`${base}/assets/index-abc123.js`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toBe(CHUNK);
  });

  it('leaves unknown API paths to the API, which answers JSON 404', async () => {
    const response = await fetch(`${base}/api/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('serves index.html for every page when the build has no shell page', async () => {
    const bare = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(bare, 'index.html'), SHELL);
    const other = await NestFactory.create(EmptyModule, { logger: false });
    serveSpa(other, bare);
    await other.listen(0, '127.0.0.1');
    try {
      for (const path of ['/', '/marketplace']) expect(await (await fetch((await other.getUrl()) + path)).text()).toBe(SHELL);
    } finally {
      await other.close();
      rmSync(bare, { recursive: true, force: true });
    }
  });
});

describe('serveSpa: the language a page is served in', () => {
  const page = (root: string) => `<!doctype html><html lang="en"><head><title>app</title></head><body><div id="root">${root}</div></body></html>`;
  let app: INestApplication;
  let dist: string;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dist, 'index.html'), page('<h1>Landing</h1>'));
    writeFileSync(join(dist, 'shell.html'), page(''));
    app = await NestFactory.create(EmptyModule, { logger: false });
    serveSpa(app, dist);
    await app.listen(0, '127.0.0.1');
    base = await app.getUrl();
  });

  afterAll(async () => {
    await app.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const served = async (path: string, headers: Record<string, string>) => {
    const response = await fetch(base + path, { headers });
    return { response, html: await response.text() };
  };

  it('is the best the browser asks for that the product speaks, else English', async () => {
    expect((await served('/marketplace', { 'accept-language': 'hi-IN,hi;q=0.9,en;q=0.8' })).html).toBe(page('').replace('lang="en"', 'lang="hi"'));
    expect((await served('/marketplace', { 'accept-language': 'fr-FR,en;q=0.5' })).html).toBe(page(''));
    expect((await served('/marketplace', { 'accept-language': 'fr-FR' })).html).toBe(page(''));
    const { response } = await served('/marketplace', { 'accept-language': 'hi' });
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('vary')).toMatch(/Accept-Language/);
  });

  it('is the one chosen in this browser (the cookie) over what it asks for; a language it does not speak is not chosen', async () => {
    expect((await served('/public-rooms', { 'accept-language': 'hi-IN', cookie: 'lang=en' })).html).toBe(page(''));
    expect((await served('/public-rooms', { 'accept-language': 'en-US', cookie: 'sid=abc; lang=hi' })).html).toBe(page('').replace('lang="en"', 'lang="hi"'));
    expect((await served('/public-rooms', { 'accept-language': 'en-US', cookie: 'lang=xx' })).html).toBe(page(''));
  });

  it('draws the landing page in the app rather than the English one the build rendered, in any other language', async () => {
    expect((await served('/', { 'accept-language': 'en-GB' })).html).toBe(page('<h1>Landing</h1>'));
    expect((await served('/', { 'accept-language': 'hi-IN' })).html).toBe(page('').replace('lang="en"', 'lang="hi"'));
    expect((await served('/', { cookie: 'lang=hi' })).html).toBe(page('').replace('lang="en"', 'lang="hi"'));
  });
});
