import { isAppRoute, LANGUAGES, type Language } from '@app/contracts';
import type { INestApplication } from '@nestjs/common';
import compression from 'compression';
import express from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageHeadFor, renderHead, withHead, type PageLookups } from './seo/page-head';
import { pageLanguage, withLanguage } from './seo/page-language';

/** The page the web build renders into index.html (and index.<language>.html); every other page gets shell.html, its root empty. */
const PRERENDERED_PATH = '/';

/** The landing page as the build rendered it in each language: index.html in English, index.hi.html in Hindi. */
function prerenderedLandings(distDir: string): Partial<Record<Language, string>> {
  const pages: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const file = join(distDir, language === 'en' ? 'index.html' : `index.${language}.html`);
    if (existsSync(file)) pages[language] = readFileSync(file, 'utf8');
  }
  return pages;
}

/** Where the pages' own heads come from: the site's address and the data they name. */
export interface PageHeads {
  origin: string;
  lookups: PageLookups;
}

/**
 * Serves the built SPA: hashed assets cached for a year, the app's page for every page path:
 * index.html (holding the landing page as the build rendered it) for the landing page, and
 * shell.html (the same page with nothing in it yet) for the others, which the landing page's
 * HTML would only delay. A path the app has no screen for still gets the page (the app draws its
 * 404 screen) but with status 404, so crawlers and monitors are told the truth. With `heads`, the
 * pages that have a head of their own (the landing page, the marketplace, the public rooms, a
 * seller's page, a public room) are served with it, for link previews that run no JavaScript.
 * Every page says its language in `<html lang>` (see pageLanguage).
 */
export function serveSpa(app: INestApplication, distDir: string | undefined, heads?: PageHeads) {
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
  const landings = shell === landing ? {} : prerenderedLandings(distDir);
  const shellPage = readFileSync(shell, 'utf8');
  server.get(/^\/(?!api\/|api$|ws$|media\/).*/, compressed, async (req, res, next) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.vary('Cookie').vary('Accept-Language');
    const known = isAppRoute(req.path);
    const served = pageLanguage(req);
    // The landing page as the build rendered it in this language; a language it was not rendered in
    // gets the shell, which the app draws, rather than another language until its code has run.
    const page = (req.path === PRERENDERED_PATH ? landings[served.language] : undefined) ?? shellPage;
    try {
      const head = known && heads ? await pageHeadFor(req.path, heads.origin, heads.lookups, served) : null;
      res.status(known ? 200 : 404).type('html').send(withLanguage(head ? withHead(page, renderHead(head, heads!.origin)) : page, served.language));
    } catch (error) {
      next(error);
    }
  });
  return true;
}
