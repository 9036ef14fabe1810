// Content pages in the visitor's language (issue 24): each language's page
// from its own version; a page not written in it shows the best fallback
// (English, else any) marked with its own `lang` and a line in the visitor's
// language, canonical at the version shown and naming only the languages it
// is written in; a partner's page replaces the main site's in whichever
// languages it wrote. On both stores, as the page is sent and as /api/content answers.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { canonicals, titleOf } from '../seo/head.ts';
import { createServices } from '../../../src/server/services/index.ts';
import type { ContentAnswer, ContentListAnswer } from '../../../src/shared/reads.ts';
import en from '../../../locales/en.json' with { type: 'json' };
import de from '../../../locales/de.json' with { type: 'json' };
import nl from '../../../locales/nl.json' with { type: 'json' };

const SITE = 'https://www.example.com';

const alternates = (html: string) =>
  Object.fromEntries([...html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"\/>/g)].map((m) => [m[1], m[2]]));
const article = (html: string) => /<article class="container page content-page"( lang="[^"]+")?>/.exec(html);
const guide = (messages: typeof en, slug: string) => messages.demo.pages.find((p) => p.slug === slug)!;

forEachStore(
  t,
  "each language's page, and a marked fallback that search engines see as the version it is",
  async (t, store) => {
    const { content } = createServices(store);
    await content.upsert({ slug: 'notary-fees', title: 'Notary fees', body: 'About 0.5%.' });
    await content.upsert({ slug: 'bank-account', language: 'nl', title: 'Een bankrekening openen', body: 'Zo gaat het.' });
    const app = await testApp(t, { store, env: { SEED_DEMO: 'false', SITE_URL: SITE } });

    for (const [code, messages] of [
      ['de', de],
      ['nl', nl],
    ] as const) {
      const page = await app.inject(`/${code}/buying-process`);
      t.equal(page.statusCode, 200);
      t.match(page.body, `<html lang="${code}">`);
      t.equal(titleOf(page.body), `${guide(messages, 'buying-process').title} | ${messages.site.name}`, `the ${code} version`);
      t.match(textOf(page.body), guide(messages, 'buying-process').summary);
      t.equal(article(page.body)?.[1], undefined, "in the page's language: no lang of its own");
      t.notMatch(page.body, 'content-page__language', 'and no line about it');
      t.same(canonicals(page.body), [`${SITE}/${code}/buying-process`]);
      const named = alternates(page.body);
      t.equal(Object.keys(named).length, 17, 'written in all sixteen: each named, and x-default');
      t.equal(named['x-default'], `${SITE}/buying-process`);
    }

    const fallback = await app.inject('/de/notary-fees');
    t.equal(fallback.statusCode, 200);
    t.match(fallback.body, '<html lang="de">', 'the page around it is German');
    t.equal(article(fallback.body)?.[1], ' lang="en"', 'the English text carries its own lang');
    t.match(fallback.body, '<p class="content-page__language" lang="de">');
    t.match(textOf(fallback.body), 'Diese Seite ist auf Englisch: Eine deutsche Fassung gibt es noch nicht.');
    t.match(textOf(fallback.body), 'About 0.5%.');
    t.same(canonicals(fallback.body), [`${SITE}/notary-fees`], 'canonical at the English page, not indexed as German');
    t.same(alternates(fallback.body), { en: `${SITE}/notary-fees`, 'x-default': `${SITE}/notary-fees` }, 'only the language it exists in');
    t.same(alternates((await app.inject('/notary-fees')).body), alternates(fallback.body), 'as the English page names them');

    const dutchOnly = await app.inject('/bank-account');
    t.equal(article(dutchOnly.body)?.[1], ' lang="nl"', 'no English: the one there is');
    t.match(textOf(dutchOnly.body), 'This page is in Dutch: it has not been written in English yet.');
    t.same(canonicals(dutchOnly.body), [`${SITE}/nl/bank-account`]);
    t.same(alternates(dutchOnly.body), { nl: `${SITE}/nl/bank-account`, 'x-default': `${SITE}/nl/bank-account` });
    const inDutch = await app.inject('/nl/bank-account');
    t.equal(article(inDutch.body)?.[1], undefined);
    t.same(canonicals(inDutch.body), [`${SITE}/nl/bank-account`]);

    const answer = (await app.inject('/api/content?slug=notary-fees&lang=de')).json() as ContentAnswer;
    t.match(answer.data, { title: 'Notary fees', language: 'en', languages: ['en'] });
    t.match(((await app.inject('/api/content?slug=buying-process&lang=nl')).json() as ContentAnswer).data, {
      title: guide(nl, 'buying-process').title,
      language: 'nl',
    });
    t.equal(((await app.inject('/api/content?slug=buying-process')).json() as ContentAnswer).data.languages.length, 16);
    const bad = await app.inject('/api/content?slug=buying-process&lang=xx');
    t.equal(bad.statusCode, 400, 'an unknown language is refused');
    t.match(bad.json(), { field: 'lang', message: /lang/ }, 'naming the field');
  },
  { seed: true },
);

forEachStore(
  t,
  "a partner's page replaces the main site's in the languages it wrote, and falls back among its own",
  async (t, store) => {
    const { content } = createServices(store);
    await content.upsert({
      slug: 'buying-process',
      partner: 'sol-homes',
      language: 'nl',
      title: 'Kopen met Sol Homes',
      body: 'Onze stappen.',
    });
    const app = await testApp(t, { store, env: { SEED_DEMO: 'false', SITE_URL: SITE } });

    const dutch = await app.inject('/nl/sol-homes/buying-process');
    t.equal(titleOf(dutch.body), 'Kopen met Sol Homes | Sol Homes Makelaardij');
    t.equal(article(dutch.body)?.[1], undefined);
    const german = await app.inject('/de/sol-homes/buying-process');
    t.equal(article(german.body)?.[1], ' lang="nl"', "its own Dutch page, not the main site's German one");
    t.match(textOf(german.body), 'Diese Seite ist auf Niederländisch');
    t.same(Object.keys(alternates(german.body)).sort(), ['nl', 'x-default'], 'the languages the partner wrote it in');
    t.match(canonicals(german.body)[0], /\/nl\/buying-process$/);

    const other = await app.inject('/de/costa-casas/buying-process');
    t.equal(
      titleOf(other.body),
      `${guide(de, 'buying-process').title} | Costa Casas Inmobiliaria`,
      "another partner: the main site's German",
    );
  },
  { seed: true },
);

forEachStore(
  t,
  'the guides listing follows the language, marking a page of another',
  async (t, store) => {
    await createServices(store).content.upsert({ slug: 'notary-fees', title: 'Notary fees', body: 'About 0.5%.' });
    const app = await testApp(t, { store, env: { SEED_DEMO: 'false', SITE_URL: SITE } });
    const list = ((await app.inject('/api/content-list?lang=de')).json() as ContentListAnswer).data;
    t.ok(
      list.some((p) => p.title === guide(de, 'nie-number').title && p.language === 'de'),
      'German titles',
    );
    t.match(
      list.find((p) => p.slug === 'notary-fees'),
      { title: 'Notary fees', language: 'en' },
    );
    const page = await app.inject('/de/old');
    t.match(textOf(page.body), guide(de, 'costs-and-taxes').title);
    t.notMatch(textOf(page.body), guide(en, 'costs-and-taxes').title);
    t.match(page.body, /<li class="guide-list__item" lang="en"><h2><a[^>]*>Notary fees</, 'the English one marked');
  },
  { seed: true },
);
