import { LINK_PREVIEW_LIMITS } from '@app/contracts';
import { headEnded, readPageMetadata } from './page-metadata';

const PAGE = 'https://news.example/articles/42';
const read = (html: string | Buffer, contentType = 'text/html; charset=utf-8') => readPageMetadata(Buffer.isBuffer(html) ? html : Buffer.from(html), contentType, PAGE);

describe('readPageMetadata', () => {
  it('takes Open Graph first: title, description, site name and picture (relative to the page)', () => {
    const meta = read(`<!doctype html><html><head>
      <title>Plain title</title>
      <meta name="description" content="Plain description">
      <meta property="og:title" content="Open Graph title">
      <meta property="og:description" content="Open Graph description">
      <meta property="og:site_name" content="Example News">
      <meta property="og:image" content="/pictures/cover.png">
      <meta name="twitter:title" content="Twitter title">
    </head><body></body></html>`);
    expect(meta).toEqual({ title: 'Open Graph title', description: 'Open Graph description', siteName: 'Example News', image: 'https://news.example/pictures/cover.png' });
  });

  it("falls back to Twitter's tags, then to <title> and the meta description, and the host for the site", () => {
    expect(read('<head><meta name="twitter:title" content="Card title"><meta name="twitter:image" content="https://cdn.example/c.jpg"><title>Plain</title></head>')).toEqual({
      title: 'Card title',
      description: null,
      siteName: 'news.example',
      image: 'https://cdn.example/c.jpg',
    });
    expect(read('<HEAD><TITLE>Only a title</TITLE><META NAME="Description" CONTENT="Said plainly"></HEAD>')).toEqual({
      title: 'Only a title',
      description: 'Said plainly',
      siteName: 'news.example',
      image: null,
    });
  });

  it('decodes entities, collapses white space and cuts long texts', () => {
    const long = 'word '.repeat(200);
    const meta = read(`<head><meta property="og:title" content="Tom &amp; Jerry&#39;s &quot;caf&eacute;&quot;"><title>x</title>
      <meta property="og:description" content="${long}"></head>`);
    expect(meta?.title).toBe('Tom & Jerry\'s "café"');
    expect([...(meta?.description ?? '')].length).toBeLessThanOrEqual(LINK_PREVIEW_LIMITS.descriptionChars);
    expect(meta?.description).toMatch(/^word word .*…$/);
    expect(read('<head><title>\n   Spaced\n\t out  </title></head>')?.title).toBe('Spaced out');
  });

  it('reads the page in its own charset, from the header or its <meta charset>', () => {
    const latin1 = Buffer.from('<head><meta charset="iso-8859-1"><title>Caf\xe9 cr\xe8me</title></head>', 'latin1');
    expect(read(latin1, 'text/html')?.title).toBe('Café crème');
    expect(read(latin1, 'text/html; charset=windows-1252')?.title).toBe('Café crème');
    expect(read(Buffer.from('<head><title>Café</title></head>'), 'text/html')?.title).toBe('Café');
  });

  it('has no preview without a title, and ignores what comes after the head', () => {
    expect(read('<head><meta name="description" content="no title"></head>')).toBeNull();
    expect(read('<head></head><body><title>In the body</title><meta property="og:title" content="late"></body>')).toBeNull();
  });

  it("does not take an SVG's title for the page's", () => {
    expect(read('<head><svg><title>icon</title></svg><title>Real</title></head>')?.title).toBe('Real');
  });

  it('keeps only http and https pictures', () => {
    expect(read('<head><title>t</title><meta property="og:image" content="javascript:alert(1)"></head>')?.image).toBeNull();
    expect(read('<head><title>t</title><meta property="og:image" content="data:image/png;base64,AAAA"></head>')?.image).toBeNull();
    expect(read('<head><title>t</title><meta property="og:image" content="//cdn.example/a.png"></head>')?.image).toBe('https://cdn.example/a.png');
  });
});

describe('headEnded', () => {
  it('sees the end of the head or the start of the body', () => {
    expect(headEnded(Buffer.from('<title>t</title></HEAD>'))).toBe(true);
    expect(headEnded(Buffer.from('<body class="x">'))).toBe(true);
    expect(headEnded(Buffer.from('<head><title>t</title>'))).toBe(false);
  });
});
