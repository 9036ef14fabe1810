// A development's description in the page's language (English) when the feed
// gives it, else Spanish, else the feed's first language, else its text in no
// language; one not in English carries its own `lang` and a line saying which
// language it is in (issue 24). Both in /api/property and on the page as sent.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks } from '../catalogue-import/feeds.ts';
import type { PropertyAnswer } from '../../../src/shared/catalogue.ts';

const home = (id: string, desc: string) => `
  <property>
    <id>${id}</id>
    <date>2026-11-20 09:00:00</date>
    <ref>${id}</ref>
    <price>${300000 + Number(id.slice(-1)) * 1000}</price>
    <price_freq>sale</price_freq>
    <new_build>1</new_build>
    <type>Apartment</type>
    <town>Torrevieja</town>
    <province>Alicante</province>
    <development_name>Residencial ${id}</development_name>
    <location><latitude>37.9787</latitude><longitude>-0.6822</longitude></location>
    <beds>2</beds>
    <baths>2</baths>
    ${desc}
  </property>`;

const FEED = `<?xml version="1.0" encoding="UTF-8"?>
<root>
  <kyero><feed_version>3</feed_version></kyero>
  ${home('DL-1', '<desc><es>Apartamento luminoso junto al mar.</es><en>Bright apartment by the sea.</en></desc>')}
  ${home('DL-2', '<desc><fr>Appartement lumineux.</fr><es>Apartamento luminoso.</es></desc>')}
  ${home('DL-3', '<desc><fr>Appartement lumineux près de la plage.</fr><de>Helle Wohnung am Strand.</de></desc>')}
  ${home('DL-4', '<desc>Bright flat, language not given.</desc>')}
</root>
`;

t.test("the page's language, else English, else Spanish, else the first, marked when not English", async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  t.match(await importFeed(app.store, chunks(FEED), { source: 'languages', now: new Date('2026-11-21T12:00:00Z') }), { added: 4 });
  const ids = Object.fromEntries(
    (await app.store.db.selectFrom('units').select(['feed_id', 'project_id']).execute()).map((u) => [u.feed_id, u.project_id]),
  );
  const detail = async (feedId: string) =>
    ((await app.inject({ method: 'POST', url: '/api/property', payload: { id: ids[feedId] } })).json() as PropertyAnswer).data;
  const page = async (feedId: string) => (await app.inject(`/for-sale/${ids[feedId]}`)).body;

  t.match(await detail('DL-1'), { description: 'Bright apartment by the sea.', description_lang: 'en' }, 'English, though given second');
  const english = await page('DL-1');
  t.notMatch(english, 'property-description__language', 'an English description says nothing of its language');
  t.notMatch(english, /property-description__body" lang=/);

  t.match(await detail('DL-2'), { description: 'Apartamento luminoso.', description_lang: 'es' }, 'no English: Spanish before French');
  const spanish = await page('DL-2');
  t.match(spanish, /<div class="property-description__body" lang="es">/, 'its own lang');
  t.match(textOf(spanish), 'This description is in Spanish: none was provided in English.');

  t.match(await detail('DL-3'), { description: 'Appartement lumineux près de la plage.', description_lang: 'fr' }, 'else the first');
  t.match(textOf(await page('DL-3')), 'This description is in French: none was provided in English.');

  t.match(await detail('DL-4'), { description: 'Bright flat, language not given.', description_lang: null }, 'no language said');
  t.notMatch(await page('DL-4'), 'property-description__language');
});

t.test("a page in another language shows the feed's description in it, else the same order, marked in that language", async (t) => {
  const app = await testApp(t, { env: { SEED_DEMO: 'false' } });
  await importFeed(app.store, chunks(FEED), { source: 'languages', now: new Date('2026-11-21T12:00:00Z') });
  const ids = Object.fromEntries(
    (await app.store.db.selectFrom('units').select(['feed_id', 'project_id']).execute()).map((u) => [u.feed_id, u.project_id]),
  );
  const detail = async (feedId: string, lang: string) =>
    ((await app.inject({ url: `/api/property?id=${ids[feedId]}&lang=${lang}` })).json() as PropertyAnswer).data;

  t.match(await detail('DL-3', 'de'), { description: 'Helle Wohnung am Strand.', description_lang: 'de' }, "the reader's language first");
  const german = (await app.inject(`/de/for-sale/${ids['DL-3']}`)).body;
  t.match(
    german,
    /<div class="property-description__body">Helle Wohnung am Strand|<p>Helle Wohnung am Strand/,
    'the German text on the German page',
  );
  t.notMatch(german, 'property-description__language', "in the page's language: nothing said of it");

  t.match(await detail('DL-1', 'de'), { description: 'Bright apartment by the sea.', description_lang: 'en' }, 'no German: English');
  const fallback = (await app.inject(`/de/for-sale/${ids['DL-1']}`)).body;
  t.match(fallback, /property-description__body" lang="en"/);
  t.match(textOf(fallback), 'Diese Beschreibung', 'the line in German');

  t.equal((await app.inject({ url: `/api/property?id=${ids['DL-1']}&lang=xx` })).statusCode, 400, 'an unknown language is refused');
});
