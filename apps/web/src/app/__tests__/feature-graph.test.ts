import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

// The features lean on each other one way only: lint (apps/web/eslint.rules.mjs) allows a feature
// what another exposes, and this keeps those uses from going round in a circle, which would tie
// the features into one.

const SRC = join(__dirname, '../..');
const FEATURES = join(SRC, 'features');
/** An import of the app's own code: from its root ('@/lib/api') or relative ('./chat-slice'). */
const IMPORT = /from '((?:\.|@\/)[^']+)'/g;

/** The file an import names, without its extension. */
function imported(file: string, path: string): string {
  return path.startsWith('@/') ? join(SRC, path.slice(2)) : resolve(dirname(file), path);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** feature -> the other features its code imports from. */
function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of sourceFiles(FEATURES)) {
    const from = relative(FEATURES, file).split(sep)[0];
    for (const [, path] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative(FEATURES, imported(file, path));
      const to = target.split(sep)[0];
      if (target.startsWith('..') || to === from) continue;
      graph.set(from, (graph.get(from) ?? new Set()).add(to));
    }
  }
  return graph;
}

/** Every circle of features, each written from its smallest name round to itself. */
function circles(graph: Map<string, Set<string>>): string[] {
  const found = new Set<string>();
  const walk = (start: string, at: string, path: string[]) => {
    for (const next of graph.get(at) ?? []) {
      if (next === start) found.add([...path, start].join(' -> '));
      else if (!path.includes(next) && next > start) walk(start, next, [...path, next]);
    }
  };
  for (const feature of [...graph.keys()].sort()) walk(feature, feature, [feature]);
  return [...found];
}

it('has features that depend on each other one way only', () => {
  const graph = featureGraph();
  expect(graph.size).toBeGreaterThan(5);
  expect(circles(graph)).toEqual([]);
});

it('finds a circle when there is one', () => {
  const graph = new Map([
    ['a', new Set(['b'])],
    ['b', new Set(['c'])],
    ['c', new Set(['a'])],
  ]);
  expect(circles(graph)).toEqual(['a -> b -> c -> a']);
});

/** The modules the store is built from, reached from app/store.ts by its own imports (types too). */
function storeModules(): Set<string> {
  const store = join(SRC, 'app/store.ts');
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, path] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const base = imported(file, path);
      const found = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
      if (found) visit(found);
    }
  };
  visit(store);
  seen.delete(store);
  return seen;
}

it('builds the store from modules that never import it back, not even its types', () => {
  const store = join(SRC, 'app/store');
  const back = [...storeModules()].filter((file) =>
    [...readFileSync(file, 'utf8').matchAll(IMPORT)].some(([, path]) => imported(file, path) === store),
  );
  expect(back.map((file) => relative(FEATURES, file))).toEqual([]);
});
