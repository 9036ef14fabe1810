// The site's languages (SPEC §1's sixteen locale files, issue 24) and where each
// lives in a URL: English, the default, at the unprefixed addresses of SPEC §2;
// every other language under its code as the first segment (`/de/…`,
// `/de/old/…`, `/de/{partner}/…`, `/de/…` on a partner's own domain).
export const LANGUAGES = ['en', 'da', 'de', 'es', 'fr', 'hr', 'hu', 'it', 'ja', 'nl', 'no', 'pl', 'pt', 'ru', 'sv', 'uk'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

const KNOWN = new Set<string>(LANGUAGES);

export function isLanguage(code: string): code is Language {
  return KNOWN.has(code);
}

/**
 * A path's language and the path without it: `/de/for-sale/1` → de, `/for-sale/1`;
 * `/de` → de, `/`. A path without a language's code first is the root language's
 * (the default one, or a partner's on its own domain), as it is. The code is
 * matched in lower case only (`/DE/` is a partner's slug or nothing, never German).
 */
export function splitLanguage(path: string, root: Language = DEFAULT_LANGUAGE): { language: Language; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|\?|$)/.exec(path);
  if (!match || !isLanguage(match[1]!)) return { language: root, path, prefixed: false };
  const rest = path.slice(3);
  return { language: match[1], path: rest === '' || rest.startsWith('?') ? `/${rest}` : rest, prefixed: true };
}

/**
 * The first segment of a language's addresses: '' for the root one, '/de' for German. The root
 * language is the default one, but on a partner's own domain the partner's (`root_language`).
 */
export function languagePrefix(language: Language, root: Language = DEFAULT_LANGUAGE): string {
  return language === root ? '' : `/${language}`;
}

/** A site path (with its query) under a language's prefix ('' or '/de'): `/contact` → `/de/contact`, `/` → `/de`; any other address as it is. */
export function withPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? prefix : path.startsWith('/?') ? prefix + path.slice(1) : prefix + path;
}

/** `path` in `language`: `/contact` → `/de/contact` (`/contact` where German is the `root` language). */
export function inLanguage(path: string, language: Language, root: Language = DEFAULT_LANGUAGE): string {
  return withPrefix(languagePrefix(language, root), path);
}

/** The languages of one site as one host serves it: the main site's, or a partner's. */
export interface SiteLanguages {
  /** The languages it offers, in the site's order. */
  languages: readonly Language[];
  /** Its own language: x-default, and where a page asked for in a language it does not offer goes. */
  main: Language;
  /** The language of the host's unprefixed addresses: the default one, or a partner's on its own domain. */
  root: Language;
}

export const MAIN_SITE: SiteLanguages = { languages: LANGUAGES, main: DEFAULT_LANGUAGE, root: DEFAULT_LANGUAGE };

/** A partner's site (`partner` null: the main site's): its languages, its root language at its own domain's root. */
export function siteLanguages(
  partner: { languages: readonly Language[]; root_language: Language } | null | undefined,
  ownDomain: boolean,
): SiteLanguages {
  if (!partner) return MAIN_SITE;
  return { languages: partner.languages, main: partner.root_language, root: ownDomain ? partner.root_language : DEFAULT_LANGUAGE };
}
