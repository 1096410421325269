/* eslint-disable @typescript-eslint/no-explicit-any -- bodies and frames are loose JSON read as a browser would */
import 'reflect-metadata';
import { ChatMessages, LINK_PREVIEW_LIMITS } from '@app/contracts';
import { Metrics } from '@app/server';
import { eventually, uniqueName } from '@app/testing';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import type { ChatStack, TestSocket } from './chat-stack';
import { PreviewImageSweeper } from '@app/media-svc/src/previews/preview-image-sweeper.service';
import { startChatMediaStack, type ChatMediaStack } from './support/chat-media-stack';

jest.setTimeout(60_000);

/** A small web site on loopback: pages with Open Graph tags and their pictures, and every path it was asked for. */
async function startSite(pages: Record<string, { type: string; body: Buffer | string } | { location: string }>) {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? '');
    const page = pages[req.url ?? ''];
    if (!page) return void res.writeHead(404).end();
    if ('location' in page) return void res.writeHead(302, { location: page.location }).end();
    res.writeHead(200, { 'content-type': page.type }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    asked,
    count: (path: string) => asked.filter((p) => p === path).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ogPage = (title: string, extra = '') =>
  `<!doctype html><html><head><title>Plain ${title}</title>
  <meta property="og:title" content="${title}">
  <meta property="og:description" content="All about ${title} &amp; more">
  <meta property="og:site_name" content="Local News">${extra}</head><body><p>${title}</p></body></html>`;

let stack: ChatMediaStack;
let site: Awaited<ReturnType<typeof startSite>>;
/** Another site on loopback that the allow-list does not cover: a private address as far as previews go. */
let privateSite: Awaited<ReturnType<typeof startSite>>;
const html = (body: string) => ({ type: 'text/html; charset=utf-8', body });

beforeAll(async () => {
  const cover = await sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 200, g: 40, b: 40 } } }).png().toBuffer();
  privateSite = await startSite({ '/inside': html(ogPage('Internal dashboard')), '/inside.png': { type: 'image/png', body: cover } });
  site = await startSite({
    '/article': html(ogPage('Harbour festival', '<meta property="og:image" content="/cover.png">')),
    '/cover.png': { type: 'image/png', body: cover },
    '/second': html(ogPage('Second story')),
    '/third': html(ogPage('Third story')),
    '/fake-picture': html(ogPage('Fake picture', '<meta property="og:image" content="/not-a-picture.png">')),
    '/not-a-picture.png': { type: 'image/png', body: '<!doctype html><script>alert(1)</script>' },
    ...Object.fromEntries(['kept', 'deleted', 'edited', 'taken-away'].map((name) => [`/${name}`, html(ogPage(`Story ${name}`, '<meta property="og:image" content="/cover.png">'))])),
    // The allowed site sends onwards to the private one: a page, and a picture.
    '/to-inside': { location: `${privateSite.origin}/inside` },
    '/private-picture': html(ogPage('Private picture', `<meta property="og:image" content="${privateSite.origin}/inside.png">`)),
    '/picture-to-inside': html(ogPage('Picture sent inside', '<meta property="og:image" content="/picture-redirect.png">')),
    '/picture-redirect.png': { location: `${privateSite.origin}/inside.png` },
  });
  stack = await startChatMediaStack({ LINK_PREVIEW_PRIVATE_ORIGINS: site.origin });
}, 60_000);

afterAll(async () => {
  await stack?.stop();
  await site?.close();
  await privateSite?.close();
});

async function publicRoom(): Promise<number> {
  const res = await stack.api('POST', '/api/rooms', stack.signIn('vip'), { name: uniqueName('Previews'), category: 'general', messageCooldown: 0 });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** Two people in a room, each with it open; the first writes (VIP: no send limits in the way). */
async function twoInRoom() {
  const roomId = await publicRoom();
  const writer = stack.signIn('vip');
  const reader = stack.signIn('user');
  const writerPage = await stack.enter(writer, roomId);
  const readerPage = await stack.enter(reader, roomId);
  return { roomId, writer, reader, writerPage, readerPage };
}

async function send(roomId: number, who: ReturnType<ChatStack['signIn']>, content: string) {
  const res = await stack.api('POST', `/api/rooms/${roomId}/messages`, who, { content, type: 'text' });
  expect(res.status).toBe(201);
  return res.body;
}

async function previewFrame(page: TestSocket, messageId: number) {
  return eventually(() => {
    const frame = page.ofType('link_preview').find((f) => f.messageId === messageId);
    expect(frame).toBeDefined();
    return frame as Record<string, any>;
  }, { timeoutMs: 15_000 });
}

async function history(roomId: number, who: ReturnType<ChatStack['signIn']>) {
  const res = await stack.api('GET', `/api/rooms/${roomId}/messages`, who);
  expect(res.status).toBe(200);
  return res.body as Array<Record<string, any>>;
}

const failures = async () => (await Metrics.linkPreviews.get()).values.find((v) => v.labels.outcome === 'failed')?.value ?? 0;

describe('link previews', () => {
  it('answer the send at once; the preview follows to the room, stays in history, its picture served from /media', async () => {
    const { roomId, writer, reader, readerPage, writerPage } = await twoInRoom();
    const sent = await send(roomId, writer, `Look at this: ${site.origin}/article#photos`);
    expect(sent.linkPreview).toBeUndefined();

    const frame = await previewFrame(readerPage, sent.id);
    expect(frame).toEqual({
      type: 'link_preview',
      roomId,
      messageId: sent.id,
      seq: sent.seq,
      senderId: writer.user.id,
      preview: {
        url: `${site.origin}/article`,
        siteName: 'Local News',
        title: 'Harbour festival',
        description: 'All about Harbour festival & more',
        image: expect.stringMatching(/^\/media\/preview\/[0-9a-f-]{36}\.webp$/),
      },
    });
    expect((await previewFrame(writerPage, sent.id)).preview).toEqual(frame.preview);
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview).toEqual(frame.preview);

    // Our own copy, re-encoded and bounded, never the site's address.
    const picture = await fetch(`${stack.baseUrl}${frame.preview.image}`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const stored = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(stored).toMatchObject({ format: 'webp', width: LINK_PREVIEW_LIMITS.imageSide, height: 675 });

    // The same link again: the cached preview, without asking the site a second time.
    const again = await send(roomId, reader, `${site.origin}/article`);
    expect((await previewFrame(writerPage, again.id)).preview).toEqual(frame.preview);
    expect(site.count('/article')).toBe(1);
    expect(site.count('/cover.png')).toBe(1);

    // A deleted message keeps no preview.
    expect((await stack.api('DELETE', `/api/messages/${sent.id}`, writer)).status).toBe(200);
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview).toBeUndefined();
  });

  it('are removed by their sender alone, for good; someone else gets 403, an unknown message 404', async () => {
    const { roomId, writer, reader, readerPage } = await twoInRoom();
    const sent = await send(roomId, writer, `${site.origin}/second`);
    expect((await previewFrame(readerPage, sent.id)).preview.title).toBe('Second story');

    const stranger = await stack.api('DELETE', `/api/messages/${sent.id}/preview`, reader);
    expect(stranger.status).toBe(403);
    expect(stranger.body.message).toBe(ChatMessages.NotYourMessage);
    expect((await stack.api('DELETE', '/api/messages/987654321/preview', writer)).status).toBe(404);
    expect((await stack.api('DELETE', `/api/messages/${sent.id}/preview`)).status).toBe(401);
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview?.title).toBe('Second story');

    const removed = await stack.api('DELETE', `/api/messages/${sent.id}/preview`, writer);
    expect(removed.status).toBe(200);
    await eventually(() => expect(readerPage.ofType('link_preview').filter((f) => f.messageId === sent.id).map((f) => f.preview?.title ?? null)).toEqual(['Second story', null]));
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview).toBeUndefined();

    // An edit to another link brings none back for this message; another message with that link gets its preview.
    expect((await stack.api('PATCH', `/api/messages/${sent.id}`, writer, { content: `now ${site.origin}/third` })).status).toBe(200);
    const other = await send(roomId, writer, `${site.origin}/third`);
    expect((await previewFrame(readerPage, other.id)).preview.title).toBe('Third story');
    expect(readerPage.ofType('link_preview').filter((f) => f.messageId === sent.id)).toHaveLength(2);
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview).toBeUndefined();
  });

  it('follow an edit that changes the link: the old one goes with the edit, the new one follows', async () => {
    const { roomId, writer, readerPage } = await twoInRoom();
    const sent = await send(roomId, writer, `first ${site.origin}/article`);
    expect((await previewFrame(readerPage, sent.id)).preview.title).toBe('Harbour festival');

    const edited = await stack.api('PATCH', `/api/messages/${sent.id}`, writer, { content: `rather ${site.origin}/second` });
    expect(edited.status).toBe(200);
    expect(edited.body.linkPreview).toBeUndefined();
    expect((await readerPage.next('message_edited')).message.linkPreview).toBeUndefined();
    await eventually(() => expect(readerPage.ofType('link_preview').filter((f) => f.messageId === sent.id).map((f) => f.preview.title)).toEqual(['Harbour festival', 'Second story']));

    // Words changed around the same link keep its preview.
    const reworded = await stack.api('PATCH', `/api/messages/${sent.id}`, writer, { content: `or rather ${site.origin}/second` });
    expect(reworded.body.linkPreview?.title).toBe('Second story');
  });

  it('take a picture only when its bytes are one: a page served as image/png gives a preview without it', async () => {
    const { roomId, writer, readerPage } = await twoInRoom();
    const sent = await send(roomId, writer, `${site.origin}/fake-picture`);
    const frame = await previewFrame(readerPage, sent.id);
    expect(frame.preview).toMatchObject({ title: 'Fake picture', image: null });
    expect(site.count('/not-a-picture.png')).toBe(1);
  });

  it.each([
    ['a loopback address the allow-list does not name', () => `${privateSite.origin}/inside`],
    ['a name that resolves to loopback', () => `http://localhost:${new URL(privateSite.origin).port}/inside`],
    ['an allowed page that redirects to a private address', () => `${site.origin}/to-inside`],
  ])('never fetch %s', async (_what, link) => {
    const { roomId, writer, reader, readerPage } = await twoInRoom();
    const before = await failures();
    const sent = await send(roomId, writer, `See ${link()}`);
    await eventually(async () => expect(await failures()).toBeGreaterThan(before), { timeoutMs: 15_000 });
    expect(privateSite.asked).toEqual([]);
    expect(readerPage.ofType('link_preview').filter((f) => f.messageId === sent.id)).toEqual([]);
    expect((await history(roomId, reader)).find((m) => m.id === sent.id)?.linkPreview).toBeUndefined();
  });

  it.each([
    ['on a private address', '/private-picture', 'Private picture'],
    ['behind a redirect to a private address', '/picture-to-inside', 'Picture sent inside'],
  ])('never download a picture %s: the preview comes without it', async (_what, path, title) => {
    const { roomId, writer, readerPage } = await twoInRoom();
    const sent = await send(roomId, writer, `${site.origin}${path}`);
    expect((await previewFrame(readerPage, sent.id)).preview).toMatchObject({ title, image: null });
    expect(privateSite.asked).toEqual([]);
  });

  it('keep their pictures while a message shows them; the others are deleted once no cached preview can hand them out', async () => {
    const { roomId, writer, readerPage } = await twoInRoom();
    const sent = Object.fromEntries(
      await Promise.all(['kept', 'deleted', 'edited', 'taken-away'].map(async (name) => [name, await send(roomId, writer, `${site.origin}/${name}`)] as const)),
    );
    const images: Record<string, string> = {};
    for (const [name, message] of Object.entries(sent)) images[name] = (await previewFrame(readerPage, message.id)).preview.image;
    const served = async (url: string) => (await fetch(`${stack.baseUrl}${url}`)).status;

    // Three stop being shown: a message deleted, one edited to words without a link, one whose sender took its preview away.
    expect((await stack.api('DELETE', `/api/messages/${sent.deleted.id}`, writer)).status).toBe(200);
    expect((await stack.api('PATCH', `/api/messages/${sent.edited.id}`, writer, { content: 'never mind' })).status).toBe(200);
    expect((await stack.api('DELETE', `/api/messages/${sent['taken-away'].id}/preview`, writer)).status).toBe(200);

    const sweeper = stack.media.get(PreviewImageSweeper);
    // Younger than the cache's time, every picture stays: a cached preview may still hand it to a new message.
    expect(await sweeper.sweep(new Date(Date.now() - LINK_PREVIEW_LIMITS.imageKeptSeconds * 1000))).toEqual([]);
    // Once past it, those no message shows go; chat-svc said which.
    const deleted = await sweeper.sweep(new Date(Date.now() + 60_000));
    expect(deleted).toEqual(expect.arrayContaining([images.deleted, images.edited, images['taken-away']]));
    expect(deleted).not.toContain(images.kept);
    expect(await served(images.kept)).toBe(200);
    for (const name of ['deleted', 'edited', 'taken-away']) expect(await served(images[name])).toBe(404);
    // The next sweep finds only what is still shown, and keeps it.
    expect(await sweeper.sweep(new Date(Date.now() + 60_000))).toEqual([]);
    expect(await served(images.kept)).toBe(200);
  });
});
