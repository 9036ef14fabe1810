// /compare?ids=… as the server renders it (issue 22), on the demo catalogue:
// readable without JavaScript (a table, one column a development, one row a
// fact, the rows that differ marked), its links kept in the section (main,
// /old, a partner's path and its own domain), never indexed, cacheable as
// anyone's, and a page (never an error) for whatever a hand-edited link sends.
import t from 'tap';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';
import { testApp } from '../../helpers/app.ts';
import { stateOf, textOf } from '../../helpers/html.ts';
import { meta } from '../seo/head.ts';
import en from '../../../locales/en.json' with { type: 'json' };

/** The compared developments' names, in column order. */
const columns = (html: string) =>
  [...html.matchAll(/<a class="compare-table__name" href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => ({ href: m[1]!, name: m[2]! }));
const removeLinks = (html: string) =>
  [...html.matchAll(/<a class="compare-table__remove"[^>]*href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
/** Each body row: its label, whether it is marked as differing, and its values. */
const rows = (html: string) =>
  [...html.matchAll(/<tr( class="is-different")?><th scope="row">(.*?)<\/th>(.*?)<\/tr>/g)].map((m) => ({
    different: Boolean(m[1]),
    label: textOf(m[2]!)
      .trim()
      .replace(/ \(differs\)$/, ''),
    values: [...m[3]!.matchAll(/<td>(.*?)<\/td>/g)].map((v) => textOf(v[1]!).trim()),
  }));

t.test('a comparison: columns in the order asked, facts as rows, the differences marked', async (t) => {
  const app = await testApp(t);
  const projects = ((await app.inject('/api/properties?account_id=1&per_page=4&sort=price_desc')).json() as SearchAnswer).data;
  const [a, b, c] = projects;
  const res = await app.inject(`/compare?ids=${c!.id},${a!.id},${b!.id}`);
  t.equal(res.statusCode, 200);
  t.equal(meta(res.body, 'robots'), 'noindex', 'a comparison is not indexed');
  t.match(String(res.headers['cache-control']), /public/, 'the same page for anyone who has the link');
  t.same(
    columns(res.body),
    [c, a, b].map((p) => ({ href: `/for-sale/${p!.id}`, name: p!.name })),
    'one column a development, in the order of the link, each a link to its page',
  );
  const table = rows(res.body);
  const labels = table.map((r) => r.label);
  for (const label of [
    en.compare.rows.price,
    en.compare.rows.pricePerM2,
    en.compare.rows.stage,
    en.compare.rows.bedrooms,
    en.features['sea-view'],
  ])
    t.ok(labels.includes(label), `a row for ${label}`);
  for (const row of table) {
    t.equal(row.values.length, 3, `${row.label}: a value for each development`);
    t.equal(row.different, new Set(row.values).size > 1, `${row.label}: marked exactly when its values differ`);
  }
  const price = table.find((r) => r.label === en.compare.rows.price)!;
  t.ok(price.different, 'three developments at three prices differ');
  t.ok(
    table.some((r) => !r.different),
    'and some facts are the same',
  );
  t.ok(
    table
      .filter((r) => r.label in Object.fromEntries(Object.values(en.features).map((f) => [f, 1])))
      .every((r) => r.values.every((v) => v === en.compare.yes || v === en.compare.notStated)),
    'a feature is "Yes" or "Not stated", never "No"',
  );
  t.same(
    removeLinks(res.body),
    [`/compare?ids=${a!.id},${b!.id}`, `/compare?ids=${c!.id},${b!.id}`, `/compare?ids=${c!.id},${a!.id}`],
    '"Remove" is a link to the comparison without that development: it works without JavaScript',
  );
  t.match(res.body, /<input type="checkbox" id="compare-differences"\/>/, '"Show only the differences" is there without a script');
  t.match(
    res.body,
    new RegExp(`href="https://wa.me/\\?text=[^"]*compare%3Fids%3D${c!.id}%2C${a!.id}%2C${b!.id}`),
    'a WhatsApp link to this comparison',
  );
  t.same(stateOf(res.body).data && Object.keys(stateOf(res.body).data).length, 1, 'one read: the comparison');
});

t.test('in every section, the links stay in it', async (t) => {
  const app = await testApp(t);
  const [a, b] = ((await app.inject('/api/properties?account_id=1&per_page=2')).json() as SearchAnswer).data;
  const cases: Array<[string, Record<string, string>, string]> = [
    ['/old/compare', {}, '/old'],
    ['/costa-casas/compare', {}, '/costa-casas'],
    ['/compare', { host: 'costa-casas.localhost' }, ''],
  ];
  for (const [path, headers, prefix] of cases) {
    const res = await app.inject({ url: `${path}?ids=${a!.id},${b!.id}`, headers });
    t.equal(res.statusCode, 200, path);
    t.same(
      columns(res.body).map((col) => col.href),
      [`${prefix}/for-sale/${a!.id}`, `${prefix}/for-sale/${b!.id}`],
      `${path} ${headers.host ?? ''}: the developments' pages in the section`,
    );
    t.same(removeLinks(res.body), [`${prefix}/compare?ids=${b!.id}`, `${prefix}/compare?ids=${a!.id}`]);
  }
});

t.test('without developments, or with a hand-edited link: a page that says how to choose', async (t) => {
  const app = await testApp(t);
  const empty = await app.inject('/compare');
  t.equal(empty.statusCode, 200);
  t.match(textOf(empty.body), en.compare.empty.replace('{max}', '4'));
  t.match(empty.body, /<a [^>]*href="\/search"[^>]*>Find developments<\/a>/, 'with the way to the search');
  t.same(Object.keys(stateOf(empty.body).data), [], 'no read without ids');

  for (const ids of ['abc', '0,-1', '<script>alert(1)</script>', '99999999999', '', '999999']) {
    const res = await app.inject(`/compare?ids=${encodeURIComponent(ids)}`);
    t.equal(res.statusCode, 200, `ids=${ids}: a page, not an error`);
    t.match(textOf(res.body), en.compare.title);
    t.same(columns(res.body), [], 'nothing to compare');
    t.notMatch(res.body, '<script>alert', 'nothing of the link is written unescaped');
  }

  const listed = ((await app.inject('/api/properties?account_id=1&per_page=6')).json() as SearchAnswer).data.map((p) => p.id);
  const many = await app.inject(`/compare?ids=${[listed[0], listed[0], 'x', ...listed.slice(1)].join(',')}`);
  t.same(
    columns(many.body).map((col) => col.href),
    listed.slice(0, 4).map((id) => `/for-sale/${id}`),
    'each once, the first four, anything else in the list passed over',
  );
  const gone = await app.inject(`/compare?ids=${listed[0]},999999`);
  t.match(textOf(gone.body), en.compare.missing, 'a development no longer listed is said to be gone');
  t.equal(columns(gone.body).length, 1);

  const sitemap = await app.inject('/sitemap.xml');
  t.notMatch(sitemap.body, /\/compare/, 'comparisons are not in the sitemap');
});
