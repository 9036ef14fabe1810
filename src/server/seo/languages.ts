// A page of a site in each language it is listed in: one sitemap entry per
// language, all sharing one list of alternates (every listed language's
// address, the entry's own included, and x-default), as the page's own
// hreflang links name them (client/lib/page-addresses.ts, content-addresses.ts).
import { DEFAULT_LANGUAGE, LANGUAGES, inLanguage, type Language } from '../../shared/languages.ts';
import { pageLanguage } from '../../shared/content-language.ts';
import type { SitemapEntry } from './xml.ts';

/** One language's version of a page and when it last changed. */
export interface LanguageVersion {
  language: Language;
  lastmod?: string | null;
}

/** `path` (without a language) in each of `versions`' languages, x-default being `xDefault`'s address. */
export function languageEntries(path: string, versions: readonly LanguageVersion[], xDefault: Language): SitemapEntry[] {
  const alternates = versions.map((v) => ({ hreflang: v.language as string, loc: inLanguage(path, v.language) }));
  alternates.push({ hreflang: 'x-default', loc: inLanguage(path, xDefault) });
  return versions.map((v, i) => ({ loc: alternates[i]!.loc, lastmod: v.lastmod, alternates }));
}

/** A page that exists in every language (a fixed page, a place's search), English as x-default. */
export function everyLanguage(path: string, lastmod?: string | null): SitemapEntry[] {
  return languageEntries(
    path,
    LANGUAGES.map((language) => ({ language, lastmod })),
    DEFAULT_LANGUAGE,
  );
}

/**
 * A content page in the languages it is written in (in the site's order), never
 * where it only falls back; x-default the version a visitor of no listed language gets.
 */
export function writtenLanguages(path: string, versions: readonly LanguageVersion[]): SitemapEntry[] {
  const ordered = [...versions].sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
  const written = ordered.map((v) => v.language);
  return languageEntries(path, ordered, pageLanguage(written, DEFAULT_LANGUAGE) ?? DEFAULT_LANGUAGE);
}
