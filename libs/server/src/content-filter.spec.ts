import { comparableText, ContentFilter, EXTRA_WORDS_PATTERN, parseWordList } from './content-filter';

describe('content filter', () => {
  const filter = new ContentFilter(parseWordList('Spamcoin, cheap pills'));

  it('compares texts as a reader sees them: tricks with invisible, fullwidth or look-alike letters change nothing', () => {
    const plain = comparableText('Buy my stuff');
    for (const variant of ['Buy\u200b my stuff', 'Buy my st\u00aduff', 'Buy my stuff \u2060', 'Ｂｕｙ ｍｙ ｓｔｕｆｆ', 'Buy my stuff'.replace('y', '\u0443'), '  buy   MY stuff ']) {
      expect(comparableText(variant)).toBe(plain);
    }
    expect(comparableText('B\u0435st deal')).toBe(comparableText('Best deal'));
    expect(comparableText('Buy my things')).not.toBe(plain);
  });

  it('finds offensive words through leetspeak, look-alikes and hidden characters, and not inside innocent words', () => {
    for (const text of ['you are a fucking idiot', 'sh1t', 'fu\u200bck', 'Ｆｕｃｋ', 'f\u0443ck', 'get spamcoin now', 'CHEAP PILLS here']) {
      expect({ text, offensive: filter.isOffensive(text) }).toEqual({ text, offensive: true });
    }
    for (const text of ['Scunthorpe', 'classic assassin', 'therapist analysis', 'cocktail hour', 'spamcoins', 'Hello world', 'Привет всем']) {
      expect({ text, offensive: filter.isOffensive(text) }).toEqual({ text, offensive: false });
    }
  });

  it('masks each offensive word after its first letter and leaves the rest as typed', () => {
    expect(filter.mask('what the fuck is this shit?')).toBe('what the f*** is this s***?');
    expect(filter.mask('Nothing to see here')).toBe('Nothing to see here');
  });

  it('recognises links with and without a scheme, and not ordinary sentences', () => {
    for (const text of ['see https://example.com/x', 'www.example.com', 'visit cheap-deals.ru today', 'go to ｅｘａｍｐｌｅ．ｃｏｍ']) {
      expect({ text, link: filter.hasLink(text) }).toEqual({ text, link: true });
    }
    for (const text of ['Hello there. How are you?', 'node.js rocks', 'e.g. this one', 'pi is 3.14']) {
      expect({ text, link: filter.hasLink(text) }).toEqual({ text, link: false });
    }
  });

  it('reads the extra word list from a comma-separated value', () => {
    expect(parseWordList(' Foo , bar  baz,, ')).toEqual(['foo', 'bar baz']);
    expect(parseWordList(undefined)).toEqual([]);
    expect(EXTRA_WORDS_PATTERN.test('foo, bar baz')).toBe(true);
    expect(EXTRA_WORDS_PATTERN.test('foo|bar')).toBe(false);
  });
});
