import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGE_QUERY, LANGUAGES, type Language } from '@app/contracts';
import { parse } from 'cookie';
import type { Request } from 'express';
import type { PageLanguage } from './page-head';

/**
 * The language a page is served in: the one its address asks for (?lang=hi, the address a
 * language's version of a page has), else the one last chosen in this browser (the cookie the app
 * writes when a visitor picks one or a person's setting is applied), else the best of the
 * browser's Accept-Language that the product speaks, else English.
 */
export function pageLanguage(req: Request): PageLanguage {
  const asked = req.query[LANGUAGE_QUERY];
  if (isLanguage(asked)) return { language: asked, asked: true };
  const chosen = parse(req.headers.cookie ?? '')[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return { language: chosen, asked: false };
  const accepted = req.acceptsLanguages(...LANGUAGES);
  return { language: isLanguage(accepted) ? accepted : DEFAULT_LANGUAGE, asked: false };
}

/** The built page with its `<html lang>` saying the language it is served in (the app reads it to start in that language). */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}
