// GET /api/language-note?lang=de → the words of the note that offers a page in
// German, in German (shared/language-note.ts): the page's own build holds its
// language's strings only; the server holds every language's (writeIn()). The
// same for every visitor: cached like any public read.
import { LanguageNoteQuery } from '../../shared/language-note.ts';
import { t, writeIn } from '../../shared/i18n.ts';
import { read } from './read.ts';

export const languageNoteRead = read({
  path: '/api/language-note',
  query: LanguageNoteQuery,
  personal: false,
  async handler({ lang }) {
    return {
      data: writeIn(lang, () => ({
        text: t('languageNote.text'),
        open: t('languageNote.open'),
        dismiss: t('languageNote.dismiss'),
        label: t('languages.label'),
      })),
    };
  },
});
