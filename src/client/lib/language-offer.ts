// Which language to offer a visitor in a note (issue 24): the one they chose,
// on a page in another; without a choice, the one their browser prefers, once.
// Never a redirect: a page is the same for every visitor, cacheable and
// crawlable (docs/decisions/language-note.md). What the browser remembers
// (lib/language-choice.ts writes it) is a setting the visitor asked for: the
// language they chose, and that a note was shown.
import { LANGUAGES, type Language } from '../../shared/languages.ts';
import { readStored } from './local-storage.ts';

/** localStorage: the language the visitor chose. */
export const CHOSEN_KEY = 'language';
/** localStorage: present once the browser's own language was offered. */
export const OFFERED_KEY = 'language-offered';

/**
 * The site's language for a browser's preferred ones (BCP 47 tags, most
 * preferred first: navigator.languages), the first the site offers (`site`): `de-AT` is
 * German; Norwegian Bokmål and Nynorsk (`nb`, `nn`) are Norwegian.
 */
export function preferredLanguage(tags: readonly string[], site: readonly Language[] = LANGUAGES): Language | null {
  for (const tag of tags) {
    const base = tag.toLowerCase().split('-')[0]!;
    const code = base === 'nb' || base === 'nn' ? 'no' : base;
    const language = site.find((l) => l === code);
    if (language) return language;
  }
  return null;
}

/**
 * The language to offer on a page in `page`: the visitor's choice (`chosen`, as stored) when the page is
 * in another and the site offers it; else their browser's, once. `site`: the languages the site offers.
 */
export function languageToOffer(
  page: Language,
  chosen: string | null,
  offered: boolean,
  browser: readonly string[],
  site: readonly Language[] = LANGUAGES,
): Language | null {
  const choice = site.find((l) => l === chosen);
  if (choice) return choice === page ? null : choice;
  const preferred = offered ? null : preferredLanguage(browser, site);
  return preferred === page ? null : preferred;
}

/** The language to offer on this page of a site offering `site`, from what this browser remembers and prefers (storage refused: as to a first visitor, on every page). */
export const languageOffer = (page: Language, site: readonly Language[]): Language | null =>
  languageToOffer(page, readStored(CHOSEN_KEY), readStored(OFFERED_KEY) !== null, navigator.languages, site);
