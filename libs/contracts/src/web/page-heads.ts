/**
 * What a page says of itself in its head (title, description, share picture): the web app sets
 * it as a screen opens, and the gateway writes the same into the HTML it serves, for link
 * previews and crawlers that run no JavaScript.
 */
export const APP_NAME = 'ChatMarket';

export const DEFAULT_DESCRIPTION =
  'Chat for free in public rooms with 100+ people, hold private chats, go VIP for unlimited messaging and media, and book audio or video calls with verified experts.';

/** The 1200×630 picture links are shared with (the gateway draws it). */
export const OG_IMAGE_PATH = '/api/og-image';

export function pageTitle(title?: string): string {
  return title ? `${title} | ${APP_NAME}` : `${APP_NAME} - Free Chat Rooms & Expert Consultations`;
}

/** The screens whose heading is also their title and description. */
export const PAGE_HEADS = {
  marketplace: { title: 'Expert Marketplace', description: 'Find a verified expert and start a private chat.' },
  publicRooms: { title: 'Public Rooms', description: 'Free rooms by topic, each with up to 100 users.' },
} as const;

/** A public room's description, when its creator wrote none. */
export function roomDescription(room: { name: string; description: string | null }): string {
  return room.description?.trim() || `Chat for free in ${room.name}, a public room on ${APP_NAME}.`;
}

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
