// Every locale file is complete (issue 24): every key of en.json and no other,
// lists of the same length, the same {placeholders}, each plural message with
// exactly its language's plural categories, and no sentence left in English
// (test/helpers/locale-check.ts). And the check itself catches each of those.
import t from 'tap';
import { LOCALES } from '../src/server/locales.ts';
import { localeProblems, readLocale } from './helpers/locale-check.ts';

const en = readLocale('en') as Record<string, unknown>;

t.test('every language has every string of English, and only those', async (t) => {
  t.equal(LOCALES.length, 16);
  for (const language of LOCALES) t.same(localeProblems(language, readLocale(language), en), [], `${language}.json is complete`);
});

t.test('the check names what is wrong', async (t) => {
  const english = {
    site: { name: 'Spain New Homes', tagline: 'New-build homes in Spain' },
    search: { count: { one: '{count} development', other: '{count} developments' }, placed: 'Homes in {place}' },
    list: ['First point', 'Second point'],
  };
  const good = {
    site: { name: 'Spain New Homes', tagline: 'Neubauten in Spanien' },
    search: { count: { one: '{count} Neubauprojekt', other: '{count} Neubauprojekte' }, placed: 'Häuser in {place}' },
    list: ['Erster Punkt', 'Zweiter Punkt'],
  };
  t.same(localeProblems('de', good, english), [], 'a good file, a name kept as it is');
  const problems = (change: (copy: typeof good & Record<string, unknown>) => void, language = 'de') => {
    const copy = structuredClone(good) as typeof good & Record<string, unknown>;
    change(copy);
    return localeProblems(language, copy, english);
  };
  t.match(
    problems((c) => delete (c.site as Partial<typeof c.site>).tagline),
    ['site.tagline: missing'],
  );
  t.match(
    problems((c) => (c.extra = 'x')),
    ['extra: not in English'],
  );
  t.match(
    problems((c) => (c.search.placed = 'Häuser in {town}')),
    [/search\.placed: placeholders \{town\} differ from English \{place\}/],
  );
  t.match(
    problems((c) => (c.list = ['Erster Punkt'])),
    [/list: should be a list of 2/],
  );
  t.match(
    problems((c) => (c.site.tagline = 'New-build homes in Spain')),
    [/site\.tagline: left in English/],
  );
  t.match(
    problems(() => {}, 'pl'),
    [/search\.count: plural forms one, other; pl needs one, few, many, other/],
    "a language's own plural categories",
  );
  t.match(
    problems((c) => (c.search.count.one = 'ein Neubauprojekt')),
    [/search\.count\.one: placeholders \{\} differ from English \{count\}/],
    'every form keeps the number',
  );
});
