import { LANGUAGES, PAGE_HEAD_WORDS } from '@app/contracts/browser';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// The catalogues against each other and against the code: what CI holds every change to.

const SRC = join(__dirname, '../..');
const CATALOGUES = join(__dirname, '../catalogues');

const catalogue = (language: string, file: string): Record<string, string> => JSON.parse(readFileSync(join(CATALOGUES, language, file), 'utf8'));
const files = (language: string) => readdirSync(join(CATALOGUES, language)).filter((name) => name.endsWith('.json')).sort();
const features = files('en');

/** The arguments and the numbered tags a message takes: a translation must take the same. */
function placeholders(message: string): string[] {
  const found = new Set<string>();
  for (const [, name] of message.matchAll(/\{\s*([A-Za-z_]\w*)\s*[,}]/g)) found.add(`{${name}}`);
  for (const [, tag] of message.matchAll(/<(\d+)>/g)) found.add(`<${tag}>`);
  return [...found].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' || entry.name === 'catalogues' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/**
 * The app's code, less the lookups that lay the English words out for the tests by their old
 * names (`english['landing.hero.title']`, reading the catalogue itself): a key only they name is
 * one no screen shows.
 */
const code = sourceFiles(SRC).map((path) => ({ path, text: readFileSync(path, 'utf8').replace(/\w+\[(['"])[\w.]+\1\]/g, '') }));

const english = Object.assign({}, ...features.map((file) => catalogue('en', file))) as Record<string, string>;

describe('the catalogues', () => {
  it.each(LANGUAGES.map((language) => [language]))('has every feature in %s, each key named after its feature', (language) => {
    expect(files(language)).toEqual(features);
    for (const file of features) {
      const feature = file.replace(/\.json$/, '');
      for (const key of Object.keys(catalogue(language, file))) expect(`${file}: ${key}`).toMatch(new RegExp(`^${file}: ${feature}\\.`));
    }
  });

  it.each(LANGUAGES.filter((language) => language !== 'en').map((language) => [language]))('has every English key in %s and no other, each message with the same placeholders', (language) => {
    for (const file of features) {
      const translated = catalogue(language, file);
      const source = catalogue('en', file);
      expect({ file, keys: Object.keys(translated).sort() }).toEqual({ file, keys: Object.keys(source).sort() });
      for (const [key, message] of Object.entries(source)) {
        expect({ key, placeholders: placeholders(translated[key]) }).toEqual({ key, placeholders: placeholders(message) });
        expect({ key, translated: translated[key].trim().length > 0 }).toEqual({ key, translated: true });
      }
    }
  });

  it('holds no key the code does not use', () => {
    // The field messages are named by the server's codes (`fields.<code>`): lib/__tests__/errors.test.ts
    // holds that catalogue to the contracts' table of codes, key for key.
    const named = (key: string) => key.startsWith('fields.') || code.some(({ text }) => text.includes(`'${key}'`) || text.includes(`"${key}"`));
    const unused = Object.keys(english).filter((key) => !named(key));
    expect(unused).toEqual([]);
  });

  it('has every key the code names', () => {
    const prefixes = features.map((file) => file.replace(/\.json$/, '')).join('|');
    const named = code.flatMap(({ path, text }) =>
      [...text.matchAll(new RegExp(`['"]((?:${prefixes})\\.[\\w.]+)['"]`, 'g'))].map(([, key]) => ({ key, file: relative(SRC, path) })),
    );
    expect(named.length).toBeGreaterThan(0);
    expect(named.filter(({ key }) => !(key in english))).toEqual([]);
  });
});

describe('the heads the server writes', () => {
  it.each(LANGUAGES)("say in %s what the screens' headings say", (language) => {
    const marketplace = catalogue(language, 'marketplace.json');
    const rooms = catalogue(language, 'rooms.json');
    const words = PAGE_HEAD_WORDS[language];
    expect([words.marketplace.title, words.marketplace.description]).toEqual([marketplace['marketplace.title'], marketplace['marketplace.subtitle']]);
    expect([words.publicRooms.title, words.publicRooms.description]).toEqual([rooms['rooms.title'], rooms['rooms.subtitle']]);
  });
});
