// Which of a content page's languages a visitor is shown (issue 24): the
// visitor's own when the page is written in it, else English, else the first
// in the site's order. Used by the server to choose a page, and by the page's
// head for its x-default (the version a visitor of no listed language gets).
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from './languages.ts';

export function pageLanguage(written: readonly string[], wanted: Language): Language | null {
  if (written.includes(wanted)) return wanted;
  if (written.includes(DEFAULT_LANGUAGE)) return DEFAULT_LANGUAGE;
  return LANGUAGES.find((language) => written.includes(language)) ?? null;
}
