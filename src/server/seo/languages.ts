// A page of a site in each language it is listed in: one sitemap entry per
// language, all sharing one list of alternates (every listed language's
// address, the entry's own included, and x-default), as the page's own
// hreflang links name them (client/lib/page-addresses.ts, content-addresses.ts).
// A partner's site lists the languages it offers, its root language unprefixed
// on its own domain (shared/languages.ts SiteLanguages).
import { LANGUAGES, MAIN_SITE, inLanguage, type Language, type SiteLanguages } from '../../shared/languages.ts';
import { pageLanguage } from '../../shared/content-language.ts';
import type { SitemapEntry } from './xml.ts';

/** One language's version of a page and when it last changed. */
export interface LanguageVersion {
  language: Language;
  lastmod?: string | null;
}

/** `path` (without a language) in each of `versions`' languages on a host whose root is `root`, x-default being `xDefault`'s address. */
function languageEntries(path: string, versions: readonly LanguageVersion[], xDefault: Language, root: Language): SitemapEntry[] {
  const alternates = versions.map((v) => ({ hreflang: v.language as string, loc: inLanguage(path, v.language, root) }));
  alternates.push({ hreflang: 'x-default', loc: inLanguage(path, xDefault, root) });
  return versions.map((v, i) => ({ loc: alternates[i]!.loc, lastmod: v.lastmod, alternates }));
}

/** A page that exists in every language of its site (a fixed page, a place's search), the site's own language as x-default. */
export function everyLanguage(path: string, lastmod?: string | null, site: SiteLanguages = MAIN_SITE): SitemapEntry[] {
  return languageEntries(
    path,
    site.languages.map((language) => ({ language, lastmod })),
    site.main,
    site.root,
  );
}

/**
 * A content page in the languages it is written in (in the site's order) that its site offers, never
 * where it only falls back; x-default the version a visitor of no listed language gets.
 */
export function writtenLanguages(path: string, versions: readonly LanguageVersion[], site: SiteLanguages = MAIN_SITE): SitemapEntry[] {
  let ordered = [...versions]
    .filter((v) => site.languages.includes(v.language))
    .sort((a, b) => LANGUAGES.indexOf(a.language) - LANGUAGES.indexOf(b.language));
  // Written in none of a partner's languages: shown to its visitors as written, canonical in the site's own.
  if (!ordered.length) ordered = [{ language: site.main, lastmod: versions[0]?.lastmod ?? null }];
  const written = ordered.map((v) => v.language);
  return languageEntries(path, ordered, pageLanguage(written, site.main) ?? site.main, site.root);
}
