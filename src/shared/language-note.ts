// The words of the note that offers a page in another of the site's languages
// (client/lib/language-offer.ts, docs/decisions/language-note.md): in the
// language it offers, which the page's own build does not hold, so
// /api/language-note answers them.
import { enums, object, type Infer } from 'superstruct';
import { LANGUAGES } from './languages.ts';

export const LanguageNoteQuery = object({ lang: enums(LANGUAGES) });
export type LanguageNoteQuery = Infer<typeof LanguageNoteQuery>;

/** The note's words, in the language it offers. */
export interface LanguageNoteWords {
  text: string;
  open: string;
  dismiss: string;
  /** The region's name for screen readers. */
  label: string;
}

export interface LanguageNoteAnswer {
  data: LanguageNoteWords;
}
