// A content page's addresses for search engines (docs/decisions/content-in-every-language.md):
// canonical at the page in the language it is written in, so a German address
// showing the English text (no German version yet) is not indexed as a German
// page; alternates naming only the languages it is written in, and as
// x-default the version a visitor of no listed language gets (English, else
// the first). On a partner's site that offers none of the languages it is
// written in, the page is canonical where it is shown. Only the content page's module loads it.
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
  const own = pageAddresses(where);
  const offered = own.alternates.some((a) => a.hreflang === written.language);
  const shown = offered ? pageAddresses({ ...where, language: written.language }) : own;
  const alternates = shown.alternates.filter((a) => (written.languages as readonly string[]).includes(a.hreflang));
  const fallback = alternates.find((a) => a.hreflang === pageLanguage(written.languages, DEFAULT_LANGUAGE));
  return {
    ...shown,
    url: own.url,
    alternates: fallback ? [...alternates, { hreflang: 'x-default', href: fallback.href }] : alternates,
  };
}
