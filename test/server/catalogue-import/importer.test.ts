// The importer on each store, with hand-made edge feeds: idempotence,
// rejections, tolerant reading, a property removed and brought back, changed
// and unchanged dates, a project's lead unit, its images and files, new types.
import fs from 'node:fs';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { DEMO_FEED_FILE } from '../../../src/server/demo/seed.ts';
import { chunks, feed, fingerprint, property } from './feeds.ts';

const demoXml = fs.readFileSync(DEMO_FEED_FILE, 'utf8');
const NOW = new Date('2025-12-01T12:00:00.000Z');
const run = (store: Store, xml: string, source = 'test', now = NOW) => importFeed(store, chunks(xml, 4096), { source, now });

forEachStore(t, 'importing the same feed twice changes nothing', async (t, store) => {
  await run(store, demoXml, 'demo');
  const first = await fingerprint(store);
  const again = await run(store, demoXml, 'demo', new Date('2026-01-01T00:00:00.000Z'));
  t.same(again, {
    added: 0,
    updated: 0,
    rekeyed: 0,
    unchanged: 1500,
    skippedResales: 0,
    skippedUnknown: 0,
    skippedNotHomes: 0,
    withdrawn: 0,
    rejected: [],
    rejectedTotal: 0,
    projectsTouched: 0,
    read: { decoding: { declared: 'utf-8', transcodedBytes: 0 }, repairedText: 0 },
  });
  t.same(await fingerprint(store), first, 'identical tables, version included');
});

forEachStore(t, 'rejected properties are reported with reasons; the rest is imported', async (t, store) => {
  const summary = await run(
    store,
    feed(
      property({ id: 'A1', dev: 'D1' }),
      property({ id: null, dev: 'D1' }),
      property({ id: 'A2', price: null, dev: 'D1' }),
      property({ id: 'A3', town: null, type: null, dev: 'D1' }),
      property({ id: 'A1', price: 1, dev: 'D1' }),
      property({ id: 'A4', dev: 'D1', price: 250000 }),
    ),
  );
  t.match(summary, { added: 2, updated: 0, unchanged: 0, withdrawn: 0, rejectedTotal: 4 });
  t.match(summary.rejected, [
    { id: null, reason: 'id: missing' },
    { id: 'A2', reason: 'price: missing' },
    { id: 'A3', reason: 'type: missing; town: missing' },
    { id: 'A1', reason: 'id: appears more than once in the feed (the first is kept)' },
  ]);
  const units = await store.db.selectFrom('units').select(['feed_id', 'price']).orderBy('feed_id').execute();
  t.same(
    units,
    [
      { feed_id: 'A1', price: 200000 },
      { feed_id: 'A4', price: 250000 },
    ],
    'the first of a repeated id is kept',
  );

  // A property rejected now is still in the feed: what was stored stays listed.
  const later = await run(store, feed(property({ id: 'A1', dev: 'D1' }), property({ id: 'A4', dev: 'D1', price: 'POA' })));
  t.match(later, { unchanged: 1, withdrawn: 0, rejectedTotal: 1 });
  t.equal(
    (await store.db.selectFrom('units').select('withdrawn_at').where('feed_id', '=', 'A4').executeTakeFirstOrThrow()).withdrawn_at,
    null,
  );
});

forEachStore(t, 'padding, unknown elements, repeated language keys and types in any case', async (t, store) => {
  const summary = await run(
    store,
    feed(
      property({
        id: '<![CDATA[\n   X1   \n]]>',
        price: '<![CDATA[ 325.000 ]]>',
        type: 'PENTHOUSE',
        town: '<![CDATA[  Marbella  ]]>',
        province: 'Málaga',
        country: null,
        dev: ' <![CDATA[ M-1 ]]> ',
        name: '<![CDATA[  Sky Marbella  ]]>',
        extra:
          '<unknown_thing><deep>1</deep></unknown_thing><desc><es>Hola</es><en></en><en>First</en><en>Second</en></desc>' +
          '<features><feature><![CDATA[  Sea views ]]></feature></features>',
      }),
    ).replace('<kyero>', '<extra_block>ignored</extra_block><kyero>'),
  );
  t.match(summary, { added: 1, rejectedTotal: 0 });
  const unit = await store.db.selectFrom('units').selectAll().executeTakeFirstOrThrow();
  t.match(unit, { feed_id: 'X1', price: 325000, category_id: 12 });
  const project = await store.db.selectFrom('projects').selectAll().executeTakeFirstOrThrow();
  t.match(project, { ref: 'M-1', name: 'Sky Marbella', description: 'First', amenities: '["Sea views"]', category_id: 12 });
  const places = await store.db.selectFrom('geo_places').select(['kind', 'name', 'path']).orderBy('id').execute();
  t.same(
    places,
    [
      { kind: 'country', name: 'Spain', path: 'spain' },
      { kind: 'region', name: 'Málaga', path: 'spain/malaga' },
      { kind: 'town', name: 'Marbella', path: 'spain/malaga/marbella' },
    ],
    'no <country>: Spain',
  );
});

forEachStore(t, 'a property removed between imports is withdrawn, not deleted, and comes back', async (t, store) => {
  const all = [
    property({ id: 'U1', dev: 'D1', price: 100000, beds: 1 }),
    property({ id: 'U2', dev: 'D1', price: 300000, beds: 3 }),
    property({ id: 'S1', price: 500000, type: 'Villa', town: 'Altea' }),
  ];
  t.match(await run(store, feed(...all)), { added: 3 });
  const ids = Object.fromEntries((await store.db.selectFrom('projects').select(['id', 'ref']).execute()).map((p) => [p.ref, p.id]));
  t.same(Object.keys(ids).sort(), ['D1', 'unit:S1'], 'a unit without a development is its own project');

  const removed = await run(store, feed(all[0]!), 'test', new Date('2025-12-02T00:00:00.000Z'));
  t.match(removed, { added: 0, updated: 0, unchanged: 1, withdrawn: 2 });
  const units = await store.db.selectFrom('units').select(['feed_id', 'withdrawn_at']).orderBy('feed_id').execute();
  t.same(
    units,
    [
      { feed_id: 'S1', withdrawn_at: '2025-12-02T00:00:00.000Z' },
      { feed_id: 'U1', withdrawn_at: null },
      { feed_id: 'U2', withdrawn_at: '2025-12-02T00:00:00.000Z' },
    ],
    'kept, marked withdrawn',
  );
  const d1 = await store.db.selectFrom('projects').selectAll().where('ref', '=', 'D1').executeTakeFirstOrThrow();
  t.match(
    d1,
    { withdrawn_at: null, units_total: 1, units_available: 1, price_min: 100000, price_max: 100000, beds_max: 1 },
    'ranges without the withdrawn unit',
  );
  const s1 = await store.db.selectFrom('projects').selectAll().where('ref', '=', 'unit:S1').executeTakeFirstOrThrow();
  t.match(
    s1,
    { withdrawn_at: '2025-12-02T00:00:00.000Z', units_total: 0, units_available: 0, price_min: null },
    'its last unit gone: the project is withdrawn',
  );

  const back = await run(store, feed(...all), 'test', new Date('2025-12-03T00:00:00.000Z'));
  t.match(back, { added: 2, updated: 0, unchanged: 1, withdrawn: 0 });
  t.equal((await store.db.selectFrom('units').select('id').where('withdrawn_at', 'is not', null).execute()).length, 0, 'both back');
  const s1Back = await store.db.selectFrom('projects').selectAll().where('id', '=', ids['unit:S1']!).executeTakeFirstOrThrow();
  t.match(
    s1Back,
    { withdrawn_at: null, units_total: 1, price_min: 500000, listed_at: NOW.toISOString() },
    'the same project, listed again',
  );
  t.equal((await store.db.selectFrom('projects').select('id').execute()).length, 2, 'no new project');

  // Another source's units are not touched by this source's snapshot.
  await run(store, feed(property({ id: 'U1', dev: 'D1' })), 'other');
  t.match(await run(store, feed(...all)), { unchanged: 3, withdrawn: 0 });
  t.equal(
    (await store.db.selectFrom('units').select('id').where('source', '=', 'other').where('withdrawn_at', 'is', null).execute()).length,
    1,
  );
});

forEachStore(
  t,
  'a unit is updated when anything it says changes, whatever its date; the same content leaves it alone',
  async (t, store) => {
    await run(store, feed(property({ id: 'U1', dev: 'D1', price: 100000 }), property({ id: 'U2', dev: 'D1', price: 200000 })));
    const before = await fingerprint(store);
    t.match(await run(store, feed(property({ id: 'U1', dev: 'D1', price: 100000 }), property({ id: 'U2', dev: 'D1', price: 200000 }))), {
      updated: 0,
      unchanged: 2,
    });
    t.same(await fingerprint(store), before, 'the same content: nothing written');

    // An exporter that lowers a price without touching <date>.
    const sameDate = await run(
      store,
      feed(property({ id: 'U1', dev: 'D1', price: 165000 }), property({ id: 'U2', dev: 'D1', price: 200000 })),
    );
    t.match(sameDate, { added: 0, updated: 1, unchanged: 1, withdrawn: 0 });
    t.match(await run(store, feed(property({ id: 'U1', dev: 'D1', price: 111111 }), property({ id: 'U2', dev: 'D1', price: 200000 }))), {
      updated: 1,
      unchanged: 1,
    });
    t.match(
      await store.db.selectFrom('projects').selectAll().executeTakeFirstOrThrow(),
      { price_min: 111111 },
      'the lowered price, though <date> never changed',
    );
    const undated = await run(
      store,
      feed(property({ id: 'U1', dev: 'D1', price: 111111, date: null }), property({ id: 'U2', dev: 'D1', price: 200000 })),
    );
    t.match(undated, { updated: 1, unchanged: 1 }, 'a feed that drops <date>: the unit is compared by content');
    t.match(
      await run(
        store,
        feed(property({ id: 'U1', dev: 'D1', price: 111111, date: null }), property({ id: 'U2', dev: 'D1', price: 200000 })),
      ),
      { updated: 0, unchanged: 2 },
    );

    const changed = await run(
      store,
      feed(
        property({ id: 'U1', dev: 'D1', price: 120000, date: '2025-02-01 09:00:00', status: 'sold' }),
        property({ id: 'U2', dev: 'D1', price: 200000 }),
      ),
      'test',
      new Date('2025-12-05T00:00:00.000Z'),
    );
    t.match(changed, { added: 0, updated: 1, unchanged: 1 });
    const u1 = await store.db.selectFrom('units').selectAll().where('feed_id', '=', 'U1').executeTakeFirstOrThrow();
    t.match(u1, {
      price: 120000,
      status: 'sold',
      feed_date: '2025-02-01T09:00:00.000Z',
      created_at: NOW.toISOString(),
      updated_at: '2025-12-05T00:00:00.000Z',
    });
    const d1 = await store.db.selectFrom('projects').selectAll().executeTakeFirstOrThrow();
    t.match(d1, { price_min: 200000, price_max: 200000, units_available: 1, units_total: 2, updated_at: '2025-02-01T09:00:00.000Z' });
    const version = await store.db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirstOrThrow();
    t.equal(version.value, '5', 'bumped once per import that changed something');
  },
);

forEachStore(t, "a project takes its first unit's fields and the union of its units' images and files, in feed order", async (t, store) => {
  const img = (id: number, url: string, mark = '') => `<image id="${id}"${mark}><url>${url}</url><title><en>${url}</en></title></image>`;
  await run(
    store,
    feed(
      property({
        id: 'U1',
        dev: 'D1',
        name: 'Jardines',
        lat: 38.5,
        lng: -0.1,
        extra:
          `<images>${img(2, '/b.svg')}${img(1, '/a.svg')}${img(3, '/plan-1.svg', ' floorplan="1"')}</images>` +
          '<documents><document kind="price_list"><url>/price.pdf</url><title><en>Prices</en></title></document></documents>' +
          '<developer>First Dev</developer><stage>off_plan</stage><delivery_date>2027-03</delivery_date>',
      }),
      property({ id: 'X', town: 'Calpe' }),
      property({
        id: 'U2',
        dev: 'D1',
        name: 'Another name',
        lat: 38.6,
        lng: -0.2,
        extra:
          `<images>${img(1, '/a.svg')}${img(2, '/b.svg')}<image id="3"><url>/plan-2.svg</url><tags><tag>floorplan</tag></tags></image>` +
          `<image id="4"><url>/c.svg</url><floorplan>1</floorplan></image></images>` +
          '<documents><document kind="brochure"><url>/brochure.pdf</url></document><document kind="price_list"><url>/price.pdf</url></document></documents>',
      }),
    ),
  );
  const project = await store.db.selectFrom('projects').selectAll().where('ref', '=', 'D1').executeTakeFirstOrThrow();
  t.match(
    project,
    { name: 'Jardines', developer: 'First Dev', stage: 'off_plan', delivery_date: '2027-03', lat: 38.5, lng: -0.1 },
    "the first unit's",
  );
  const images = await store.db
    .selectFrom('images')
    .select(['position', 'url', 'caption', 'floorplan'])
    .where('project_id', '=', project.id)
    .orderBy('position')
    .execute();
  t.same(images, [
    { position: 0, url: '/a.svg', caption: '/a.svg', floorplan: 0 },
    { position: 1, url: '/b.svg', caption: '/b.svg', floorplan: 0 },
    { position: 2, url: '/plan-1.svg', caption: '/plan-1.svg', floorplan: 1 },
    { position: 3, url: '/plan-2.svg', caption: null, floorplan: 1 },
    { position: 4, url: '/c.svg', caption: null, floorplan: 1 },
  ]);
  const files = await store.db
    .selectFrom('project_files')
    .select(['position', 'kind', 'title', 'url', 'registered_only'])
    .where('project_id', '=', project.id)
    .orderBy('position')
    .execute();
  t.same(files, [
    { position: 0, kind: 'price_list', title: 'Prices', url: '/price.pdf', registered_only: 1 },
    { position: 1, kind: 'brochure', title: 'Brochure', url: '/brochure.pdf', registered_only: 1 },
    // Floor-plan pictures are registered-only floor-plan files too, after the documents.
    { position: 2, kind: 'floor_plan', title: '/plan-1.svg', url: '/plan-1.svg', registered_only: 1 },
    { position: 3, kind: 'floor_plan', title: 'Floor plan', url: '/plan-2.svg', registered_only: 1 },
    { position: 4, kind: 'floor_plan', title: 'Floor plan', url: '/c.svg', registered_only: 1 },
  ]);
  const town = await store.db
    .selectFrom('geo_places')
    .select(['lat', 'lng'])
    .where('path', '=', 'spain/alicante/torrevieja')
    .executeTakeFirstOrThrow();
  t.same(town, { lat: 38.5, lng: -0.1 }, "a town at its projects' mean position");
  const calpe = await store.db.selectFrom('projects').select(['lat', 'lng']).where('ref', '=', 'unit:X').executeTakeFirstOrThrow();
  t.same(calpe, { lat: null, lng: null }, 'no position anywhere: none invented');

  // Images are replaced when the project changes, not added to.
  await run(
    store,
    feed(
      property({ id: 'U1', dev: 'D1', name: 'Jardines', date: '2025-03-01 00:00:00', extra: `<images>${img(1, '/new.svg')}</images>` }),
      property({ id: 'X', town: 'Calpe' }),
    ),
  );
  const after = await store.db
    .selectFrom('images')
    .select(['position', 'url'])
    .where('project_id', '=', project.id)
    .orderBy('position')
    .execute();
  t.same(after, [{ position: 0, url: '/new.svg' }]);
  t.same(await store.db.selectFrom('project_files').select('url').where('project_id', '=', project.id).execute(), [], 'and files');
});

forEachStore(t, 'unknown types get categories from 100 up, once each', async (t, store) => {
  await run(
    store,
    feed(property({ id: 'A', type: 'Cave House' }), property({ id: 'B', type: 'finca' }), property({ id: 'C', type: 'CAVE HOUSE' })),
  );
  await run(store, feed(property({ id: 'D', type: 'Finca' }), property({ id: 'E', type: 'Mobile Home' })), 'other');
  const dynamic = await store.db.selectFrom('categories').selectAll().where('id', '>=', 100).orderBy('id').execute();
  t.same(dynamic, [
    { id: 100, key: 'cave-house', name: 'Cave House' },
    { id: 101, key: 'finca', name: 'Finca' },
    { id: 102, key: 'mobile-home', name: 'Mobile Home' },
  ]);
});
