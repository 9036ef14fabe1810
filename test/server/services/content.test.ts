import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { PartnerService } from '../../../src/server/services/partners.ts';
import { ContentService } from '../../../src/server/services/content.ts';
import { ConflictError, InputError, NotFoundError } from '../../../src/server/store/errors.ts';
import type { Store } from '../../../src/server/store/db.ts';

// Not the demo data: its pages are copy that changes; these tests own every row.
async function twoPartners(db: Store['db']) {
  const partners = new PartnerService(db);
  return {
    costa: await partners.create({ slug: 'costa-casas', name: 'Costa Casas' }),
    sol: await partners.create({ slug: 'sol-homes', name: 'Sol Homes' }),
  };
}

forEachStore(t, "a partner's own page wins over the main site's", async (t, store) => {
  const content = new ContentService(store.db);
  const { costa, sol } = await twoPartners(store.db);
  await content.upsert({ slug: 'costs', title: 'Costs and taxes', summary: 'What you pay', body: 'Main text' });
  await content.upsert({ slug: 'costs', partner: 'costa-casas', title: 'Costs with Costa Casas', body: 'Our text' });
  await content.upsert({ slug: 'team', partner: 'costa-casas', title: 'Our team', body: 'People' });

  t.match(await content.page('costs', null), {
    slug: 'costs',
    title: 'Costs and taxes',
    summary: 'What you pay',
    body: 'Main text',
    updatedAt: String,
  });
  t.match(await content.page('costs', costa.id), { title: 'Costs with Costa Casas', body: 'Our text' }, 'own page');
  t.match(await content.page('COSTS', costa.id), { title: 'Costs with Costa Casas' }, 'slug is case-insensitive');
  t.match(await content.page('costs', sol.id), { title: 'Costs and taxes' }, "another partner sees the main site's");
  t.equal(await content.page('team', null), null, "a partner's page is not on the main site");
  t.equal(await content.page('team', sol.id), null, "nor on another partner's site");
  t.equal(await content.page('nothing', costa.id), null);

  const titles = async (id: number | null) => (await content.list(id)).map((p) => p.title).sort();
  t.same(await titles(null), ['Costs and taxes']);
  t.same(await titles(costa.id), ['Costs with Costa Casas', 'Our team']);
  t.same(await titles(sol.id), ['Costs and taxes']);

  t.same(
    (await content.pages()).map((p) => [p.slug, p.partner]),
    [
      ['costs', null],
      ['costs', 'costa-casas'],
      ['team', 'costa-casas'],
    ],
    'every stored page, main site first',
  );
  t.same(
    (await content.pages('costa-casas')).map((p) => [p.slug, p.partner]),
    [
      ['costs', 'costa-casas'],
      ['team', 'costa-casas'],
    ],
  );
  t.same(
    (await content.pages('sol-homes')).map((p) => [p.slug, p.partner]),
    [['costs', null]],
  );
});

forEachStore(t, 'upsert creates, then replaces, and checks its input', async (t, store) => {
  const content = new ContentService(store.db);
  await twoPartners(store.db);
  const first = await content.upsert({ slug: 'Mortgages', title: ' Mortgages ', summary: 'For non-residents', body: 'One\r\n\r\nTwo\r\n' });
  t.match(first, {
    created: true,
    partner: null,
    page: { slug: 'mortgages', title: 'Mortgages', summary: 'For non-residents', body: 'One\n\nTwo' },
  });
  const second = await content.upsert({ slug: 'mortgages', partner: null, title: 'Mortgages in Spain', body: 'New' });
  t.match(
    second,
    { created: false, page: { title: 'Mortgages in Spain', summary: 'For non-residents', body: 'New' } },
    'a summary left out is kept',
  );
  const third = await content.upsert({ slug: 'mortgages', title: 'Mortgages in Spain', summary: '', body: 'New' });
  t.equal(third.page.summary, '', 'an empty summary clears it');
  t.equal((await content.pages()).length, 1, 'still one page');

  const refused: Array<[Record<string, unknown>, typeof InputError, string, RegExp]> = [
    [{ slug: 'contact', title: 'T', body: 'B' }, InputError, 'slug', /reserved.*\/contact/],
    [{ slug: 'uw-makelaar', partner: 'costa-casas', title: 'T', body: 'B' }, InputError, 'slug', /reserved/],
    [{ slug: 'client-login', title: 'T', body: 'B' }, InputError, 'slug', /reserved/],
    [{ slug: 'new-build-pages', title: 'T', body: 'B' }, InputError, 'slug', /reserved/],
    [{ slug: 'Bad Slug!', title: 'T', body: 'B' }, InputError, 'slug', /lowercase words/],
    [{ slug: '', title: 'T', body: 'B' }, InputError, 'slug', /required/],
    [{ slug: 'ok', title: '', body: 'B' }, InputError, 'title', /required/],
    [{ slug: 'ok', title: 'T' }, InputError, 'body', /required/],
    [{ slug: 'ok', title: 'T\nU', body: 'B' }, InputError, 'title', /on one line/],
    [{ slug: 'ok', title: 'T', summary: 'S\u0000', body: 'B' }, InputError, 'summary', /on one line/],
    [{ slug: 'ok', title: 'T', body: 'B', language: 'xx' }, InputError, 'language', /one of the site's languages \(en, da, de/],
    [{ slug: 'ok', title: 'T', body: 'B', partner: 'nobody' }, NotFoundError, 'partner', /"nobody" is not a partner/],
    [{ slug: 'sol-homes', title: 'T', body: 'B' }, ConflictError, 'slug', /partner sol-homes's site/],
  ];
  for (const [input, kind, field, message] of refused) {
    const error = await content.upsert(input as never).then(
      () => null,
      (e: unknown) => e,
    );
    t.type(error, kind, `${JSON.stringify(input)}: ${kind.name}`);
    t.match(error, { field, message });
  }
  t.equal((await content.pages()).length, 1, 'nothing refused was stored');
  const own = await content.upsert({ slug: 'sol-homes', partner: 'costa-casas', title: 'T', body: 'B' });
  t.equal(own.created, true, "a partner's page may share a partner's slug (/costa-casas/sol-homes)");
  const terms = await content.upsert({ slug: 'terms', title: 'Terms', body: 'B' });
  t.equal(terms.page.slug, 'terms', 'the terms page is a content page: reserved for partners, not for pages');
});

forEachStore(
  t,
  "a page in the visitor's language, else English, else any; a partner's replaces the main site's in all",
  async (t, store) => {
    const content = new ContentService(store.db);
    const { costa, sol } = await twoPartners(store.db);
    await content.upsert({ slug: 'costs', title: 'Costs and taxes', body: 'Main text' });
    await content.upsert({ slug: 'costs', language: 'de', title: 'Kosten und Steuern', body: 'Haupttext' });
    await content.upsert({ slug: 'costs', partner: 'costa-casas', language: 'nl', title: 'Kosten bij Costa Casas', body: 'Onze tekst' });
    await content.upsert({ slug: 'costs', partner: 'costa-casas', language: 'fr', title: 'Frais chez Costa Casas', body: 'Notre texte' });
    await content.upsert({ slug: 'notary', language: 'es', title: 'Notaría', body: 'Texto' });
    // Last by slug and by code point, first by the language's own order of titles.
    await content.upsert({ slug: 'zoning', language: 'de', title: 'Ämter und Genehmigungen', body: 'Text' });

    t.match(
      await content.page('costs', null, 'de'),
      { title: 'Kosten und Steuern', language: 'de', languages: ['en', 'de'] },
      "the visitor's",
    );
    t.match(await content.page('costs', null, 'en'), { title: 'Costs and taxes', language: 'en', languages: ['en', 'de'] });
    t.match(await content.page('costs', null, 'ja'), { title: 'Costs and taxes', language: 'en' }, 'else English');
    t.match(await content.page('costs', null), { language: 'en' }, 'English when no language is asked');
    t.match(await content.page('notary', null, 'de'), { title: 'Notaría', language: 'es', languages: ['es'] }, 'else the one there is');

    t.match(await content.page('costs', costa.id, 'nl'), { title: 'Kosten bij Costa Casas', language: 'nl', languages: ['fr', 'nl'] });
    t.match(
      await content.page('costs', costa.id, 'de'),
      { title: 'Frais chez Costa Casas', language: 'fr', languages: ['fr', 'nl'] },
      "a partner's page without the visitor's language nor English falls back among the partner's own, not to the main site's",
    );
    t.match(await content.page('costs', sol.id, 'de'), { title: 'Kosten und Steuern' }, "another partner sees the main site's");

    t.same(
      await content.list(null, 'de'),
      [
        { slug: 'zoning', title: 'Ämter und Genehmigungen', summary: '', language: 'de' },
        { slug: 'costs', title: 'Kosten und Steuern', summary: '', language: 'de' },
        { slug: 'notary', title: 'Notaría', summary: '', language: 'es' },
      ],
      "the list follows the language, each page's own said, by title as the language sorts it",
    );
    t.same(
      (await content.list(costa.id, 'nl')).map((p) => [p.title, p.language]),
      [
        ['Ämter und Genehmigungen', 'de'],
        ['Kosten bij Costa Casas', 'nl'],
        ['Notaría', 'es'],
      ],
    );

    const updated = await content.upsert({ slug: 'costs', language: 'de', title: 'Kosten und Steuern in Spanien', body: 'Neu' });
    t.match(
      updated,
      { created: false, page: { language: 'de', title: 'Kosten und Steuern in Spanien' } },
      'a version is replaced in its own language',
    );
    t.match(await content.page('costs', null, 'en'), { title: 'Costs and taxes', body: 'Main text' }, 'the others are kept');
    t.same(
      (await content.pages()).map((p) => [p.slug, p.partner, p.language]),
      [
        ['costs', null, 'de'],
        ['costs', null, 'en'],
        ['costs', 'costa-casas', 'fr'],
        ['costs', 'costa-casas', 'nl'],
        ['notary', null, 'es'],
        ['zoning', null, 'de'],
      ],
      'every stored version',
    );
    t.same(
      (await content.pages('costa-casas', ' DE ')).map((p) => [p.slug, p.partner, p.language]),
      [['zoning', null, 'de']],
      "one language's, as upsert takes it, still without the main site's page the partner replaces",
    );
    await t.rejects(content.pages(null, 'xx'), { field: 'language', message: /one of the site's languages \(en, da, de/ });
  },
);
