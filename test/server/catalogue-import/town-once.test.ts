// The town said once: an agency's Kyero export names no developments and
// repeats the town in <location_detail> (alone, first or last, in capitals).
// The made-up names, the location line and the page title each say it once.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks } from './feeds.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

const villa = (id: string, ref: string, town: string, detail: string, price: number, beds = 3, more = '') => `
  <property>
    <id>${id}</id>
    <date>2025-09-14 08:12:40</date>
    <ref>${ref}</ref>
    <price>${price}</price>
    <currency>EUR</currency>
    <price_freq>sale</price_freq>
    <new_build>1</new_build>
    <type>Villa</type>
    <town>${town}</town>
    <province>Alicante</province>
    <location_detail>${detail}</location_detail>
    <location><latitude>38.5612</latitude><longitude>-0.1873</longitude></location>
    <beds>${beds}</beds>
    <baths>2</baths>
    <pool>1</pool>
    <surface_area><built>142</built><plot>480</plot></surface_area>
    <desc><en><![CDATA[<p>Modern villa with private pool and sea views.</p>]]></en></desc>${more}
  </property>`;

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<root>
  <kyero><feed_version>3</feed_version></kyero>
  ${villa('FIN-301', 'CB-3011', 'Finestrat', 'Finestrat', 489000)}
  ${villa('FIN-302', 'CB-3012', 'FINESTRAT', 'FINESTRAT, Balcón de Finestrat', 515000)}
  ${villa('FIN-303', 'CB-3013', 'finestrat', 'Sierra Cortina / finèstrat', 545000)}
  ${villa('ALF-118', 'CB-1180', "l'alfas del pi", "L'ALFÀS DEL PI", 399000)}
  ${villa('FIN-401', 'CB-4010', 'Finestrat', 'Finestrat', 690000, 4)}
  ${villa('FIN-501', 'CB-5010', 'Finestrat', 'Finestrat', 720000, 4, '<development_name>Residencial Las Terrazas</development_name>')}
</root>
`;

t.test('the town is said once in names, location lines and page titles', async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  const summary = await importFeed(app.store, chunks(FEED), { source: 'costa-blanca-agency', now: new Date('2026-11-01T12:00:00Z') });
  t.match(summary, { added: 6, rejectedTotal: 0 });

  const rows = await app.store.db
    .selectFrom('units as u')
    .innerJoin('projects as p', 'p.id', 'u.project_id')
    .select(['u.feed_id', 'p.id', 'p.name', 'p.location_detail'])
    .orderBy('u.feed_id')
    .execute();
  const byFeedId = Object.fromEntries(rows.map((r) => [r.feed_id, r]));
  t.same(
    rows.map((r) => [r.feed_id, r.name, r.location_detail]),
    [
      ['ALF-118', "3-bedroom villa in L'Alfàs del Pi", null],
      ['FIN-301', '3-bedroom villa in Finestrat (ref CB-3011)', null],
      ['FIN-302', '3-bedroom villa in Finestrat, Balcón de Finestrat', 'Balcón de Finestrat'],
      ['FIN-303', '3-bedroom villa in Finestrat, Sierra Cortina', 'Sierra Cortina'],
      ['FIN-401', '4-bedroom villa in Finestrat', null],
      ['FIN-501', 'Residencial Las Terrazas', null],
    ],
    'a detail that repeats the town is dropped, alone or as one of its parts',
  );

  for (const [feedId, title, place] of [
    ['FIN-401', '4-bedroom villa in Finestrat', 'Finestrat, Alicante, Spain'],
    ['FIN-302', '3-bedroom villa in Finestrat, Balcón de Finestrat', 'Balcón de Finestrat, Finestrat, Alicante, Spain'],
    ['ALF-118', "3-bedroom villa in L'Alfàs del Pi", "L'Alfàs del Pi, Alicante, Spain"],
    ['FIN-501', 'Residencial Las Terrazas, Finestrat', 'Finestrat, Alicante, Spain'],
  ]) {
    const html = (await app.inject(`/for-sale/${byFeedId[feedId!]!.id}`)).body;
    const pageTitle = textOf(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '');
    t.equal(pageTitle, `${title} | ${msg('site.name')}`, `${feedId}: the title names the town once`);
    t.equal(
      textOf(/<address class="project-location__address">([^<]*)<\/address>/.exec(html)?.[1] ?? ''),
      place,
      `${feedId}: the location line names it once`,
    );
  }
});
