// What the web app's entry chunk is made of: the app is built (into a directory of its own,
// with the same config as `npm run build`) and the entry chunk's modules, as the bundler
// rendered them into it (tree-shaken, before the chunk is minified as a whole), are added up
// by package, by the app's folders and by the contracts. The chunk's size and gzip -9 are
// measured on the file written; a part's share of them is estimated from its rendered share.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describeMachine } from './load-generator.mjs';

/** node_modules/<package> (scoped or not), apps/web/src/<first folder>, libs/<lib>; anything else as it is. */
function partOf(id, root) {
  const path = id.replace(/^\0/, '').replace(/\?.*$/, '');
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(path);
  if (inModules) return inModules[1];
  const local = relative(root, path);
  const app = /^apps\/web\/src\/([^/]+)(\/|$)/.exec(local);
  if (app) return `app: ${app[1]}${app[2] ? '/' : ''}`;
  const lib = /^libs\/([^/]+)\//.exec(local);
  if (lib) return `libs/${lib[1]}`;
  return local.startsWith('..') ? path : local;
}

export async function runBundleAttribution({ root, log }) {
  const { build } = await import('vite');
  const outDir = mkdtempSync(join(tmpdir(), 'bench-bundle-'));
  const parts = new Map();
  let entry;
  // The config's prerender step starts a Vite server of its own from the working directory, as `npm run build` runs it.
  const cwd = process.cwd();
  process.chdir(join(root, 'apps/web'));
  try {
    log('Building the web app');
    await build({
      root: join(root, 'apps/web'),
      configFile: join(root, 'apps/web/vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      plugins: [
        {
          name: 'entry-attribution',
          generateBundle(_options, bundle) {
            const chunk = Object.values(bundle).find((item) => item.type === 'chunk' && item.isEntry);
            entry = { file: chunk.fileName };
            for (const [id, module] of Object.entries(chunk.modules)) {
              const part = partOf(id, root);
              parts.set(part, (parts.get(part) ?? 0) + module.renderedLength);
            }
          },
        },
      ],
    });
    const written = readFileSync(join(outDir, entry.file));
    Object.assign(entry, { bytes: written.length, gzipBytes: gzipSync(written, { level: 9 }).length });
  } finally {
    process.chdir(cwd);
    rmSync(outDir, { recursive: true, force: true });
  }
  const rendered = [...parts.values()].reduce((sum, bytes) => sum + bytes, 0);
  return {
    date: new Date().toISOString(),
    machine: describeMachine(),
    entry,
    parts: [...parts].map(([part, bytes]) => ({ part, bytes, share: bytes / rendered })).sort((a, b) => b.bytes - a.bytes),
  };
}

export function formatBundleAttribution(r, top = 20) {
  const kb = (bytes) => (bytes / 1000).toFixed(1);
  const lines = [
    `Run ${r.date} on ${r.machine}. Entry chunk ${r.entry.file}: ${kb(r.entry.bytes)} kB minified, ${kb(r.entry.gzipBytes)} kB gzip -9 (kB = 1000 bytes).`,
    '',
    '| part of the entry chunk | rendered kB (before minifying) | share | gzip kB (estimated from the share) |',
    '|---|---|---|---|',
  ];
  const shown = r.parts.slice(0, top);
  for (const { part, bytes, share } of shown) lines.push(`| ${part} | ${kb(bytes)} | ${(share * 100).toFixed(1)} % | ${kb(share * r.entry.gzipBytes)} |`);
  const rest = r.parts.slice(top);
  if (rest.length) {
    const bytes = rest.reduce((sum, p) => sum + p.bytes, 0);
    const share = rest.reduce((sum, p) => sum + p.share, 0);
    lines.push(`| ${rest.length} other parts | ${kb(bytes)} | ${(share * 100).toFixed(1)} % | ${kb(share * r.entry.gzipBytes)} |`);
  }
  return lines.join('\n');
}
