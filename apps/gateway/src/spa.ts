import { isAppRoute } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The page the web build renders into index.html; every other page gets shell.html, its root empty. */
const PRERENDERED_PATH = '/';

/**
 * Serves the built SPA: hashed assets cached for a year, the app's page for every page path:
 * index.html (holding the landing page as the build rendered it) for the landing page, and
 * shell.html (the same page with nothing in it yet) for the others, which the landing page's
 * HTML would only delay. A path the app has no screen for still gets the page (the app draws its
 * 404 screen) but with status 404, so crawlers and monitors are told the truth.
 */
export function serveSpa(app: INestApplication, distDir: string | undefined) {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return false;
  const server = app.getHttpAdapter().getInstance() as express.Express;
  // The app's code and styles are text: gzip sends about a third of it, which on a phone's
  // network is seconds before the first screen (Lighthouse, bench/README.md).
  const compressed = compression();
  server.use('/assets', compressed, express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  server.use(express.static(distDir, { index: false, maxAge: '1h' }));
  const landing = join(distDir, 'index.html');
  // A build without the prerendered landing page has only index.html, empty: it serves every page.
  const shell = existsSync(join(distDir, 'shell.html')) ? join(distDir, 'shell.html') : landing;
  server.get(/^\/(?!api\/|api$|ws$|media\/).*/, compressed, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.status(isAppRoute(req.path) ? 200 : 404).sendFile(req.path === PRERENDERED_PATH ? landing : shell);
  });
  return true;
}
