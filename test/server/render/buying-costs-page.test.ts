// /buying-costs as the server renders it (issue 23): a GET form answered by
// the page itself, so it works without JavaScript; the breakdown for the
// price and region in its address; what is wrong with a field said beside it;
// in every section (main, /old, a partner's path and its own domain) in that
// site's name, with its links kept there; and the property page's units link
// to it with their price and region.
import t from 'tap';
import type { SearchAnswer } from '../../../src/shared/catalogue.ts';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { meta } from '../seo/head.ts';
import en from '../../../locales/en.json' with { type: 'json' };

/** The breakdown's rows: label and amount, in order. */
const breakdown = (html: string) =>
  [...html.matchAll(/<tr><th scope="row">(.*?)<\/th><td class="costs__amount">(.*?)<\/td><\/tr>/g)].map((m) => [
    textOf(m[1]!),
    textOf(m[2]!),
  ]);

t.test('a price and a region in the address: the costs, the total and the date of the figures', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/buying-costs?price=250000&community=valenciana');
  t.equal(res.statusCode, 200);
  t.match(String(res.headers['cache-control']), /public/, 'the same page for anyone');
  t.match(meta(res.body, 'og:title'), en.buyingCosts.metaTitle);
  t.match(res.body, /<link rel="canonical" href="[^"]*\/buying-costs"\/>/, 'one canonical page, whatever the figures asked');
  t.same(breakdown(res.body), [
    ['VAT (IVA) 10%', '€ 25.000'],
    ['Stamp duty (AJD) 1.5%', '€ 3.750'],
    ['Notary, with VAT', '€ 827'],
    ['Land registry, with VAT', '€ 243'],
    ['Lawyer, 1% with VAT', '€ 3.025'],
    ['NIE number, through a lawyer or agent', '€ 150'],
    ['Total costs', '€ 32.995'],
  ]);
  const text = textOf(res.body);
  t.match(text, 'About 13.2% on top of the price.');
  t.match(text, /Your own money at completion\s*€ 282\.995/);
  t.match(text, 'as checked on 28 Nov 2026', 'the date the figures were checked');
  t.match(text, 'An estimate, not advice', 'and that it is an estimate');
  t.match(res.body, /<form class="costs__form"[^>]* action="\/buying-costs" method="get"/, 'a form the browser sends without JavaScript');
  t.match(res.body, /<input id="costs-price"[^>]* name="price" value="250000"/, 'filled with what was asked');
  t.match(res.body, /<option value="valenciana" selected="">Valencian Community<\/option>/);
});

t.test('with a mortgage: the loan, the monthly payment and the bank’s limits', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/buying-costs?price=400000&community=andalucia&buyer=abroad&mortgage=1&deposit=20&years=30&rate=3');
  const text = textOf(res.body);
  t.match(text, /Loan\s*€ 320\.000/);
  t.match(text, '€ 1.349 a month over 30 years at 3%');
  t.match(text, 'Banks usually lend buyers from abroad at most 70% of the price or valuation');
  t.match(text, 'Banks usually lend buyers from abroad for at most 25 years.');
  t.match(res.body, /<input type="checkbox" id="costs-mortgage" name="mortgage" checked="" value="1"\/>/);
});

t.test('what a hand-edited address sends: the fields said wrong, never an error page', async (t) => {
  const app = await testApp(t);
  const res = await app.inject('/buying-costs?price=abc&community=atlantis&mortgage=1&deposit=120&years=99&rate=<b>');
  t.equal(res.statusCode, 200);
  const text = textOf(res.body);
  t.match(text, 'Enter a price between € 10.000 and € 50.000.000.');
  t.match(text, 'Choose a region from the list.');
  t.match(text, 'Enter a deposit between 0 and 100%.');
  t.match(text, 'Enter a term between 5 and 40 years.');
  t.match(text, 'Enter a rate between 0 and 15%.');
  t.match(text, en.buyingCosts.ask, 'and no figures');
  t.match(res.body, /<input id="costs-price"[^>]* aria-invalid="true" aria-describedby="costs-price-error"/);
  t.notMatch(res.body, '<b>', 'nothing of the address written unescaped');

  const blank = await app.inject('/buying-costs');
  t.match(textOf(blank.body), en.buyingCosts.ask, 'opened bare: asks for a price and a region');
  t.notMatch(blank.body, 'field__error', 'without an error');
});

t.test('in every section, in its brand, its links kept there', async (t) => {
  const app = await testApp(t);
  const cases: Array<[string, Record<string, string>, string]> = [
    ['/old/buying-costs', {}, '/old'],
    ['/costa-casas/buying-costs', {}, '/costa-casas'],
    ['/buying-costs', { host: 'costa-casas.localhost' }, ''],
  ];
  for (const [path, headers, prefix] of cases) {
    const res = await app.inject({ url: `${path}?price=200000&community=murcia`, headers });
    t.equal(res.statusCode, 200, path);
    t.match(
      res.body,
      new RegExp(`<form class="costs__form"[^>]* action="${prefix}/buying-costs" method="get"`),
      `${path}: the form stays in the section`,
    );
    t.match(res.body, new RegExp(`href="${prefix}/costs-and-taxes"`), 'and the guide');
    t.ok(breakdown(res.body).length > 0, 'with the figures');
  }
  const partner = await app.inject({ url: '/buying-costs', headers: { host: 'costa-casas.localhost' } });
  t.match(partner.body, /<title>[^<]*\| Costa Casas Inmobiliaria<\/title>/, "a partner's domain: in the partner's name");
});

t.test("a property page's available homes link to their costs; the footer to the calculator", async (t) => {
  const app = await testApp(t);
  const [project] = ((await app.inject('/api/properties?account_id=1&per_page=1')).json() as SearchAnswer).data;
  const res = await app.inject(`/for-sale/${project!.id}`);
  const links = [...res.body.matchAll(/<a class="units-table__costs" href="([^"]+)"/g)].map((m) => m[1]!.replaceAll('&amp;', '&'));
  t.ok(links.length > 0, 'a link per available home');
  for (const link of links) t.match(link, /^\/buying-costs\?price=\d+&community=(valenciana|murcia|andalucia)$/, link);
  const first = await app.inject(links[0]!);
  t.ok(breakdown(first.body).length > 0, 'which opens on its figures');
  t.match(res.body, /<a href="\/buying-costs">Buying costs calculator<\/a>/, 'the footer names the calculator');
});
