import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import { pickEmoji } from './src/features/chat/emoji-set';

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

export default defineConfig({
  plugins: [react(), tailwindcss(), emojiGroups(), contractsWithoutSideEffects()],
  resolve: {
    // The contracts' plain values, from source (the DTO classes are only ever imported as types).
    alias: {
      '@app/contracts/browser': fileURLToPath(new URL('../../libs/contracts/src/browser.ts', import.meta.url)),
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
