// A content page as the API answers it. Its body is a small, safe markup
// (content-blocks.ts). A page may be written in several languages; the answer
// is the version chosen for the visitor's (content-language.ts).
import { enums, object, optional, pattern, size, string, type Infer } from 'superstruct';
import { LANGUAGES, type Language } from './languages.ts';

export interface ContentPage {
  slug: string;
  title: string;
  summary: string;
  body: string;
  updatedAt: string;
  /** The language this version is written in: the one asked for, or the fallback when the page has none in it. */
  language: Language;
  /** Every language the page is written in on this site, in the site's order. */
  languages: Language[];
}

export const Slug = pattern(size(string(), 1, 80), /^[a-z0-9]+(?:-[a-z0-9]+)*$/);

/** The visitor's language; left out: the default (English). */
const Lang = optional(enums([...LANGUAGES]));

export const ContentQuery = object({
  slug: Slug,
  partner: optional(size(string(), 1, 80)),
  lang: Lang,
});
export type ContentQuery = Infer<typeof ContentQuery>;

export const ContentListQuery = object({
  partner: optional(size(string(), 1, 80)),
  lang: Lang,
});

export type ContentSummary = Pick<ContentPage, 'slug' | 'title' | 'summary' | 'language'>;
