import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSpa } from './spa';

@Module({})
class EmptyModule {}

const INDEX = '<!doctype html><title>app</title><div id="root"></div>';
/** A built chunk: text, large enough to be worth compressing. */
const CHUNK = `export const copy = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `line ${i} of the screen's words`))};`;

describe('serveSpa', () => {
  let app: INestApplication;
  let dist: string;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
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

  it.each(['/', '/marketplace', '/seller/42', '/chat/abc', '/rooms', '/private-chats?x=1'])('answers the app route %s with the page and 200', async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(INDEX);
  });

  it.each(['/nope', '/marketplace/extra/parts', '/seller'])('answers the unknown page %s with the page and 404', async (path) => {
    const response = await fetch(base + path);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/text\/html/);
    expect(await response.text()).toBe(INDEX);
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
});
