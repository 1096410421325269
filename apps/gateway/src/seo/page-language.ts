import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@app/contracts';
import { parse } from 'cookie';
import type { Request } from 'express';

/**
 * The language a page is served in: the one last chosen in this browser (the cookie the app
 * writes when a visitor picks one or a person's setting is applied), else the best of the
 * browser's Accept-Language that the product speaks, else English.
 */
export function pageLanguage(req: Request): Language {
  const chosen = parse(req.headers.cookie ?? '')[LANGUAGE_COOKIE];
  if (isLanguage(chosen)) return chosen;
  const asked = req.acceptsLanguages(...LANGUAGES);
  return isLanguage(asked) ? asked : DEFAULT_LANGUAGE;
}

/** The built page with its `<html lang>` saying the language it is served in (the app reads it to start in that language). */
export function withLanguage(html: string, language: Language): string {
  return html.replace(/<html lang="[^"]*"/, `<html lang="${language}"`);
}
