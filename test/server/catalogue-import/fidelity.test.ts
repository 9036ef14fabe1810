// What real Kyero exports do, reproduced in fixtures written for these tests
// (fixtures/), and what a visitor must see of it: in the store, through the
// API and on the rendered page. HTML in CDATA and as elements, every language,
// spaces in picture URLs, resales, unnamed developments, lower-case towns, 0
// for unknown, text encoded twice, Latin-1 bytes under a UTF-8 declaration,
// no <id> or <date>, and a known catalogue under a new source name.
import fs from 'node:fs';
import iconv from 'iconv-lite';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { textOf } from '../../helpers/html.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed, SourceIdentityError } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const agencyXml = fs.readFileSync(path.join(FIXTURES, 'agency-export.xml'));
const noIdXml = fs.readFileSync(path.join(FIXTURES, 'no-id-no-date.xml'));
const NOW = new Date('2026-11-01T12:00:00.000Z');

const importBytes = (
  store: Store,
  bytes: Buffer,
  source: string,
  options: { includeResales?: boolean; newBuildSource?: boolean; checkSourceIdentity?: boolean; now?: Date } = {},
) => importFeed(store, byteChunks(bytes), { source, now: NOW, ...options });

/** Bytes in small pieces, cut anywhere (inside a UTF-8 sequence too), as a network delivers them. */
function byteChunks(bytes: Buffer, size = 333): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.subarray(i, i + size));
  return out;
}

const unitProject = (store: Store, feedId: string) =>
  store.db
    .selectFrom('units as u')
    .innerJoin('projects as p', 'p.id', 'u.project_id')
    .selectAll('p')
    .select(['u.bedrooms as unit_beds', 'u.bathrooms as unit_baths', 'u.built_area', 'u.plot_area'])
    .where('u.feed_id', '=', feedId)
    .executeTakeFirstOrThrow();

forEachStore(
  t,
  'an agency export: HTML, languages, pictures, names, places, unknowns and resales, as the feed says them',
  async (t, store) => {
    const summary = await importBytes(store, agencyXml, 'agency');
    t.match(summary, { added: 3, rejectedTotal: 0, skippedResales: 1 }, 'the resale is skipped and counted');
    t.ok(summary.read.repairedText >= 5, `text encoded twice repaired (${summary.read.repairedText} runs)`);

    const first = await unitProject(store, 'AG-101');
    // HTML in CDATA: sanitised rich text, plain text beside it.
    t.equal(first.description, 'Bright apartment with sea views & a large terrace. Communal pool Parking Only 5 minutes from the beach.');
    t.equal(
      first.description_html,
      '<p>Bright apartment with <strong>sea views</strong> &amp; a large terrace.</p><ul><li>Communal pool</li><li>Parking</li></ul><p>Only 5 minutes from the beach.</p>',
    );
    t.notMatch(first.description_html, /script|style|href|track\(\)/, 'no script, style or link');
    // Every language, and text encoded twice mended.
    const descriptions = JSON.parse(first.descriptions) as Record<string, { text: string; html: string }>;
    t.same(Object.keys(descriptions), ['en', 'es', 'de', 'fr', 'nl', 'ru', 'sv', 'no', 'da']);
    t.equal(descriptions.de!.text, 'Grundstück mit Pool, voll ausgestattete Küche, Fußbodenheizung.');
    t.equal(descriptions.fr!.text, 'Villa équipée, à deux pas de la plage. Très lumineuse.');
    t.equal(descriptions.ru!.text, 'Светлая квартира с видом на море.');
    t.notMatch(JSON.stringify(descriptions), /Ã|Â|\uFFFD/, 'no mojibake, no replacement character');
    t.same(JSON.parse(first.urls), { en: 'https://agency.example/en/property/M702', es: 'https://agency.example/es/inmueble/M702' });
    // Places in their proper form; 0 areas unknown.
    const town = await store.db.selectFrom('geo_places').select(['name', 'path']).where('id', '=', first.town_id).executeTakeFirstOrThrow();
    t.same(town, { name: 'Almuñécar', path: 'spain/granada/almunecar' });
    t.equal(
      (await store.db.selectFrom('geo_places').select('name').where('id', '=', first.region_id).executeTakeFirstOrThrow()).name,
      'Granada',
    );
    t.match(first, { built_area: null, plot_area: null, built_min: null, plot_min: null }, '0 m²: unknown');
    // Pictures: spaces encoded, the repeat dropped, order kept, the floor plan kept registered-only.
    const images = await store.db
      .selectFrom('images')
      .select(['url', 'floorplan'])
      .where('project_id', '=', first.id)
      .orderBy('position')
      .execute();
    t.same(images, [
      { url: 'https://agency.example/uploads/M702/01%20fachada.jpg', floorplan: 0 },
      { url: 'https://agency.example/uploads/M702/02%20sal%C3%B3n%20[1].jpg', floorplan: 0 },
      { url: 'https://agency.example/uploads/M702/plano%201.jpg', floorplan: 1 },
    ]);
    t.equal(
      (await store.db.selectFrom('project_files').select('url').where('project_id', '=', first.id).executeTakeFirstOrThrow()).url,
      'https://agency.example/uploads/M702/plano%201.jpg',
    );

    // Markup written as XML elements, and entities outside CDATA.
    const second = await unitProject(store, 'AG-102');
    t.equal(
      second.description_html,
      '<p>Second line of <b>markup</b> written as elements &amp; entities\u00a0here.</p><p>Close to the <em>beach</em>.</p>',
    );
    t.match(second, { unit_baths: 0, baths_min: null, baths_max: null }, '0 bathrooms: unknown, out of the ranges');
    const third = await unitProject(store, 'AG-103');
    t.equal(third.description_html, '<p>Plain text description.<br />Second line.</p><p>Second paragraph été € 199.000.</p>');

    // Three unnamed developments of the same kind in the same town: three names.
    const names = (await store.db.selectFrom('projects').select('name').where('source', '=', 'agency').orderBy('ref').execute()).map(
      (p) => p.name,
    );
    t.same(
      names,
      [
        '2-bedroom apartment in Almuñécar, La Herradura',
        '2-bedroom apartment in Almuñécar (ref M703)',
        '2-bedroom apartment in Almuñécar (ref M704)',
      ],
      'no two listed projects share a title',
    );

    // Taking resales: listed as such, never under a new-build stage.
    const withResales = await importBytes(store, agencyXml, 'agency', { includeResales: true });
    t.match(withResales, { added: 1, unchanged: 3, skippedResales: 0 });
    const resale = await unitProject(store, 'AG-104');
    t.match(resale, { stage: 'resale', name: '3-bedroom townhouse in Torrox' });
    // Skipping them again withdraws the one taken.
    t.match(await importBytes(store, agencyXml, 'agency'), { withdrawn: 1, skippedResales: 1 });
  },
);

forEachStore(t, 'Latin-1 bytes under a UTF-8 declaration are read as Windows-1252, never as U+FFFD', async (t, store) => {
  const text = feed(
    property({
      id: 'L1',
      town: 'Málaga',
      province: 'Málaga',
      extra: '<desc><en>Piscina climatizada, baño en suite, 120 m² – 3 dormitorios. Precio: 250.000 €</en></desc>',
    }),
  );
  const latin1 = iconv.encode(text, 'win1252');
  t.equal(latin1.includes(0x80), true, "'€' is the byte 0x80");
  t.throws(() => new TextDecoder('utf-8', { fatal: true }).decode(latin1), 'the bytes are not UTF-8');
  const summary = await importBytes(store, latin1, 'latin');
  t.match(summary, { added: 1, read: { decoding: { declared: 'utf-8' } } });
  t.ok(summary.read.decoding.transcodedBytes >= 6, 'the summary says how many bytes were transcoded');
  const project = await unitProject(store, 'L1');
  t.equal(project.description, 'Piscina climatizada, baño en suite, 120 m² – 3 dormitorios. Precio: 250.000 €');
  t.equal(
    (await store.db.selectFrom('geo_places').select('name').where('id', '=', project.town_id).executeTakeFirstOrThrow()).name,
    'Málaga',
  );
});

forEachStore(t, 'properties without <id> are keyed by <ref>; without <date> they are compared by content', async (t, store) => {
  // An export without <new_build>, from a source declared new-build.
  t.match(await importBytes(store, noIdXml, 'nodates'), { added: 0, skippedUnknown: 3 }, 'not declared new-build: skipped');
  const summary = await importBytes(store, noIdXml, 'nodates', { newBuildSource: true });
  t.match(summary, { added: 3, rejectedTotal: 0 });
  const ids = (await store.db.selectFrom('units').select('feed_id').where('source', '=', 'nodates').orderBy('feed_id').execute()).map(
    (u) => u.feed_id,
  );
  t.same(ids, ['ref:SF-001', 'ref:SF-002', 'ref:SF-003']);
  const before = await fingerprint(store);
  t.match(await importBytes(store, noIdXml, 'nodates', { newBuildSource: true, now: new Date('2026-11-02T00:00:00.000Z') }), {
    unchanged: 3,
    updated: 0,
  });
  t.same(await fingerprint(store), before, 'the same content: nothing written');
  const cheaper = Buffer.from(noIdXml.toString('utf8').replace('<price>150000</price>', '<price>139000</price>'));
  t.match(await importBytes(store, cheaper, 'nodates', { newBuildSource: true }), { updated: 1, unchanged: 2 });
  t.equal((await store.db.selectFrom('units').select('price').where('feed_id', '=', 'ref:SF-003').executeTakeFirstOrThrow()).price, 139000);
  // Neither id nor ref: rejected with its line and reason.
  const anonymous = await importFeed(store, chunks(feed(property({ id: null }))), { source: 'x', now: NOW });
  t.match(anonymous.rejected, [{ id: null, line: 4, reason: 'id: missing, and no <ref> to key the property by' }]);
});

forEachStore(t, 'a known catalogue under a new source name is refused when asked, changing nothing', async (t, store) => {
  await importBytes(store, agencyXml, 'agency-2026-10-01');
  const before = await fingerprint(store);
  await t.rejects(importBytes(store, agencyXml, 'agency-2026-11-01', { checkSourceIdentity: true }), SourceIdentityError);
  await t.rejects(importBytes(store, agencyXml, 'agency-2026-11-01', { checkSourceIdentity: true }), {
    message:
      /^3 of the feed's 3 properties are already stored under source 'agency-2026-10-01', not 'agency-2026-11-01': to update them, import with --source agency-2026-10-01/,
  });
  t.same(await fingerprint(store), before, 'nothing imported');
  t.match(
    await importBytes(store, agencyXml, 'agency-2026-10-01', { checkSourceIdentity: true }),
    { unchanged: 3 },
    'the same source: imported',
  );
});

// --- through the API and on the page -------------------------------------------

async function agencyApp(t: Parameters<typeof testApp>[0]): Promise<{ app: FastifyInstance; id: (feedId: string) => Promise<number> }> {
  const app = await testApp(t);
  await importFeed(app.store, byteChunks(agencyXml), { source: 'agency', now: NOW });
  const id = async (feedId: string) =>
    (await app.store.db.selectFrom('units').select('project_id').where('feed_id', '=', feedId).executeTakeFirstOrThrow()).project_id;
  return { app, id };
}

t.test('the API answers plain text, every language, and the rich text apart', async (t) => {
  const { app, id } = await agencyApp(t);
  const res = await app.inject({ method: 'POST', url: '/api/property', payload: { id: await id('AG-101') } });
  t.equal(res.statusCode, 200);
  const { data } = res.json();
  t.equal(data.description, 'Bright apartment with sea views & a large terrace. Communal pool Parking Only 5 minutes from the beach.');
  t.same(Object.keys(data.descriptions), ['en', 'es', 'de', 'fr', 'nl', 'ru', 'sv', 'no', 'da']);
  t.equal(data.descriptions.de, 'Grundstück mit Pool, voll ausgestattete Küche, Fußbodenheizung.');
  t.match(data.description_html, /^<p>Bright apartment with <strong>sea views<\/strong>/);
  t.equal(data.name, '2-bedroom apartment in Almuñécar, La Herradura');
  t.equal(data.location.town.name, 'Almuñécar');
  t.equal(data.built, null, 'no built range from 0 m²');
  t.equal(data.images.length, 2, 'two photos (the floor plan is a registered file)');
  const units = (await app.inject({ method: 'POST', url: '/api/project/units', payload: { id: await id('AG-102') } })).json().data;
  t.match(units, [{ bedrooms: 2, bathrooms: null }], '0 bathrooms answers null');
});

t.test('the property page shows the rich text as markup and plain text in meta, with no 0 m²', async (t) => {
  const { app, id } = await agencyApp(t);
  const html = (await app.inject(`/for-sale/${await id('AG-101')}`)).body;
  t.match(html, /<ul><li>Communal pool<\/li><li>Parking<\/li><\/ul>/, 'the list is a list');
  t.notMatch(html, /&lt;p&gt;|&lt;\/?strong&gt;|<script>track/, 'no literal tags, no feed script');
  const meta = /<meta name="description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  t.match(meta, /Bright apartment with sea views &amp; a large terrace\. Communal pool Parking/, 'meta description: plain text');
  t.notMatch(meta, /&lt;|</);
  const og = /<meta property="og:description" content="([^"]*)"/.exec(html)?.[1] ?? '';
  t.notMatch(og, /&lt;|</, 'og:description: plain text');
  const jsonLd = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  t.notMatch(jsonLd, /\\u003cp|<p>/, 'JSON-LD: plain text');
  t.notMatch(textOf(html), /(?<![\d.])0 m²/, 'no 0 m²');
  t.match(textOf(html), /2-bedroom apartment in Almuñécar, La Herradura/);
  t.match(html, /\/media\/images\/\d+/, 'the pictures with spaces are shown');
});
