// A content page's addresses for search engines (docs/decisions/content-in-every-language.md):
// canonical at the page in the language it is written in, so a German address
// showing the English text (no German version yet) is not indexed as a German
// page; alternates naming only the languages it is written in, and as
// x-default the version a visitor of no listed language gets (English, else
// the first). Only the content page's module loads it.
import { pageAddresses, type PageAddresses, type Where } from './page-addresses.ts';
import { pageLanguage } from '../../shared/content-language.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../shared/languages.ts';

export interface WrittenIn {
  /** The language of the version shown. */
  language: Language;
  /** Every language the page is written in. */
  languages: readonly Language[];
}

export function contentAddresses(where: Where, written: WrittenIn): PageAddresses {
  const shown = pageAddresses({ ...where, language: written.language });
  const alternates = shown.alternates.filter((a) => (written.languages as readonly string[]).includes(a.hreflang));
  const fallback = alternates.find((a) => a.hreflang === pageLanguage(written.languages, DEFAULT_LANGUAGE));
  return {
    ...shown,
    url: pageAddresses(where).url,
    alternates: fallback ? [...alternates, { hreflang: 'x-default', href: fallback.href }] : alternates,
  };
}
