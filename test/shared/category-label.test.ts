// A category's name (shared/category-label.ts): its locale's, or its key
// humanised; inside a sentence in lower case, unless the language writes its
// nouns with a capital (German).
import fs from 'node:fs';
import t from 'tap';
import { categoryInSentence, categoryLabel } from '../../src/shared/category-label.ts';
import { addMessages, setLanguageSource } from '../../src/shared/i18n.ts';
import type { Language } from '../../src/shared/languages.ts';

t.test('names, and names inside a sentence', async (t) => {
  let language: Language = 'en';
  setLanguageSource(() => language);
  t.teardown(() => setLanguageSource(() => undefined));
  for (const code of ['de', 'fr', 'ru'] as const)
    addMessages(JSON.parse(fs.readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')), code);

  t.equal(categoryLabel({ key: 'apartment' }), 'Apartment');
  t.equal(categoryLabel({ key: 'beach_hut' }), 'Beach hut', 'a key the locale does not name, humanised');
  t.equal(categoryInSentence({ key: 'apartment' }), 'apartment', 'English: lower case inside a sentence');
  language = 'fr';
  t.equal(categoryInSentence({ key: 'apartment' }), 'appartement');
  language = 'ru';
  t.equal(categoryInSentence({ key: 'apartment' }), 'квартира');
  language = 'de';
  t.equal(categoryInSentence({ key: 'apartment' }), 'Wohnung', 'German keeps the capital of its nouns');
});
