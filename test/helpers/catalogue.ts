// A catalogue for tests and benchmarks, written straight into the store with
// Kysely (no feed, no importer): places, categories, projects with units,
// images and files, from a seeded random generator, so the same seed always
// gives the same catalogue.
//
//   const fixture = await buildCatalogue(store.db, { projects: 200, seed: 7 });
//   fixture.projects  // what was inserted, as plain objects, to compute expectations in JS
//
// Projects' ranges (price, bedrooms, ...), units_available and their categories
// are derived here from their units the way the import derives them: from the
// available, not withdrawn units. Ties are frequent on purpose (prices in steps
// of 5,000 €, dates by the day) so that tests see the tie-breakers at work.
import { sql, type Kysely } from 'kysely';
import type { Database, FileKind, ProjectStage, UnitStatus } from '../../src/server/store/schema.ts';
import { KNOWN_CATEGORIES } from '../../src/shared/catalogue.ts';
import { mulberry32 } from '../../src/server/demo/prng.ts';
import { bumpCatalogueVersion } from '../../src/server/store/catalogue-version.ts';
import { PLACES } from './catalogue-places.ts';

// --- what the builder returns -------------------------------------------------

export interface FixturePlace {
  id: number;
  kind: 'country' | 'region' | 'town';
  parent_id: number | null;
  name: string;
  slug: string;
  path: string;
}

export interface FixtureUnit {
  id: number;
  category_id: number;
  bedrooms: number;
  bathrooms: number;
  built_area: number;
  plot_area: number | null;
  price: number;
  status: UnitStatus;
  withdrawn: boolean;
}

export interface FixtureProject {
  id: number;
  name: string;
  category_id: number;
  stage: ProjectStage;
  country: FixturePlace;
  region: FixturePlace;
  town: FixturePlace;
  /** The unit types it offers (project_categories): those of its units still in the feed. */
  categories: number[];
  units: FixtureUnit[];
  units_available: number;
  price_min: number | null;
  price_max: number | null;
  beds_max: number | null;
  baths_max: number | null;
  withdrawn: boolean;
  updated_at: string;
  images: Array<{ url: string; position: number; floorplan: boolean }>;
  files: Array<{ id: number; kind: FileKind; title: string; url: string; registered_only: boolean; position: number }>;
}

export interface Fixture {
  places: FixturePlace[];
  projects: FixtureProject[];
  byId: Map<number, FixtureProject>;
}

export interface FixtureOptions {
  projects: number;
  seed?: number;
  /** Units per project, 1 to this (default 8). */
  maxUnits?: number;
  /** Images per project, 0 to this (default 6). */
  maxImages?: number;
  /** Files per project, 0 to this (default 3). */
  maxFiles?: number;
  /** Share of projects withdrawn from the feed (default 0.06). */
  withdrawnShare?: number;
  /** Rows per INSERT statement. */
  batch?: number;
}

// --- the generator ------------------------------------------------------------

/** The demo generator's seeded PRNG (mulberry32), reused for test data. */
export const seededRandom = mulberry32;

const STAGES: ProjectStage[] = ['off_plan', 'under_construction', 'key_ready'];
const FILE_KINDS: FileKind[] = ['price_list', 'floor_plan', 'brochure'];
/** Unit types by how often they are built, and their usual bedrooms. */
const UNIT_TYPES: Array<{ id: number; weight: number; beds: [number, number] }> = [
  { id: 1, weight: 10, beds: [1, 3] }, // apartment
  { id: 2, weight: 5, beds: [3, 6] }, // villa
  { id: 3, weight: 3, beds: [2, 4] }, // townhouse
  { id: 4, weight: 3, beds: [2, 3] }, // bungalow
  { id: 5, weight: 1, beds: [2, 4] }, // duplex
  { id: 6, weight: 1, beds: [3, 4] }, // semi-detached
  { id: 7, weight: 0.5, beds: [0, 0] }, // land
  { id: 8, weight: 1, beds: [2, 3] }, // quad-house
  { id: 9, weight: 1, beds: [0, 1] }, // studio
  { id: 12, weight: 3, beds: [2, 4] }, // penthouse
  { id: 17, weight: 0.5, beds: [1, 3] }, // other
  // Types an import met that have no fixed id (FIRST_DYNAMIC_CATEGORY_ID up),
  // and one below it but past the category bitmask's own bits (62 up share one).
  { id: 70, weight: 0.3, beds: [3, 5] },
  { id: 150, weight: 0.3, beds: [2, 5] },
];
/** The categories beyond KNOWN_CATEGORIES that the fixture uses. */
export const EXTRA_CATEGORIES = [
  { id: 70, key: 'cortijo' },
  { id: 150, key: 'finca' },
];
const REGION_PRICE: Record<string, number> = { alicante: 1, murcia: 0.8, malaga: 1.9, almeria: 0.75, granada: 0.9, valencia: 1, faro: 1.4 };

function weighted<T extends { weight: number }>(rand: () => number, items: T[]): T {
  const total = items.reduce((s, i) => s + i.weight, 0);
  let r = rand() * total;
  for (const item of items) if ((r -= item.weight) < 0) return item;
  return items[items.length - 1]!;
}

const int = (rand: () => number, lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));

// Descriptions as long as real ones (a few hundred to two thousand characters),
// so the projects table is as wide on disk as a real catalogue's.
const PROSE =
  'A gated residential development of contemporary homes with communal pools and landscaped gardens, a short walk from the beach, ' +
  'shops and restaurants. Every home has underfloor heating in the bathrooms, ducted air conditioning, a fitted kitchen with ' +
  'appliances, large terraces and private parking. Golf courses, the marina and the international airport are within easy reach. ';
function description(rand: () => number, name: string, town: string): string {
  let text = `${name}: new homes in ${town}. `;
  for (let target = int(rand, 400, 2000); text.length < target;) text += PROSE;
  return text.slice(0, 2000);
}

async function nextId(db: Kysely<Database>, table: 'geo_places' | 'projects' | 'units' | 'images' | 'project_files'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.max<number>('id').as('max'))
    .executeTakeFirst();
  return Number(row?.max ?? 0) + 1;
}

async function insertBatched<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  rows: Array<Record<string, unknown>>,
  batch: number,
): Promise<void> {
  for (let i = 0; i < rows.length; i += batch)
    await db
      .insertInto(table)
      .values(rows.slice(i, i + batch) as never)
      .execute();
}

/**
 * Inserts places, categories and `projects` projects with their units, images
 * and files, in one transaction. Existing rows are left alone (new ids start
 * after the largest one), so it can run on a store that already has a catalogue.
 */
export async function buildCatalogue(db: Kysely<Database>, options: FixtureOptions): Promise<Fixture> {
  const rand = seededRandom(options.seed ?? 1);
  const maxUnits = options.maxUnits ?? 8;
  const maxImages = options.maxImages ?? 6;
  const maxFiles = options.maxFiles ?? 3;
  const withdrawnShare = options.withdrawnShare ?? 0.06;
  const batch = options.batch ?? 500;
  const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');

  return db.transaction().execute(async (trx) => {
    // Categories and places may already be there (a second fixture, the demo).
    for (const c of [...KNOWN_CATEGORIES, ...EXTRA_CATEGORIES])
      await trx
        .insertInto('categories')
        .values({ id: c.id, key: c.key, name: c.key })
        .onConflict((oc) => oc.column('id').doNothing())
        .execute();

    const places: FixturePlace[] = [];
    const towns: Array<{
      place: FixturePlace;
      region: FixturePlace;
      country: FixturePlace;
      weight: number;
      lat: number;
      lng: number;
      priceFactor: number;
    }> = [];
    let placeId = await nextId(trx, 'geo_places');
    const placeRow = async (
      kind: FixturePlace['kind'],
      parent: FixturePlace | null,
      seed: { slug: string; name: string; lat: number; lng: number },
    ) => {
      const path = parent ? `${parent.path}/${seed.slug}` : seed.slug;
      const existing = await trx
        .selectFrom('geo_places')
        .select(['id', 'kind', 'parent_id', 'name', 'slug', 'path'])
        .where('path', '=', path)
        .executeTakeFirst();
      const place: FixturePlace = existing ?? {
        id: placeId++,
        kind,
        parent_id: parent?.id ?? null,
        name: seed.name,
        slug: seed.slug,
        path,
      };
      if (!existing)
        await trx
          .insertInto('geo_places')
          .values({ ...place, lat: seed.lat, lng: seed.lng })
          .execute();
      places.push(place);
      return place;
    };
    for (const c of PLACES) {
      const country = await placeRow('country', null, c);
      for (const r of c.regions) {
        const region = await placeRow('region', country, r);
        for (const t of r.towns) {
          const place = await placeRow('town', region, t);
          towns.push({ place, region, country, weight: t.weight, lat: t.lat, lng: t.lng, priceFactor: REGION_PRICE[r.slug] ?? 1 });
        }
      }
    }

    let projectId = await nextId(trx, 'projects');
    let unitId = await nextId(trx, 'units');
    let imageId = await nextId(trx, 'images');
    let fileId = await nextId(trx, 'project_files');
    const projects: FixtureProject[] = [];
    const projectRows: Array<Record<string, unknown>> = [];
    const unitRows: Array<Record<string, unknown>> = [];
    const categoryRows: Array<Record<string, unknown>> = [];
    const imageRows: Array<Record<string, unknown>> = [];
    const fileRows: Array<Record<string, unknown>> = [];
    const day0 = Date.UTC(2025, 0, 1);

    for (let n = 0; n < options.projects; n++) {
      const id = projectId++;
      const where = weighted(rand, towns);
      // One to three unit types, the first being the project's category.
      const types = [weighted(rand, UNIT_TYPES)];
      for (let k = int(rand, 0, 2); k > 0; k--) {
        const t = weighted(rand, UNIT_TYPES);
        if (!types.includes(t)) types.push(t);
      }
      const base = (90_000 + rand() * 260_000) * where.priceFactor;
      const units: FixtureUnit[] = [];
      for (let u = int(rand, 1, maxUnits); u > 0; u--) {
        const type = types[int(rand, 0, types.length - 1)]!;
        const bedrooms = int(rand, type.beds[0], type.beds[1]);
        const bathrooms = type.id === 7 ? 0 : Math.max(1, bedrooms - int(rand, 0, 1));
        const roll = rand();
        const status: UnitStatus = roll < 0.6 ? 'available' : roll < 0.75 ? 'reserved' : 'sold';
        const price = Math.max(5_000, Math.round((base * (0.7 + bedrooms * 0.35) * (0.85 + rand() * 0.3)) / 5_000) * 5_000);
        units.push({
          id: unitId++,
          category_id: type.id,
          bedrooms,
          bathrooms,
          built_area: type.id === 7 ? 0 : 35 + bedrooms * 28 + int(rand, 0, 30),
          plot_area: [2, 3, 6, 7, 8].includes(type.id) ? int(rand, 150, 1200) : null,
          price,
          status,
          withdrawn: rand() < 0.05,
        });
      }
      // A few luxury projects above the default upper bound, to test it.
      if (rand() < 0.01) units[0] = { ...units[0]!, price: 10_500_000 + int(rand, 0, 20) * 100_000, status: 'available', withdrawn: false };

      const live = units.filter((u) => !u.withdrawn);
      const available = live.filter((u) => u.status === 'available');
      const range = (pick: (u: FixtureUnit) => number | null) => {
        const values = available.map(pick).filter((v): v is number => v !== null);
        return values.length ? ([Math.min(...values), Math.max(...values)] as const) : ([null, null] as const);
      };
      const [price_min, price_max] = range((u) => u.price);
      const [beds_min, beds_max] = range((u) => u.bedrooms);
      const [baths_min, baths_max] = range((u) => u.bathrooms);
      const [built_min, built_max] = range((u) => u.built_area);
      const [plot_min, plot_max] = range((u) => u.plot_area);
      const withdrawn = rand() < withdrawnShare;
      const updated = new Date(day0 + int(rand, 0, 500) * 86_400_000).toISOString();
      const name = `${where.place.name} ${['Residences', 'Gardens', 'Views', 'Homes', 'Village', 'Hills', 'Beach'][int(rand, 0, 6)]} ${id}`;
      const stage = STAGES[int(rand, 0, 2)]!;
      const lat = where.lat + (rand() - 0.5) * 0.04;
      const lng = where.lng + (rand() - 0.5) * 0.04;

      const categories = [...new Set(live.map((u) => u.category_id))].sort((a, b) => a - b);
      const images: FixtureProject['images'] = [];
      for (let i = 0, pos = 0; i < int(rand, 0, maxImages); i++) {
        pos += int(rand, 1, 2); // positions in order, not necessarily contiguous
        images.push({ url: `/assets/fixture/${id}-${pos}.jpg`, position: pos, floorplan: rand() < 0.15 });
      }
      const files: FixtureProject['files'] = [];
      for (let f = 0; f < int(rand, 0, maxFiles); f++) {
        const kind = FILE_KINDS[f % 3]!;
        files.push({
          id: fileId++,
          kind,
          title: `${kind.replace('_', ' ')} ${id}`,
          url: `/files/${id}/${kind}.pdf`,
          registered_only: rand() < 0.8,
          position: f,
        });
      }

      projects.push({
        id,
        name,
        category_id: types[0]!.id,
        stage,
        country: where.country,
        region: where.region,
        town: where.place,
        categories,
        units,
        units_available: available.length,
        price_min,
        price_max,
        beds_max,
        baths_max,
        withdrawn,
        updated_at: updated,
        images,
        files,
      });
      projectRows.push({
        id,
        source: 'fixture',
        ref: `P${id}`,
        name,
        developer: rand() < 0.8 ? `Developer ${int(rand, 1, 40)}` : null,
        category_id: types[0]!.id,
        stage,
        description: description(rand, name, where.place.name),
        amenities: JSON.stringify(rand() < 0.5 ? ['pool', 'garden'] : ['gym']),
        country_id: where.country.id,
        region_id: where.region.id,
        town_id: where.place.id,
        location_detail: rand() < 0.5 ? 'Near the beach' : null,
        lat,
        lng,
        delivery_date: `${2026 + int(rand, 0, 2)}-${String(int(rand, 1, 12)).padStart(2, '0')}`,
        price_min,
        price_max,
        beds_min,
        beds_max,
        baths_min,
        baths_max,
        built_min,
        built_max,
        plot_min,
        plot_max,
        units_total: live.length,
        units_available: available.length,
        withdrawn_at: withdrawn ? updated : null,
        listed_at: updated,
        updated_at: updated,
      });
      for (const c of categories) categoryRows.push({ project_id: id, category_id: c });
      for (const u of units)
        unitRows.push({
          id: u.id,
          project_id: id,
          source: 'fixture',
          feed_id: `U${u.id}`,
          ref: `R${u.id}`,
          category_id: u.category_id,
          bedrooms: u.bedrooms,
          bathrooms: u.bathrooms,
          built_area: u.built_area,
          plot_area: u.plot_area,
          terrace_area: int(rand, 0, 40) || null,
          solarium_area: null,
          garden_area: null,
          floor: String(int(rand, 0, 6)),
          price: u.price,
          status: u.status,
          pool: 0,
          feed_date: updated,
          withdrawn_at: u.withdrawn ? updated : null,
          created_at: updated,
          updated_at: updated,
        });
      for (const i of images)
        imageRows.push({
          id: imageId++,
          project_id: id,
          unit_id: null,
          position: i.position,
          url: i.url,
          caption: null,
          floorplan: i.floorplan ? 1 : 0,
        });
      for (const f of files)
        fileRows.push({
          id: f.id,
          project_id: id,
          kind: f.kind,
          title: f.title,
          url: f.url,
          registered_only: f.registered_only ? 1 : 0,
          position: f.position,
        });
    }

    await insertBatched(trx, 'projects', projectRows, Math.min(batch, 1000));
    await insertBatched(trx, 'project_categories', categoryRows, batch * 4);
    await insertBatched(trx, 'units', unitRows, batch);
    await insertBatched(trx, 'images', imageRows, batch * 2);
    await insertBatched(trx, 'project_files', fileRows, batch * 2);
    // Explicit ids do not move PostgreSQL's identity sequences: move them, so
    // later inserts without an id (an import, a test) do not collide.
    if (pg)
      for (const table of ['geo_places', 'projects', 'units', 'images', 'project_files'])
        await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 1))`.execute(
          trx,
        );
    // A new catalogue: caches keyed by the version (the place tree) refresh.
    await bumpCatalogueVersion(trx);
    return { places, projects, byId: new Map(projects.map((p) => [p.id, p])) };
  });
}

/** Limits a partner to regions and/or projects (partner_scopes). */
export async function scopePartner(
  db: Kysely<Database>,
  partnerId: number,
  scope: { regions?: number[]; projects?: number[] },
): Promise<void> {
  const rows = [
    ...(scope.regions ?? []).map((target_id) => ({ partner_id: partnerId, kind: 'region' as const, target_id })),
    ...(scope.projects ?? []).map((target_id) => ({ partner_id: partnerId, kind: 'project' as const, target_id })),
  ];
  if (rows.length) await db.insertInto('partner_scopes').values(rows).execute();
}

/** A listed project a visitor can find: in the feed, with at least one available unit. */
export function isSearchable(p: FixtureProject): boolean {
  return !p.withdrawn && p.units_available > 0;
}
