import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export interface PreviewSite {
  origin: string;
  close(): Promise<void>;
}

/** "harbour-festival-k3x" -> "Harbour festival k3x" */
function titleOf(slug: string): string {
  const words = slug.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A small news site on loopback that link previews may fetch (the stack's test-only allow-list
 * names its origin): /story/<slug> is a page with Open Graph tags titled after the slug, and
 * /picture/<slug>.png its picture. Each test links its own slug, so no cached preview is shared.
 */
export async function startPreviewSite(): Promise<PreviewSite> {
  const picture = await sharp({ create: { width: 1200, height: 630, channels: 3, background: { r: 14, g: 116, b: 144 } } }).png().toBuffer();
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://site').pathname;
    const story = /^\/story\/([a-z0-9-]+)$/.exec(path);
    if (story) {
      const title = titleOf(story[1]);
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><head>
        <title>${title} | Harbour Times</title>
        <meta property="og:title" content="${title}">
        <meta property="og:description" content="Everything about ${title.toLowerCase()}, told by the people who were there, with photographs from the quay and a long description that a card cuts after two lines.">
        <meta property="og:site_name" content="Harbour Times">
        <meta property="og:image" content="/picture/${story[1]}.png">
      </head><body><h1>${title}</h1></body></html>`);
      return;
    }
    if (/^\/picture\/[a-z0-9-]+\.png$/.test(path)) {
      res.writeHead(200, { 'content-type': 'image/png' }).end(picture);
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
