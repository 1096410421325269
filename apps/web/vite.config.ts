import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, defineConfig, type Plugin, type ResolvedConfig, type Rollup } from 'vite';
import { VitePWA, type ManifestOptions } from 'vite-plugin-pwa';
import { pickEmoji } from './src/features/chat/emoji-set';
import type * as Prerender from './src/prerender';
import type * as OfflinePage from './src/sw/offline-page';

const GATEWAY = process.env.WEB_DEV_GATEWAY_URL ?? 'http://localhost:3000';

/**
 * Settings the bundle needs, fixed at build time. The app reads them only through
 * src/config/env.ts, so tests (which never see Vite) can supply their own.
 */
const appConfig = {
  whatsappNumber: process.env.WEB_WHATSAPP_NUMBER ?? '15550100100',
  randomChatUrl: process.env.WEB_RANDOM_CHAT_URL ?? 'https://www.omegle.fm',
  supportEmail: process.env.WEB_SUPPORT_EMAIL ?? 'support@chatmarket.example',
  safetyEmail: process.env.WEB_SAFETY_EMAIL ?? 'safety@chatmarket.example',
  socialLinks: {
    twitter: process.env.WEB_TWITTER_URL ?? 'https://x.com',
    instagram: process.env.WEB_INSTAGRAM_URL ?? 'https://www.instagram.com',
    facebook: process.env.WEB_FACEBOOK_URL ?? 'https://www.facebook.com',
  },
};

const EMOJI_MODULE = 'virtual:emoji-groups';

/** The picker's emoji, picked from emojibase's 541 KB data set when the bundle is built. */
function emojiGroups(): Plugin {
  const resolved = `\0${EMOJI_MODULE}`;
  return {
    name: 'emoji-groups',
    resolveId: (id) => (id === EMOJI_MODULE ? resolved : undefined),
    load(id) {
      if (id !== resolved) return undefined;
      const file = createRequire(import.meta.url).resolve('emojibase-data/en/compact.json');
      return `export default ${JSON.stringify(pickEmoji(JSON.parse(readFileSync(file, 'utf8'))))};`;
    },
  };
}

const CATALOGUES = fileURLToPath(new URL('./src/i18n/catalogues/', import.meta.url));
const { compileCatalogue } = createRequire(import.meta.url)('./scripts/compile-catalogue.cjs') as { compileCatalogue: (json: string, file: string) => string };

/** The languages' catalogues with their ICU messages compiled at build time: no message parser in the bundle. */
function compiledCatalogues(): Plugin {
  return {
    name: 'compiled-catalogues',
    enforce: 'pre',
    transform: (code, id) => (id.startsWith(CATALOGUES) && id.endsWith('.json') ? { code: compileCatalogue(code, id), map: null } : undefined),
  };
}

const CONTRACTS_SRC = fileURLToPath(new URL('../../libs/contracts/src/', import.meta.url));

/**
 * The contracts' modules only define values (limits, messages, rule functions), so one the
 * app imports nothing from is left out of a chunk. Without this, the modules that build a
 * value when loaded (a Set, an emoji regex) would all land in the entry chunk, which imports
 * the contracts' barrel, though only some screens use them.
 */
function contractsWithoutSideEffects(): Plugin {
  return {
    name: 'contracts-without-side-effects',
    transform: (code, id) => (id.startsWith(CONTRACTS_SRC) ? { code, map: null, moduleSideEffects: false } : undefined),
  };
}

const ROOT_ELEMENT = '<div id="root"></div>';
const HEAD_END = '</head>';
type PrerenderModule = typeof Prerender;
/** The screen src/prerender.tsx renders: the route at PRERENDERED_PATH in src/app/router.tsx. */
const PRERENDERED_SCREEN = fileURLToPath(new URL('./src/app/routes/landing.tsx', import.meta.url));

const bundleChunks = (bundle: Rollup.OutputBundle) => Object.values(bundle).filter((output): output is Rollup.OutputChunk => output.type === 'chunk');

/**
 * Links that fetch the prerendered screen's chunks (the route's own and those it imports) while
 * the page's HTML is read, rather than once the entry has run and asked for them: hydration starts
 * a round trip sooner, and the entry does not spend its first task adding the links itself.
 */
function prerenderedScreenPreloads(bundle: Rollup.OutputBundle, base: string): string {
  const chunks = new Map(bundleChunks(bundle).map((chunk) => [chunk.fileName, chunk]));
  const screen = [...chunks.values()].find((chunk) => chunk.facadeModuleId === PRERENDERED_SCREEN);
  if (!screen) throw new Error(`prerender-landing: no chunk for ${PRERENDERED_SCREEN}`);
  const inEntry = new Set([...chunks.values()].filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const files = new Set<string>();
  const visit = (file: string) => {
    if (inEntry.has(file) || files.has(file)) return;
    files.add(file);
    chunks.get(file)?.imports.forEach(visit);
  };
  visit(screen.fileName);
  return [...files].map((file) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="${base}${file}">`).join('\n    ');
}

/** React's renderer: main.tsx imports it dynamically, so that the browser evaluates it in a task of its own. */
const RENDERER = createRequire(import.meta.url).resolve('react-dom/client');

/**
 * Every page needs React's renderer at once, but as a chunk of its own (its evaluation kept out
 * of the entry's long first task), so every page's HTML links it for preloading beside the entry.
 */
function preloadRenderer(): Plugin {
  let base = '/';
  return {
    name: 'preload-renderer',
    apply: 'build',
    configResolved(resolved) {
      base = resolved.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const renderer = bundleChunks(bundle ?? {}).find((chunk) => chunk.moduleIds.includes(RENDERER));
        if (!renderer) throw new Error(`preload-renderer: no chunk for ${RENDERER}`);
        return [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `${base}${renderer.fileName}` }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * Once the app is built, renders the landing page (src/prerender.tsx, loaded through Vite as
 * server-side code) into dist/index.html's root element, so a visitor's first paint does not
 * wait for the app's code; main.tsx then hydrates it. The page as built, its root empty, is
 * kept as dist/shell.html: the server sends it for every other page. index.html also links the
 * landing page's chunks for preloading.
 */
function prerenderLanding(): Plugin {
  let config: ResolvedConfig;
  let preloads = '';
  return {
    name: 'prerender-landing',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      preloads = prerenderedScreenPreloads(bundle, config.base);
    },
    async closeBundle() {
      const server = await createServer({
        configFile: config.configFile,
        mode: config.mode,
        logLevel: 'warn',
        server: { middlewareMode: true, hmr: false, ws: false },
        appType: 'custom',
      });
      try {
        const { renderLandingPage, LANGUAGES, DEFAULT_LANGUAGE } = (await server.ssrLoadModule('/src/prerender.tsx')) as PrerenderModule;
        const file = resolve(config.root, config.build.outDir, 'index.html');
        const page = readFileSync(file, 'utf8');
        if (!page.includes(ROOT_ELEMENT)) throw new Error(`prerender-landing: ${file} has no ${ROOT_ELEMENT}`);
        writeFileSync(resolve(config.root, config.build.outDir, 'shell.html'), page);
        if (!page.includes(HEAD_END)) throw new Error(`prerender-landing: ${file} has no ${HEAD_END}`);
        // English in index.html, each other language in index.<language>.html; the root says which
        // language it was drawn in, so main.tsx hydrates it only when the page speaks that one.
        for (const language of LANGUAGES) {
          const html = await renderLandingPage(language);
          const rendered = page
            .replace(HEAD_END, `  ${preloads}\n  ${HEAD_END}`)
            .replace(/<html lang="[^"]*"/, `<html lang="${language}"`)
            .replace(ROOT_ELEMENT, `<div id="root" data-language="${language}">${html}</div>`);
          writeFileSync(language === DEFAULT_LANGUAGE ? file : resolve(config.root, config.build.outDir, `index.${language}.html`), rendered);
        }
        // The worker's offline page, one per language likewise (offline.html, offline.hi.html).
        const { offlinePage } = (await server.ssrLoadModule('/src/sw/offline-page.ts')) as typeof OfflinePage;
        for (const language of LANGUAGES) {
          writeFileSync(resolve(config.root, config.build.outDir, language === DEFAULT_LANGUAGE ? 'offline.html' : `offline.${language}.html`), offlinePage(language));
        }
      } finally {
        await server.close();
      }
    },
  };
}

/** --primary and --background of src/index.css (light): the install splash screen and the title bar. */
const THEME_COLOR = '#7c3aed';
const BACKGROUND_COLOR = '#ffffff';

/** Long-press entries of the installed app's icon, to the screens people open most (routes of APP_ROUTE_PATHS). */
const SHORTCUTS = [
  { name: 'Public Rooms', description: 'Chat in the free public rooms', url: '/public-rooms' },
  { name: 'My Chats', description: 'The rooms and chats you are in', url: '/my-chats' },
  { name: 'Marketplace', description: 'Find an expert to call', url: '/marketplace' },
];

/** The web app manifest: what makes the site installable. The icons are made by scripts/make-icons.mjs. */
const manifest: Partial<ManifestOptions> = {
  id: '/',
  name: 'ChatMarket',
  short_name: 'ChatMarket',
  description: 'Chat for free in public rooms with 100+ people, hold private chats, go VIP, and book audio or video calls with verified experts.',
  lang: 'en',
  dir: 'ltr',
  start_url: '/',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  theme_color: THEME_COLOR,
  background_color: BACKGROUND_COLOR,
  categories: ['social', 'communication'],
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
    { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
  shortcuts: SHORTCUTS.map((shortcut) => ({ ...shortcut, icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }] })),
};

/**
 * The service worker (src/sw/service-worker.ts), built by Workbox's injectManifest: it precaches
 * the built app, so the installed app opens offline, and shows push notifications. main.tsx
 * registers it once the page has loaded, in production builds only.
 */
function serviceWorker() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/sw',
    filename: 'service-worker.ts',
    injectRegister: false,
    manifest,
    // globPatterns below already take the icons (twice would list them twice).
    includeManifestIcons: false,
    injectManifest: {
      // The app's code, styles, pages (the landing page, the shell, the offline page) and icons;
      // not robots.txt. Hashed files under assets/ are cached by name, the rest by revision.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      buildPlugins: { vite: [contractsWithoutSideEffects()] },
    },
    // After the landing page is rendered into index.html (prerenderLanding), so the precache
    // holds the pages as they are served.
    integration: { closeBundleOrder: 'post' },
  });
}

export default defineConfig({
  plugins: [react(), tailwindcss(), compiledCatalogues(), emojiGroups(), contractsWithoutSideEffects(), preloadRenderer(), prerenderLanding(), serviceWorker()],
  resolve: {
    alias: {
      // The app's own modules from its root: '@/features/chat/...' is src/features/chat/...
      '@': fileURLToPath(new URL('./src', import.meta.url)),
      // The contracts' plain values, from source (the DTO classes are only ever imported as types).
      '@app/contracts/browser': fileURLToPath(new URL('../../libs/contracts/src/browser.ts', import.meta.url)),
      // Radix's scroll lock without an inline <style> element, which the CSP refuses (see the module).
      'react-style-singleton': fileURLToPath(new URL('./src/lib/style-singleton.ts', import.meta.url)),
    },
  },
  define: { __APP_CONFIG__: JSON.stringify(appConfig) },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: GATEWAY, changeOrigin: false },
      '/media': { target: GATEWAY, changeOrigin: false },
      '/ws': { target: GATEWAY.replace(/^http/, 'ws'), ws: true, changeOrigin: false },
    },
  },
  // No source maps in the build: everything in dist is served publicly, and nothing here
  // consumes maps (no error reporter to upload them to). `npm run dev` debugs the sources.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: false },
});
