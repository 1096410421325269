import type { Language } from '@app/contracts/browser';
import { workerText } from './sw-copy';

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The page the worker shows for a page it holds nothing for while the network is away, in one
 * language: the build writes one per language (offline.html, offline.hi.html), the worker picks
 * its person's. No script; its stylesheet is precached beside it (the CSP allows no inline style).
 */
export function offlinePage(language: Language): string {
  const say = (id: Parameters<typeof workerText>[1]) => escape(workerText(language, id));
  return `<!doctype html>
<html lang="${language}">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0, viewport-fit=cover" />
    <meta name="theme-color" content="#7c3aed" />
    <meta name="robots" content="noindex" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <link rel="manifest" href="/manifest.webmanifest" />
    <title>${say('sw.offline.title')}</title>
    <link rel="stylesheet" href="/offline.css" />
  </head>
  <body>
    <main>
      <svg width="64" height="64" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#7c3aed" /><path d="M8 10h16a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-9l-5 4v-4H8a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2z" fill="#fff" /></svg>
      <h1>${say('sw.offline.heading')}</h1>
      <p>${say('sw.offline.body')}</p>
      <div class="actions">
        <!-- A form without an action asks for this very address again. -->
        <form method="get"><button type="submit">${say('sw.offline.retry')}</button></form>
        <a href="/">${say('sw.offline.home')}</a>
      </div>
    </main>
  </body>
</html>
`;
}
