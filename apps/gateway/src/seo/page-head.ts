import {
  APP_NAME,
  LANGUAGE_QUERY,
  LANGUAGES,
  MARKETPLACE_CATEGORY_LABELS,
  OG_IMAGE_PATH,
  PAGE_HEAD_WORDS,
  pageTitle,
  roomDescription,
  websiteStructuredData,
  type Language,
  type RoomDto,
  type SellerDto,
} from '@app/contracts';

/** What the served HTML says of its page before any JavaScript runs: for link previews and crawlers. */
export interface PageHead {
  title: string;
  description: string;
  /** The page's own address, from the site's origin. */
  path: string;
  /** A picture of ours (a path) or the default share picture. */
  image: string;
  type: 'website' | 'profile';
  /** The language the page is served in; its versions in the others are named as alternates. */
  language: Language;
  /** Whether the address asked for the language (?lang=): then the canonical address keeps asking. */
  languageAsked: boolean;
  /** schema.org objects, each written as its own application/ld+json block, keyed by what it is. */
  structuredData: Array<{ key: string; data: Record<string, unknown> }>;
}

/** How the page's data is found: null when there is none to show (unknown, private or not yet verified). */
export interface PageLookups {
  seller(id: number): Promise<SellerDto | null>;
  room(id: number): Promise<RoomDto | null>;
}

const ORGANIZATION_LOGO = '/icons/icon-512.png';

/** The language a page is served in, and whether its address asked for it. */
export interface PageLanguage {
  language: Language;
  asked: boolean;
}

/** The head of a page that has one of its own, in its language; null leaves the HTML as the build made it. */
export async function pageHeadFor(path: string, origin: string, lookups: PageLookups, { language, asked }: PageLanguage): Promise<PageHead | null> {
  const words = PAGE_HEAD_WORDS[language];
  const page = (title: string | undefined, description: string): PageHead => ({
    title: pageTitle(title, language),
    description,
    path,
    image: OG_IMAGE_PATH,
    type: 'website',
    language,
    languageAsked: asked,
    structuredData: [],
  });
  if (path === '/') {
    return {
      ...page(undefined, words.description),
      structuredData: [
        { key: 'organization', data: { '@context': 'https://schema.org', '@type': 'Organization', name: APP_NAME, url: `${origin}/`, logo: `${origin}${ORGANIZATION_LOGO}` } },
        // The same object the landing page's script keeps (data-seo="website"), so it is not written twice.
        { key: 'website', data: websiteStructuredData(origin) },
      ],
    };
  }
  if (path === '/marketplace') return page(words.marketplace.title, words.marketplace.description);
  if (path === '/public-rooms') return page(words.publicRooms.title, words.publicRooms.description);

  const seller = /^\/seller\/(\d{1,9})$/.exec(path);
  if (seller) {
    const found = await lookups.seller(Number(seller[1]));
    return found ? { ...sellerHead(found, path, origin), language, languageAsked: asked } : null;
  }
  const room = /^\/chat\/(\d{1,9})$/.exec(path);
  if (room) {
    const found = await lookups.room(Number(room[1]));
    return found && found.type === 'public' ? page(found.name, roomDescription(found, language)) : null;
  }
  return null;
}

function sellerHead(seller: SellerDto, path: string, origin: string): Omit<PageHead, 'language' | 'languageAsked'> {
  const name = seller.displayName || seller.user.username;
  const picture = seller.avatar ?? seller.user.avatar;
  const category = (MARKETPLACE_CATEGORY_LABELS as Record<string, string | undefined>)[seller.category];
  const person: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Person',
    name,
    description: seller.bio,
    url: `${origin}${path}`,
    ...(picture ? { image: absolute(picture, origin) } : {}),
    ...(category ? { jobTitle: category } : {}),
    ...(seller.reviewCount > 0 ? { aggregateRating: { '@type': 'AggregateRating', ratingValue: seller.rating, bestRating: 5, worstRating: 1, ratingCount: seller.reviewCount } } : {}),
  };
  return {
    title: pageTitle(name),
    description: seller.bio,
    path,
    image: picture ?? OG_IMAGE_PATH,
    type: 'profile',
    structuredData: [{ key: 'person', data: person }],
  };
}

function absolute(pathOrUrl: string, origin: string): string {
  return new URL(pathOrUrl, `${origin}/`).toString();
}

/** Text for an attribute or an element: every character HTML gives a meaning written as a reference. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON inside a script element: nothing in it can end the element or open a comment. */
export function scriptJson(data: unknown): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The page's address in a language (?lang=), or without asking for one (x-default: the visitor's own). */
function addressIn(path: string, origin: string, language?: Language): string {
  const url = new URL(path, `${origin}/`);
  if (language) url.searchParams.set(LANGUAGE_QUERY, language);
  return url.toString();
}

/** The head's tags, every value escaped. */
export function renderHead(head: PageHead, origin: string): string {
  const url = addressIn(head.path, origin, head.languageAsked ? head.language : undefined);
  const others = LANGUAGES.filter((language) => language !== head.language);
  const image = absolute(head.image, origin);
  const meta = (key: 'name' | 'property', name: string, content: string) => `<meta ${key}="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(url)}" />`,
    // Each language's version of the page, and the one that follows the visitor's browser.
    ...LANGUAGES.map((language) => `<link rel="alternate" hreflang="${language}" href="${escapeHtml(addressIn(head.path, origin, language))}" />`),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(addressIn(head.path, origin))}" />`,
    meta('property', 'og:locale', PAGE_HEAD_WORDS[head.language].ogLocale),
    ...others.map((language) => meta('property', 'og:locale:alternate', PAGE_HEAD_WORDS[language].ogLocale)),
    meta('property', 'og:type', head.type),
    meta('property', 'og:site_name', APP_NAME),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    ...head.structuredData.map(({ key, data }) => `<script type="application/ld+json" data-seo="${escapeHtml(key)}">${scriptJson(data)}</script>`),
  ].join('\n    ');
}

/** The built page with its own head: the build's title and description give way to the page's. */
export function withHead(html: string, head: string): string {
  return html
    .replace(/<title>[^<]*<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace('</head>', `  ${head}\n  </head>`);
}
