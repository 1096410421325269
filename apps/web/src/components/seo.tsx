import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { APP_NAME, OG_IMAGE_PATH, PAGE_HEAD_WORDS, pageTitle, websiteStructuredData } from '@app/contracts/browser';
import { activeLanguage } from '../i18n/i18n';
import { useSpokenLanguage } from '../i18n/use-text';
export const DEFAULT_KEYWORDS =
  'chat rooms, free chat, public chat rooms, private chat, expert consultation, video call, audio call, dating advice, career guidance, emotional support';

export type SeoProps = {
  title?: string;
  description?: string;
  keywords?: string;
  image?: string;
  /** Adds the website search action structured data (home page). */
  searchAction?: boolean;
};

function upsert(selector: string, create: () => HTMLElement, attribute: string, value: string) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (!element) {
    element = create();
    document.head.appendChild(element);
  }
  element.setAttribute(attribute, value);
}

function meta(key: 'name' | 'property', name: string, content: string) {
  upsert(
    `meta[${key}="${name}"]`,
    () => {
      const element = document.createElement('meta');
      element.setAttribute(key, name);
      return element;
    },
    'content',
    content,
  );
}

/**
 * Sets the document's title, description, keywords, social-share tags, canonical link and
 * (where asked) the search-action structured data. Tags are updated in place, never duplicated.
 */
export function Seo({ title, description: ownDescription, keywords = DEFAULT_KEYWORDS, image, searchAction }: SeoProps) {
  const [pathname] = useLocation();
  // The head follows the language spoken, as the server wrote it for the language it served.
  const spoken = useSpokenLanguage();

  useEffect(() => {
    const language = activeLanguage();
    const description = ownDescription ?? PAGE_HEAD_WORDS[language].description;
    const origin = window.location.origin;
    const fullTitle = pageTitle(title, language);
    const url = `${origin}${pathname}`;
    const imageUrl = new URL(image ?? OG_IMAGE_PATH, origin).toString();
    document.title = fullTitle;
    meta('name', 'description', description);
    meta('name', 'keywords', keywords);
    meta('property', 'og:type', 'website');
    meta('property', 'og:site_name', APP_NAME);
    meta('property', 'og:locale', PAGE_HEAD_WORDS[language].ogLocale);
    meta('property', 'og:title', fullTitle);
    meta('property', 'og:description', description);
    meta('property', 'og:url', url);
    meta('property', 'og:image', imageUrl);
    meta('name', 'twitter:card', 'summary_large_image');
    meta('name', 'twitter:title', fullTitle);
    meta('name', 'twitter:description', description);
    meta('name', 'twitter:image', imageUrl);
    upsert(
      'link[rel="canonical"]',
      () => {
        const link = document.createElement('link');
        link.rel = 'canonical';
        return link;
      },
      'href',
      url,
    );

    const existing = document.head.querySelector('script[data-seo="website"]');
    if (!searchAction) {
      existing?.remove();
      return;
    }
    const script = existing ?? document.createElement('script');
    script.setAttribute('type', 'application/ld+json');
    script.setAttribute('data-seo', 'website');
    script.textContent = JSON.stringify(websiteStructuredData(origin));
    if (!existing) document.head.appendChild(script);
  }, [title, ownDescription, keywords, image, searchAction, pathname, spoken]);

  return null;
}
