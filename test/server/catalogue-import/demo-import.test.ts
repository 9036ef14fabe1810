// The demo feed imports whole: what it holds is read independently with
// regular expressions and compared with the catalogue the importer made.
import fs from 'node:fs';
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { DEMO_FEED_FILE } from '../../../src/server/demo/seed.ts';
import { fingerprint } from './feeds.ts';

const demoXml = fs.readFileSync(DEMO_FEED_FILE, 'utf8');
const NOW = new Date('2025-12-01T12:00:00.000Z');

/** The categories the demo's type names should land in (the spec's ids where they have one). */
const DEMO_TYPES: Record<string, number> = {
  Apartment: 1,
  Flat: 1,
  'Ground Floor Apartment': 1,
  Villa: 2,
  'Detached Villa': 2,
  Townhouse: 3,
  'Town House': 3,
  Bungalow: 4,
  Duplex: 5,
  'Semi-Detached': 6,
  Plot: 7,
  Land: 7,
  Quad: 8,
  'Quad House': 8,
  Penthouse: 12,
  'Country House': 100,
};

interface DemoUnit {
  id: string;
  dev: string;
  price: number;
  beds: number;
  baths: number;
  built: number | null;
  plot: number | null;
  status: string;
  category: number;
  date: string;
}

function demoUnits(xml: string): DemoUnit[] {
  const get = (block: string, tag: string) => new RegExp(`<${tag}>([^<]*)</${tag}>`).exec(block)?.[1] ?? null;
  const num = (v: string | null) => (v === null ? null : Number(v));
  return xml
    .split('<property>')
    .slice(1)
    .map((block) => ({
      id: get(block, 'id')!,
      dev: get(block, 'development_ref')!,
      price: Number(get(block, 'price')),
      beds: Number(get(block, 'beds')),
      baths: Number(get(block, 'baths')),
      built: num(get(block, 'built')),
      plot: num(get(block, 'plot')),
      status: get(block, 'status')!,
      category: DEMO_TYPES[get(block, 'type')!]!,
      date: `${get(block, 'date')!.replace(' ', 'T')}.000Z`,
    }));
}

function expectedProjects(units: DemoUnit[]) {
  const byDev = new Map<string, DemoUnit[]>();
  for (const u of units) byDev.set(u.dev, [...(byDev.get(u.dev) ?? []), u]);
  const range = (list: DemoUnit[], pick: (u: DemoUnit) => number | null) => {
    const values = list.map(pick).filter((v): v is number => v !== null);
    return values.length ? [Math.min(...values), Math.max(...values)] : [null, null];
  };
  return new Map(
    [...byDev].map(([dev, list]) => {
      const available = list.filter((u) => u.status === 'available');
      const counts = new Map<number, number>();
      for (const u of list) counts.set(u.category, (counts.get(u.category) ?? 0) + 1);
      const category = [...counts].sort((a, b) => b[1] - a[1] || a[0] - b[0])[0]![0];
      return [
        dev,
        {
          price: range(available, (u) => u.price),
          beds: range(available, (u) => u.beds),
          baths: range(available, (u) => u.baths),
          built: range(available, (u) => u.built),
          plot: range(available, (u) => u.plot),
          units_total: list.length,
          units_available: available.length,
          category,
          categories: [...counts.keys()].sort((a, b) => a - b),
          updated_at: list
            .map((u) => u.date)
            .sort()
            .at(-1),
        },
      ];
    }),
  );
}

forEachStore(t, 'the demo feed imports whole, with ranges derived from its available units', async (t, store) => {
  const before = await fingerprint(store);
  t.equal(before.counts.projects, 0);
  const summary = await importFeed(store, fs.createReadStream(DEMO_FEED_FILE), { source: 'demo', now: NOW });
  const units = demoUnits(demoXml);
  t.same(summary, {
    added: units.length,
    updated: 0,
    rekeyed: 0,
    unchanged: 0,
    skippedResales: 0,
    skippedUnknown: 0,
    skippedNotHomes: 0,
    withdrawn: 0,
    rejected: [],
    rejectedTotal: 0,
    projectsTouched: 150,
    read: { decoding: { declared: 'utf-8', transcodedBytes: 0 }, repairedText: 0 },
  });

  const { counts } = await fingerprint(store);
  t.equal(counts.units, 1500, '1,500 units');
  t.equal(counts.projects, 150, 'in 150 projects');
  t.equal(counts.geo_places, 1 + 4 + 27, 'Spain, four provinces, 27 towns');
  const documents = new Set(
    demoXml
      .split('<property>')
      .slice(1)
      .flatMap((b) => [...b.matchAll(/<document kind="[a-z_]+"><url>([^<]+)<\/url>/g)].map((m) => m[1])),
  );
  const plans = await store.db.selectFrom('images').select(['project_id', 'url']).where('floorplan', '=', 1).execute();
  t.ok(plans.length > 0, 'the demo feed has floor-plan pictures');
  t.equal(
    counts.project_files,
    documents.size + plans.length,
    "each development's documents once, and each floor-plan picture as a floor-plan file",
  );
  const planFiles = await store.db
    .selectFrom('project_files')
    .select(['project_id', 'url', 'kind'])
    .where('kind', '=', 'floor_plan')
    .execute();
  const asFiles = new Set(planFiles.map((f) => `${f.project_id} ${f.url}`));
  t.ok(
    plans.every((p) => asFiles.has(`${p.project_id} ${p.url}`)),
    'every floor-plan picture is a registered-only file of its project',
  );

  const expected = expectedProjects(units);
  const rows = await store.db.selectFrom('projects').selectAll().execute();
  const cats = await store.db.selectFrom('project_categories').selectAll().execute();
  let checked = 0;
  for (const p of rows) {
    const e = expected.get(p.ref)!;
    const got = {
      price: [p.price_min, p.price_max],
      beds: [p.beds_min, p.beds_max],
      baths: [p.baths_min, p.baths_max],
      built: [p.built_min, p.built_max],
      plot: [p.plot_min, p.plot_max],
      units_total: p.units_total,
      units_available: p.units_available,
      category: p.category_id,
      categories: cats
        .filter((c) => c.project_id === p.id)
        .map((c) => c.category_id)
        .sort((a, b) => a - b),
      updated_at: p.updated_at,
    };
    if (JSON.stringify(got) !== JSON.stringify(e)) t.same(got, e, `project ${p.ref}`);
    else checked++;
    t.equal(p.withdrawn_at, null);
    t.equal(p.listed_at, NOW.toISOString());
  }
  t.equal(checked, 150, "every project's ranges, counts, categories and date match the feed");

  const statuses = await store.db
    .selectFrom('units')
    .select('status')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .groupBy('status')
    .execute();
  t.same(new Set(statuses.map((s) => s.status)), new Set(['available', 'reserved', 'sold']), 'all three statuses');
  const categories = await store.db.selectFrom('categories').selectAll().orderBy('id').execute();
  t.match(
    categories.find((c) => c.id === 100),
    { key: 'country-house', name: 'Country House' },
    'an unknown type becomes category 100',
  );
  t.same(
    categories.filter((c) => c.id < 100).map((c) => c.id),
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 17],
    'the known categories exist',
  );

  const torrevieja = await store.db
    .selectFrom('geo_places')
    .selectAll()
    .where('path', '=', 'spain/alicante/torrevieja')
    .executeTakeFirstOrThrow();
  t.match(torrevieja, { kind: 'town', name: 'Torrevieja', slug: 'torrevieja' });
  t.ok(
    Math.abs(torrevieja.lat! - 37.9787) < 0.01 && Math.abs(torrevieja.lng! + 0.6822) < 0.01,
    'a town sits at the mean of its developments',
  );
  const javea = await store.db.selectFrom('geo_places').select(['slug', 'path']).where('name', '=', 'Jávea').executeTakeFirstOrThrow();
  t.same(javea, { slug: 'javea', path: 'spain/alicante/javea' }, 'slugs fold accents');
  const images = await store.db.selectFrom('images').select(['project_id', 'floorplan']).execute();
  const perProject = new Map<number, { all: number; plans: number }>();
  for (const i of images) {
    const e = perProject.get(i.project_id) ?? { all: 0, plans: 0 };
    perProject.set(i.project_id, { all: e.all + 1, plans: e.plans + i.floorplan });
  }
  t.equal(perProject.size, 150, 'every project has images');
  t.ok(
    [...perProject.values()].every((v) => v.all >= 3 && v.all <= 8),
    '3 to 8 images each',
  );
  t.ok([...perProject.values()].filter((v) => v.plans >= 1).length >= 145, 'floor plans marked (all but the building plots)');
  const files = await store.db.selectFrom('project_files').select(['kind', 'registered_only']).execute();
  t.ok(files.length >= 400 && files.every((f) => f.registered_only === 1), 'files, registered-only');
  t.same(new Set(files.map((f) => f.kind)), new Set(['price_list', 'floor_plan', 'brochure']));
  const version = await store.db.selectFrom('catalogue_meta').select('value').where('key', '=', 'version').executeTakeFirstOrThrow();
  t.equal(version.value, '1', 'the catalogue version is bumped');
});
