import { hasLink, linkHost, messageLinks } from './links';

describe('message links', () => {
  it('finds web links with a scheme, www. or a bare domain, where they stand', () => {
    const text = 'see https://a.example/x?y=1, www.b.com and c.example.org now';
    expect(messageLinks(text)).toEqual([
      { start: 4, end: 27, text: 'https://a.example/x?y=1', url: 'https://a.example/x?y=1' },
      { start: 29, end: 38, text: 'www.b.com', url: 'http://www.b.com' },
      { start: 43, end: 56, text: 'c.example.org', url: 'http://c.example.org' },
    ]);
    expect(hasLink(text)).toBe(true);
  });

  it('leaves other schemes, e-mail addresses and plain words as text', () => {
    expect(messageLinks('javascript:alert(1) mailto:a@b.example ftp://c.example d@e.example just words')).toEqual([]);
    expect(hasLink('just words, no link')).toBe(false);
  });

  it('names the host a link leads to', () => {
    expect(linkHost('https://shop.example:8443/a')).toBe('shop.example:8443');
  });
});
