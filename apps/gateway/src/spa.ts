import { isAppRoute } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import express from 'express';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Serves the built SPA: hashed assets cached for a year, index.html for every page path. A path
 * the app has no screen for still gets index.html (the app draws its 404 screen) but with status
 * 404, so crawlers and monitors are told the truth.
 */
export function serveSpa(app: INestApplication, distDir: string | undefined) {
  if (!distDir || !existsSync(join(distDir, 'index.html'))) return false;
  const server = app.getHttpAdapter().getInstance() as express.Express;
  // The app's code and styles are text: gzip sends about a third of it, which on a phone's
  // network is seconds before the first screen (Lighthouse, bench/README.md).
  const compressed = compression();
  server.use('/assets', compressed, express.static(join(distDir, 'assets'), { immutable: true, maxAge: '1y', index: false }));
  server.use(express.static(distDir, { index: false, maxAge: '1h' }));
  server.get(/^\/(?!api\/|api$|ws$|media\/).*/, compressed, (req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.status(isAppRoute(req.path) ? 200 : 404).sendFile(join(distDir, 'index.html'));
  });
  return true;
}
