import { DEFAULT_LANGUAGE, type Language } from '../common/languages';

/**
 * What a page says of itself in its head (title, description, share picture): the web app sets
 * it as a screen opens, and the gateway writes the same into the HTML it serves, for link
 * previews and crawlers that run no JavaScript.
 */
export const APP_NAME = 'ChatMarket';

/** The 1200×630 picture links are shared with (the gateway draws it). */
export const OG_IMAGE_PATH = '/api/og-image';

interface PageHeadWords {
  /** The title of a page that names none (the landing page). */
  siteTitle: string;
  /** The description of a page that gives none. */
  description: string;
  /** The screens whose heading is also their title and description. */
  marketplace: { title: string; description: string };
  publicRooms: { title: string; description: string };
  /** A public room's description, when its creator wrote none. */
  roomDescription: (name: string) => string;
  /** The language as Open Graph names it (og:locale). */
  ogLocale: string;
}

/**
 * The heads' words in each language. The marketplace's and the public rooms' are their screens'
 * heading and subtitle, which the web catalogues hold too (a web test keeps the two the same).
 */
export const PAGE_HEAD_WORDS: Record<Language, PageHeadWords> = {
  en: {
    siteTitle: `${APP_NAME} - Free Chat Rooms & Expert Consultations`,
    description:
      'Chat for free in public rooms with 100+ people, hold private chats, go VIP for unlimited messaging and media, and book audio or video calls with verified experts.',
    marketplace: { title: 'Expert Marketplace', description: 'Find a verified expert and start a private chat.' },
    publicRooms: { title: 'Public Rooms', description: 'Free rooms by topic, each with up to 100 users.' },
    roomDescription: (name) => `Chat for free in ${name}, a public room on ${APP_NAME}.`,
    ogLocale: 'en_US',
  },
  hi: {
    siteTitle: `${APP_NAME} - मुफ़्त चैट रूम और विशेषज्ञों से सलाह`,
    description:
      'मुफ़्त पब्लिक रूम में 100+ लोगों के साथ चैट करें, निजी चैट करें, बेरोक-टोक संदेशों और मीडिया के लिए VIP बनें, और सत्यापित विशेषज्ञों के साथ ऑडियो या वीडियो कॉल बुक करें।',
    marketplace: { title: 'विशेषज्ञ मार्केटप्लेस', description: 'कोई सत्यापित विशेषज्ञ ढूँढें और निजी चैट शुरू करें।' },
    publicRooms: { title: 'पब्लिक रूम', description: 'विषय के हिसाब से मुफ़्त रूम, हर रूम में 100 लोगों तक।' },
    roomDescription: (name) => `${name} में मुफ़्त चैट करें, ${APP_NAME} का एक पब्लिक रूम।`,
    ogLocale: 'hi_IN',
  },
};

export function pageTitle(title?: string, language: Language = DEFAULT_LANGUAGE): string {
  return title ? `${title} | ${APP_NAME}` : PAGE_HEAD_WORDS[language].siteTitle;
}

/** A public room's description: its creator's, else one in the page's language. */
export function roomDescription(room: { name: string; description: string | null }, language: Language = DEFAULT_LANGUAGE): string {
  return room.description?.trim() || PAGE_HEAD_WORDS[language].roomDescription(room.name);
}

/**
 * The query that asks for a page in a language (/?lang=hi): the address each language's version
 * of a page has, for hreflang alternates and shared links. It wins over the cookie and the browser.
 */
export const LANGUAGE_QUERY = 'lang';

/** The site as schema.org describes it, with its room search: the landing page's structured data. */
export function websiteStructuredData(origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: APP_NAME,
    url: `${origin}/`,
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${origin}/public-rooms?q={search_term_string}` },
      'query-input': 'required name=search_term_string',
    },
  };
}
