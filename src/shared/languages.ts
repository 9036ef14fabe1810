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
 * `/de` → de, `/`. A path without a language's code first is the default
 * language's, as it is. The code is matched in lower case only (`/DE/` is a
 * partner's slug or nothing, never German).
 */
export function splitLanguage(path: string): { language: Language; path: string; prefixed: boolean } {
  const match = /^\/([a-z]{2})(?=\/|\?|$)/.exec(path);
  if (!match || !isLanguage(match[1]!)) return { language: DEFAULT_LANGUAGE, path, prefixed: false };
  const rest = path.slice(3);
  return { language: match[1], path: rest === '' || rest.startsWith('?') ? `/${rest}` : rest, prefixed: true };
}

/** The first segment of a language's addresses: '' for the default one, '/de' for German. */
export function languagePrefix(language: Language): string {
  return language === DEFAULT_LANGUAGE ? '' : `/${language}`;
}

/** A site path (with its query) under a language's prefix ('' or '/de'): `/contact` → `/de/contact`, `/` → `/de`; any other address as it is. */
export function withPrefix(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/') || path.startsWith('//')) return path;
  return path === '/' ? prefix : path.startsWith('/?') ? prefix + path.slice(1) : prefix + path;
}

/** `path` in `language`: `/contact` → `/de/contact`. */
export function inLanguage(path: string, language: Language): string {
  return withPrefix(languagePrefix(language), path);
}
