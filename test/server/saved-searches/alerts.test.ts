// Instant alerts after an import (issue 13), on SQLite and PostgreSQL: the new
// projects and the price drops of the import, matched per active instant
// search (place, map area, the partner's scope, filters), queued in the
// import's transaction: a failed import queues nothing, the same feed twice
// mails once, at most ten projects and "see all N".
import t from 'tap';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { summaryLines } from '../../../src/server/catalogue-import/summary.ts';
import { forEachStore } from '../../helpers/db.ts';
import { chunks, feed, property, type PropertySpec } from '../catalogue-import/feeds.ts';
import { SITE, addSearch, listedNames, queuedMails } from './alert-helpers.ts';
import { t as msg } from '../../../src/shared/i18n.ts';
import { readSavedSearch } from '../../../src/shared/saved-searches.ts';
import { gatherCandidates, matchSearch } from '../../../src/server/services/saved-searches/alert-matches.ts';
import { instantAlerts } from '../../../src/server/services/saved-searches/alerts.ts';

const day = (n: number) => new Date(Date.UTC(2026, 2, n, 3));
const run = (store: Store, xml: string, now: Date, alerts = true) =>
  importFeed(store, chunks(xml, 4096), { source: 'test', now, ...(alerts ? { alerts: instantAlerts(SITE) } : {}) });

const TORREVIEJA = { town: 'Torrevieja', province: 'Alicante', lat: 37.978, lng: -0.683 };
const BENIDORM = { town: 'Benidorm', province: 'Alicante', lat: 38.541, lng: -0.122 };
const MARBELLA = { town: 'Marbella', province: 'Malaga', lat: 36.51, lng: -4.882 };
const home = (id: string, dev: string, price: number, at: Partial<PropertySpec>, extra: Partial<PropertySpec> = {}) =>
  property({ id, dev, name: `Residencial ${dev}`, price, beds: 2, baths: 1, ...at, ...extra });

/** The first catalogue: D1 and D2 in Torrevieja, D3 in Marbella. */
const FIRST = [
  home('U1', 'D1', 300000, TORREVIEJA),
  home('U2', 'D2', 250000, TORREVIEJA),
  home('U3', 'D3', 400000, MARBELLA),
  home('U6', 'D6', 500000, BENIDORM),
];
/** D1 cheaper, D2 dearer, D4 new in Torrevieja, D5 new in Marbella, a sold unit of D6 cheaper (not an alert). */
const SECOND = [
  home('U1', 'D1', 280000, TORREVIEJA),
  home('U2', 'D2', 260000, TORREVIEJA),
  home('U3', 'D3', 400000, MARBELLA),
  home('U4', 'D4', 200000, TORREVIEJA, { lat: 37.99, lng: -0.69 }),
  home('U5', 'D5', 350000, MARBELLA),
  home('U6', 'D6', 500000, BENIDORM),
  home('U7', 'D6', 450000, BENIDORM, { status: 'sold' }),
];

forEachStore(
  t,
  'an import mails each matching active instant search once, in its scope',
  async (t, store) => {
    await run(store, feed(...FIRST), day(1));
    t.same(await queuedMails(store.db), [], 'no search yet: nothing');
    const db = store.db;
    const ids = {
      torrevieja: await addSearch(db, { email: 'a@example.com', search: '/search/spain/alicante/torrevieja' }),
      malaga: await addSearch(db, { email: 'b@example.com', search: '/search/spain/malaga' }),
      area: await addSearch(db, { email: 'c@example.com', search: '/search?bbox=-0.7,37.985,-0.68,38' }),
      cheap: await addSearch(db, { email: 'd@example.com', search: '/search/spain/alicante?priceto=210000' }),
      pending: await addSearch(db, { email: 'e@example.com', search: '/search', status: 'pending' }),
      stopped: await addSearch(db, { email: 'f@example.com', search: '/search', status: 'stopped' }),
      daily: await addSearch(db, { email: 'g@example.com', search: '/search', frequency: 'daily' }),
      partner: await addSearch(db, { email: 'h@example.com', search: '/search', partner: 'costa-casas' }),
      nothing: await addSearch(db, { email: 'i@example.com', search: '/search/spain/alicante/benidorm' }),
    };
    const malaga = await db.selectFrom('geo_places').select('id').where('path', '=', 'spain/malaga').executeTakeFirstOrThrow();
    const costa = await db.selectFrom('partners').select('id').where('slug', '=', 'costa-casas').executeTakeFirstOrThrow();
    await db.insertInto('partner_scopes').values({ partner_id: costa.id, kind: 'region', target_id: malaga.id }).execute();

    const summary = await run(store, feed(...SECOND), day(2));
    t.equal(summary.alertMails, 5, 'the summary counts the mails');
    t.match(summaryLines(summary), ['added 3, updated 2, unchanged 2, withdrawn 0, rejected 0', 'queued 5 alert mails for saved searches']);
    const mails = await queuedMails(db);
    const byRecipient = Object.fromEntries(mails.map((m) => [m.recipient, listedNames(m.text)]));
    t.same(
      byRecipient,
      {
        'a@example.com': ['Residencial D4', 'Residencial D1'],
        'b@example.com': ['Residencial D5'],
        'c@example.com': ['Residencial D4'],
        'd@example.com': ['Residencial D4'],
        'h@example.com': ['Residencial D5'],
      },
      'new first, then drops; place, map area, price and the partner scope; nothing pending, stopped, daily or unmatched',
    );
    const torrevieja = mails.find((m) => m.recipient === 'a@example.com')!;
    t.match(
      torrevieja.text,
      msg('savedSearches.alert.reduced', { before: '€ 300.000', price: '€ 280.000' }),
      'the drop, in SPEC §9 format',
    );
    t.equal(torrevieja.subject, '2 new or cheaper homes for "New-build homes in torrevieja"');

    const alerted = await db.selectFrom('saved_searches').select(['id', 'last_alert_at']).orderBy('id').execute();
    const mailed = [ids.torrevieja, ids.malaga, ids.area, ids.cheap, ids.partner];
    for (const row of alerted)
      t.equal(row.last_alert_at, mailed.includes(row.id) ? day(2).toISOString() : null, `last_alert_at of search ${row.id}`);

    await run(store, feed(...SECOND), day(3));
    t.equal((await queuedMails(db)).length, mails.length, 'the same feed again: nothing new, no mail');
  },
  { seed: true },
);

forEachStore(
  t,
  'a failed import queues nothing; an import without alerts asked for queues nothing',
  async (t, store) => {
    await run(store, feed(...FIRST), day(1));
    await addSearch(store.db, { email: 'a@example.com', search: '/search' });
    await t.rejects(run(store, feed(...SECOND).replace('</root>', '<broken'), day(2)));
    t.same(await queuedMails(store.db), [], 'rolled back with the import');
    await run(store, feed(...SECOND), day(2), false);
    t.same(await queuedMails(store.db), [], 'the option is off');
  },
  { seed: true },
);

forEachStore(
  t,
  'at most ten projects in a mail, and "see all N" to the search on its site',
  async (t, store) => {
    await run(store, feed(...FIRST), day(1));
    await addSearch(store.db, { email: 'a@example.com', search: '/search/spain/alicante/torrevieja?bedrooms=2' });
    const many = Array.from({ length: 12 }, (_, i) => home(`N${i}`, `N${i}`, 200000 + i * 1000, TORREVIEJA));
    await run(store, feed(...FIRST, ...many), day(2));
    const [mail] = await queuedMails(store.db);
    t.equal(listedNames(mail!.text).length, 10);
    t.match(
      mail!.text,
      `${msg('savedSearches.alert.seeAll', { count: 12, site: msg('site.name') })}:\n${SITE}/search/spain/alicante/torrevieja?bedrooms=2`,
    );
    t.match(mail!.subject, '12');
  },
  { seed: true },
);

forEachStore(
  t,
  "issue 22's filters in a saved search: only the new projects with them are mailed",
  async (t, store) => {
    await run(store, feed(...FIRST), day(1));
    await addSearch(store.db, { email: 'a@example.com', search: '/search?features=pool,sea-view&stage=key_ready&builtfrom=90' });
    await addSearch(store.db, { email: 'b@example.com', search: '/search?delivery=2027' });
    const sea = '<features><feature>Communal pool</feature><feature>Sea views</feature></features>';
    await run(
      store,
      feed(
        ...FIRST,
        home('S1', 'S1', 300000, TORREVIEJA, { built: 100, extra: `${sea}<stage>key_ready</stage>` }),
        home('S2', 'S2', 300000, TORREVIEJA, { built: 100, extra: `${sea}<stage>off_plan</stage><delivery_date>2029-06</delivery_date>` }),
        home('S3', 'S3', 300000, TORREVIEJA, { built: 80, extra: `${sea}<stage>key_ready</stage>` }),
        home('S4', 'S4', 300000, TORREVIEJA, {
          built: 100,
          extra: '<features><feature>Communal pool</feature></features><stage>key_ready</stage>',
        }),
        home('S5', 'S5', 300000, TORREVIEJA, { extra: '<stage>off_plan</stage><delivery_date>2027-03</delivery_date>' }),
      ),
      day(2),
    );
    const byRecipient = Object.fromEntries((await queuedMails(store.db)).map((m) => [m.recipient, listedNames(m.text)]));
    t.same(
      byRecipient['a@example.com'],
      ['Residencial S1'],
      'key-ready, 100 m², pool and sea view: not off plan, 80 m² or without the view',
    );
    t.same(
      byRecipient['b@example.com'],
      ['Residencial S5', 'Residencial S4', 'Residencial S3', 'Residencial S1'],
      'ready, or delivered by 2027',
    );
  },
  { seed: true },
);

forEachStore(
  t,
  'a saved search for the beach within 2 km: only the new projects that near the coast are mailed',
  async (t, store) => {
    await run(store, feed(...FIRST), day(1));
    await addSearch(store.db, { email: 'a@example.com', search: '/search?beach=2' });
    const ORIHUELA = { town: 'Orihuela', province: 'Alicante', lat: 38.085, lng: -0.944 };
    await run(store, feed(...FIRST, home('B1', 'B1', 300000, TORREVIEJA), home('B2', 'B2', 300000, ORIHUELA)), day(2));
    const [mail] = await queuedMails(store.db);
    t.same(listedNames(mail!.text), ['Residencial B1'], 'Torrevieja by the sea, not Orihuela 25 km inland');
    t.match(mail!.text, 'Beach within 2 km', 'the search described with it');
  },
  { seed: true },
);

forEachStore(t, 'many candidates or few: the two loop orders match the same projects in the same order', async (t, store) => {
  await run(store, feed(...FIRST), day(1), false);
  await run(store, feed(...SECOND), day(2), false);
  const searches = [
    '/search',
    '/search/spain/alicante/torrevieja',
    '/search/spain/malaga',
    '/search?bbox=-0.7,37.985,-0.68,38',
    '/search?priceto=260000',
  ];
  await store.db.transaction().execute(async (trx) => {
    const candidates = await gatherCandidates(trx, store.dialect, { at: day(2).toISOString() });
    t.equal(candidates, 3, 'D1 cheaper, D4 and D5 new');
    for (const search of searches) {
      const filters = readSavedSearch(search)!;
      const few = await matchSearch(trx, filters, null, null, 10, candidates);
      const many = await matchSearch(trx, filters, null, null, 10, 1_000_000);
      t.same(many, few, search);
    }
    t.same((await matchSearch(trx, readSavedSearch('/search')!, null, null, 2, candidates)).total, 3, 'the total beyond the limit');
  });
});
