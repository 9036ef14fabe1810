// GET /api/language-note (api/language-note-reads.ts): the words of the note
// that offers a page in another language, in that language, from its locale
// file; the same answer for everyone; a language the site does not have is a
// 400 naming the field.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { testApp } from '../../helpers/app.ts';
import { ROOT_DIR } from '../../../src/server/paths.ts';
import { LANGUAGES } from '../../../src/shared/languages.ts';
import type { LanguageNoteAnswer } from '../../../src/shared/language-note.ts';

const locale = (language: string) => JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'locales', `${language}.json`), 'utf8'));

t.test('the note in each language, in its own words', async (t) => {
  const app = await testApp(t);
  const de = await app.inject('/api/language-note?lang=de');
  t.equal(de.statusCode, 200);
  t.same((de.json() as LanguageNoteAnswer).data, {
    text: 'Diese Seite gibt es auch auf Deutsch.',
    open: 'Auf Deutsch ansehen',
    dismiss: 'Nein, danke',
    label: 'Sprache',
  });
  t.match(de.headers['cache-control'], /public/, 'the same answer for everyone');
  for (const language of LANGUAGES) {
    const { data } = (await app.inject(`/api/language-note?lang=${language}`)).json() as LanguageNoteAnswer;
    const words = locale(language);
    t.same(data, { ...words.languageNote, label: words.languages.label }, `${language}: its locale file's words`);
  }
});

t.test('a language the site does not have, or none: 400 naming the field', async (t) => {
  const app = await testApp(t);
  for (const query of ['lang=xx', 'lang=DE', '']) {
    const res = await app.inject(`/api/language-note?${query}`);
    t.equal(res.statusCode, 400, query || 'no query');
    t.match(res.json(), { message: /lang/ });
  }
});
