import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSpa } from './spa';

@Module({})
class EmptyModule {}

const INDEX = '<!doctype html><title>app</title><div id="root"></div>';

describe('serveSpa', () => {
  let app: INestApplication;
  let dist: string;
  let base: string;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'spa-'));
    writeFileSync(join(dist, 'index.html'), INDEX);
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

  it('leaves unknown API paths to the API, which answers JSON 404', async () => {
    const response = await fetch(`${base}/api/nope`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
  });
});
