// The browser's strings in another language (messages-language.mjs): English's
// shape with the language's strings, except plural messages, which keep every
// form of the language's own (Russian's `many` is no form of English's).
import fs from 'node:fs';
import t from 'tap';
import { inLanguage, isPluralMessage } from '../../src/client/messages-language.mjs';
import { LANGUAGES } from '../../build.mjs';
import en from '../../locales/en.json' with { type: 'json' };
import ru from '../../locales/ru.json' with { type: 'json' };

t.test("a plural message takes the language's forms; everything else English's keys", async (t) => {
  const english = { count: { one: '{count} development', other: '{count} developments' }, title: 'Search', more: 'More' };
  const russian = {
    count: { one: '{count} проект', few: '{count} проекта', many: '{count} проектов', other: '{count} проекта' },
    title: 'Поиск',
    extra: 'not in English',
  };
  t.same(inLanguage(english, russian), {
    count: russian.count,
    title: 'Поиск',
    more: 'More',
  });
  t.same(
    inLanguage(english, { count: { other: '{count} 件' } }),
    { count: { other: '{count} 件' }, title: 'Search', more: 'More' },
    'only other',
  );
  t.same(inLanguage(english, { count: 'not a plural message' }), english, 'a file that is wrong there keeps English');
});

t.test('what is a plural message', async (t) => {
  t.ok(isPluralMessage({ one: 'a', other: 'b' }));
  t.ok(isPluralMessage({ other: 'b' }));
  t.notOk(isPluralMessage({ one: 'a' }), 'no other');
  t.notOk(isPluralMessage({ one: 'a', other: 'b', title: 'c' }), 'a key that is no plural category');
  t.notOk(isPluralMessage({ one: { x: 'a' }, other: 'b' }), 'a form that is no string');
  t.notOk(isPluralMessage(['a']));
});

t.test("every language's browser strings keep every plural form of its file", async (t) => {
  /** Each plural form under `tree`, by its dotted key (`search.count.many`). */
  const forms = (tree: unknown, prefix = ''): string[] =>
    isPluralMessage(tree)
      ? Object.keys(tree).map((form) => `${prefix}.${form}`)
      : tree && typeof tree === 'object' && !Array.isArray(tree)
        ? Object.entries(tree).flatMap(([key, value]) => forms(value, prefix ? `${prefix}.${key}` : key))
        : [];
  t.ok(forms(ru).includes('search.count.many'), 'Russian has forms English has not');
  for (const language of LANGUAGES.filter((l) => l !== 'en')) {
    const file: unknown = JSON.parse(fs.readFileSync(new URL(`../../locales/${language}.json`, import.meta.url), 'utf8'));
    const kept = new Set(forms(inLanguage(en, file)));
    t.same(
      forms(file).filter((form) => !kept.has(form)),
      [],
      `${language}: no plural form lost`,
    );
  }
});
