// importFeed: a Kyero feed (a full snapshot of one source) into the catalogue,
// in ONE transaction, so that a malformed feed, a wrong root or a download that
// fails half-way leaves the store exactly as it was.
//
// How it stays fast and flat on a 500,000-unit feed:
//   - the reader streams; properties are handled in batches of BATCH_SIZE with
//     a handful of statements per batch (look-ups by `in (...)`, multi-row
//     upserts), never one round trip per row;
//   - what must be remembered across the whole feed lives in temporary tables
//     (ids seen, each development's lead fields, images, files), not in memory;
//     in memory are only maps of ids (categories, places, the projects met);
//   - a unit whose content is unchanged (its hash; <date> is only a hint) is
//     not written; only the projects that something happened to ("touched")
//     are recomputed at the end, set-based.
//
// The rules (which unit's fields a project takes, what counts as added, …) are
// in README.md beside this file.
import { sql, type Transaction } from 'kysely';
import type { DialectName, Store } from '../store/db.ts';
import type { Database, ProjectsTable, UnitStatus } from '../store/schema.ts';
import { FIRST_DYNAMIC_CATEGORY_ID, KNOWN_CATEGORIES } from '../../shared/catalogue.ts';
import { categoryFor, KNOWN_CATEGORY_NAMES } from './categories.ts';
import { describe } from './descriptions.ts';
import type { FeedItem, FeedProperty } from './feed-property.ts';
import { newReadReport, readKyero, type FeedInput, type ReadReport } from './kyero.ts';
import { DOCUMENT_TITLES } from './property-media.ts';
import { detach, slugify } from './text.ts';
import { projectNames } from './project-names.ts';
import { contentHash } from './content-hash.ts';

export interface Rejection {
  /** The property's <id>; null when it has none. */
  id: string | null;
  /** Where the property starts in the feed. */
  line: number;
  reason: string;
}

export interface ImportSummary {
  /** Units new to the catalogue, or back after having been withdrawn. */
  added: number;
  /** Units whose content changed (whatever their <date> says). */
  updated: number;
  /** Units whose content is the one already stored: not written. */
  unchanged: number;
  /** Resales (<new_build>0</new_build>) left out, because the source does not take them. */
  skippedResales: number;
  /** Units of this source missing from the feed: withdrawn (kept, not shown). */
  withdrawn: number;
  /** Properties refused, with the reason (the first MAX_REJECTIONS_KEPT; see rejectedTotal). */
  rejected: Rejection[];
  rejectedTotal: number;
  /** Projects whose derived columns were recomputed. */
  projectsTouched: number;
  /** What reading had to mend: bytes that were not UTF-8, text encoded twice. */
  read: ReadReport;
}

export interface ImportOptions {
  /** The feed's name, e.g. 'demo' or the URL's host: units are keyed by (source, feed id). */
  source: string;
  /** The import's clock (tests pin it). */
  now?: Date;
  /** Import <new_build>0</new_build> properties as resale homes (default: skip and count them). */
  includeResales?: boolean;
  /**
   * Refuse (changing nothing) a feed under a source name never imported before
   * when most of its ids are stored under another source: a date-stamped file
   * name would otherwise duplicate a catalogue. The CLI sets it when no --source is given.
   */
  checkSourceIdentity?: boolean;
}

/** A new source name for a feed whose properties are mostly stored under another. */
export class SourceIdentityError extends Error {
  override name = 'SourceIdentityError';
  constructor(
    readonly source: string,
    readonly storedUnder: string,
    readonly matching: number,
    readonly total: number,
  ) {
    super(`${matching} of the feed's ${total} properties are already stored under source '${storedUnder}', not '${source}': ` +
      `to update them, import with --source ${storedUnder}; to keep both, name this one with --source`);
  }
}

export const BATCH_SIZE = 1000;
const FLOOR_PLAN_TITLE = DOCUMENT_TITLES.floor_plan;
export const MAX_REJECTIONS_KEPT = 1000;
/** Rows per insert: PostgreSQL takes at most 65535 parameters per statement, SQLite 32766. */
const PARAMETER_LIMIT: Record<DialectName, number> = { postgres: 65_000, sqlite: 32_000 };
const MAX_ROWS_PER_STATEMENT = 1000;
/** How many developments' image and file URLs are remembered to skip repeats before the database sees them. */
const STAGED_WINDOW = 256;

type ImportTables = {
  import_seen: { feed_id: string };
  // A development as the feed describes it, before its ranges are derived.
  import_projects: Pick<
    ProjectsTable,
    'ref' | 'name' | 'developer' | 'stage' | 'description' | 'amenities' | 'country_id' | 'region_id' | 'town_id' | 'location_detail' | 'lat' | 'lng' | 'delivery_date'
  > & {
    description_html: string;
    descriptions: string;
    urls: string;
    /** Names made for a development the feed does not name, from plain to most specific; null when it names it. */
    name_detail: string | null;
    name_ref: string | null;
  };
  import_images: { ref: string; url: string; caption: string | null; floorplan: number; seq: number };
  import_files: { ref: string; url: string; kind: string; title: string; seq: number };
  import_touched: { project_id: number };
};

type Trx = Transaction<Database & ImportTables>;
type Row<T extends keyof ImportTables> = ImportTables[T];

/**
 * Imports a Kyero feed for one source. Resolves with the summary; rejects (and
 * changes nothing) when the feed cannot be read: FeedError for a malformed or
 * foreign document, the stream's own error for a failed download.
 */
export async function importFeed(store: Store, input: FeedInput, options: ImportOptions): Promise<ImportSummary> {
  const source = options.source.trim();
  if (!source || source.length > 100) throw new Error('importFeed: source must be a name of 1 to 100 characters');
  const now = (options.now ?? new Date()).toISOString();
  return store.db.transaction().execute(async (trx) => {
    await ensureKnownCategories(trx);
    const run = new ImportRun(trx.withTables<ImportTables>(), store.dialect, source, now, options);
    await run.start();
    // Batches are written one at a time, in order, but the next one is parsed
    // while the database works on the last (on PostgreSQL that is another
    // process: the two cores both work).
    let pending: Promise<void> = Promise.resolve();
    let batch: FeedItem[] = [];
    const flush = async () => {
      await pending;
      pending = run.batch(batch);
      pending.catch(() => undefined); // handled by the next `await pending`
      batch = [];
    };
    try {
      for await (const item of readKyero(input, run.readReport)) {
        batch.push(item);
        if (batch.length >= BATCH_SIZE) await flush();
      }
      if (batch.length) await flush();
      await pending;
    } catch (error) {
      // Let the batch in flight finish before the transaction is rolled back,
      // so that none of its statements runs outside it.
      await pending.catch(() => undefined);
      throw error;
    }
    return run.finish();
  });
}

/** Inserts the categories with fixed ids (the spec's type ids and the usual types), if missing. */
export async function ensureKnownCategories(db: Transaction<Database> | Store['db']): Promise<void> {
  await db
    .insertInto('categories')
    .values(KNOWN_CATEGORIES.map((c) => ({ id: c.id, key: c.key, name: KNOWN_CATEGORY_NAMES[c.key] })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

interface ExistingUnit {
  id: number;
  feed_id: string;
  content_hash: string | null;
  project_id: number;
  withdrawn_at: string | null;
}

class ImportRun {
  readonly readReport = newReadReport();
  private readonly summary: ImportSummary = {
    added: 0, updated: 0, unchanged: 0, skippedResales: 0, withdrawn: 0, rejected: [], rejectedTotal: 0, projectsTouched: 0,
    read: this.readReport,
  };
  /** Category key → id, and the ids still free for new types. */
  private readonly categories = new Map<string, number>();
  private nextCategoryId = FIRST_DYNAMIC_CATEGORY_ID;
  /** Place path ('spain/alicante/torrevieja') → id. */
  private readonly places = new Map<string, number>();
  /** Development ref → project id, for every development met in this feed. */
  private readonly projects = new Map<string, number>();
  /** Projects to recompute at the end. */
  private readonly touched = new Set<number>();
  /** Recent developments' staged image and file URLs (insertion-ordered: the oldest is dropped first). */
  private readonly staged = new Map<string, Set<string>>();
  private seq = 0;
  /** Whether this source had units before this import (see checkSourceIdentity). */
  private sourceKnown = false;

  constructor(
    private readonly db: Trx,
    private readonly dialect: DialectName,
    private readonly source: string,
    private readonly now: string,
    private readonly options: Pick<ImportOptions, 'includeResales' | 'checkSourceIdentity'>,
  ) {}

  /** Rows per statement, within the bind-parameter limit for rows of that many columns (default: the first row's). */
  private chunk<T>(rows: T[], columns = rows[0] && typeof rows[0] === 'object' ? Object.keys(rows[0]).length : 1): T[][] {
    const size = Math.max(1, Math.min(MAX_ROWS_PER_STATEMENT, Math.floor(PARAMETER_LIMIT[this.dialect] / columns)));
    const out: T[][] = [];
    for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
    return out;
  }

  async start(): Promise<void> {
    const { db } = this;
    for (const c of await db.selectFrom('categories').select(['id', 'key']).execute()) {
      this.categories.set(c.key, c.id);
      if (c.id >= this.nextCategoryId) this.nextCategoryId = c.id + 1;
    }
    for (const p of await db.selectFrom('geo_places').select(['id', 'path']).execute()) this.places.set(p.path, p.id);
    this.sourceKnown = Boolean(await db.selectFrom('units').select('id').where('source', '=', this.source).limit(1).executeTakeFirst());

    // Temporary tables: private to this connection, gone with the transaction
    // on PostgreSQL and dropped by finish() on SQLite (a rollback undoes them too).
    const real = this.dialect === 'postgres' ? sql.raw('double precision') : sql.raw('real');
    const temp = this.dialect === 'postgres' ? sql.raw('on commit drop') : sql.raw('');
    for (const table of ['import_seen', 'import_projects', 'import_images', 'import_files', 'import_touched'])
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    await sql`create temporary table import_seen (feed_id text primary key) ${temp}`.execute(db);
    await sql`create temporary table import_projects (
      ref text primary key, name text not null, developer text, stage text not null, description text not null,
      amenities text not null, country_id integer not null, region_id integer not null, town_id integer not null,
      location_detail text, lat ${real}, lng ${real}, delivery_date text,
      description_html text not null, descriptions text not null, urls text not null, name_detail text, name_ref text) ${temp}`.execute(db);
    await sql`create temporary table import_images (
      ref text not null, url text not null, caption text, floorplan integer not null, seq integer not null,
      primary key (ref, url)) ${temp}`.execute(db);
    await sql`create temporary table import_files (
      ref text not null, url text not null, kind text not null, title text not null, seq integer not null,
      primary key (ref, url)) ${temp}`.execute(db);
    await sql`create temporary table import_touched (project_id integer primary key) ${temp}`.execute(db);
  }

  private reject(rejection: Rejection): void {
    this.summary.rejectedTotal++;
    if (this.summary.rejected.length < MAX_REJECTIONS_KEPT)
      this.summary.rejected.push({ id: rejection.id === null ? null : detach(rejection.id), line: rejection.line, reason: detach(rejection.reason) });
  }

  async batch(items: FeedItem[]): Promise<void> {
    const { db } = this;

    // 1. Rejections, and duplicates of an id (within the batch, then across the
    //    feed through import_seen): the first occurrence wins.
    const candidates: FeedProperty[] = [];
    const rejectedIds: string[] = [];
    const inBatch = new Set<string>();
    for (const item of items) {
      if (!item.ok) {
        this.reject({ id: item.id, line: item.line, reason: item.reason });
        if (item.id) rejectedIds.push(item.id);
      } else if (item.property.newBuild === false && !this.options.includeResales) {
        // Not imported: a resale stored by an earlier import that took them is withdrawn.
        this.summary.skippedResales++;
      } else if (inBatch.has(item.property.id)) {
        this.reject({ id: item.property.id, line: item.property.line, reason: 'id: appears more than once in the feed (the first is kept)' });
      } else {
        inBatch.add(item.property.id);
        candidates.push(item.property);
      }
    }
    const fresh = new Set<string>();
    for (const rows of this.chunk(candidates, 1)) {
      const inserted = await db
        .insertInto('import_seen')
        .values(rows.map((p) => ({ feed_id: p.id })))
        .onConflict((oc) => oc.doNothing())
        .returning('feed_id')
        .execute();
      for (const r of inserted) fresh.add(r.feed_id);
    }
    const properties = candidates.filter((p) => {
      if (fresh.has(p.id)) return true;
      this.reject({ id: p.id, line: p.line, reason: 'id: appears more than once in the feed (the first is kept)' });
      return false;
    });
    // A rejected property is still in the feed: its stored version, if any, is
    // kept rather than withdrawn.
    for (const rows of this.chunk([...new Set(rejectedIds)], 1))
      await db.insertInto('import_seen').values(rows.map((feed_id) => ({ feed_id }))).onConflict((oc) => oc.doNothing()).execute();
    if (!properties.length) return;

    // 2. Categories and places (new ones are rare: one insert each).
    const categoryIds = new Map<FeedProperty, number>();
    const placeIds = new Map<FeedProperty, { country: number; region: number; town: number }>();
    for (const p of properties) {
      categoryIds.set(p, await this.category(p.type));
      placeIds.set(p, await this.place(p));
    }

    // 3. Projects: the first unit of a development met in this feed is its lead.
    const leads = new Map<string, FeedProperty>();
    for (const p of properties) {
      const ref = projectRef(p);
      if (!this.projects.has(ref) && !leads.has(ref)) leads.set(ref, p);
    }
    if (leads.size) {
      const refs = [...leads.keys()];
      for (const rows of this.chunk(refs, 1))
        for (const r of await db.selectFrom('projects').select(['id', 'ref']).where('source', '=', this.source).where('ref', 'in', rows).execute())
          this.projects.set(detach(r.ref), r.id);
      const staged: Array<Row<'import_projects'>> = refs.map((ref) => projectFields(ref, leads.get(ref)!, placeIds.get(leads.get(ref)!)!, this.now));
      const missing = staged
        .filter((s) => !this.projects.has(s.ref))
        .map(({ name_detail: _detail, name_ref: _ref, ...s }) => ({
          ...s,
          source: this.source,
          category_id: categoryIds.get(leads.get(s.ref)!)!,
          units_total: 0,
          units_available: 0,
          listed_at: this.now,
          updated_at: leads.get(s.ref)!.date ?? this.now,
        }));
      for (const rows of this.chunk(missing)) {
        const inserted = await db.insertInto('projects').values(rows).returning(['id', 'ref']).execute();
        for (const r of inserted) {
          this.projects.set(detach(r.ref), r.id);
          this.touched.add(r.id);
        }
      }
      for (const rows of this.chunk(staged)) await db.insertInto('import_projects').values(rows).execute();
    }

    // 4. Units: look up what is stored, write only what is new or changed.
    const existing = new Map<string, ExistingUnit>();
    for (const rows of this.chunk(properties, 1))
      for (const u of await db
        .selectFrom('units')
        .select(['id', 'feed_id', 'content_hash', 'project_id', 'withdrawn_at'])
        .where('source', '=', this.source)
        .where('feed_id', 'in', rows.map((p) => p.id))
        .execute())
        existing.set(u.feed_id, u);

    const writes = [];
    for (const p of properties) {
      const projectId = this.projects.get(projectRef(p))!;
      const old = existing.get(p.id);
      const hash = contentHash(p);
      if (old && old.withdrawn_at === null && old.content_hash === hash && old.project_id === projectId) {
        this.summary.unchanged++;
        continue;
      }
      if (!old || old.withdrawn_at !== null) this.summary.added++;
      else this.summary.updated++;
      this.touched.add(projectId);
      if (old && old.project_id !== projectId) this.touched.add(old.project_id);
      writes.push(unitRow(p, projectId, categoryIds.get(p)!, this.source, this.now, hash));
    }
    for (const rows of this.chunk(writes))
      await db
        .insertInto('units')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['source', 'feed_id']).doUpdateSet((eb) => ({
            project_id: eb.ref('excluded.project_id'),
            ref: eb.ref('excluded.ref'),
            category_id: eb.ref('excluded.category_id'),
            bedrooms: eb.ref('excluded.bedrooms'),
            bathrooms: eb.ref('excluded.bathrooms'),
            built_area: eb.ref('excluded.built_area'),
            plot_area: eb.ref('excluded.plot_area'),
            terrace_area: eb.ref('excluded.terrace_area'),
            solarium_area: eb.ref('excluded.solarium_area'),
            garden_area: eb.ref('excluded.garden_area'),
            floor: eb.ref('excluded.floor'),
            price: eb.ref('excluded.price'),
            status: eb.ref('excluded.status'),
            pool: eb.ref('excluded.pool'),
            feed_date: eb.ref('excluded.feed_date'),
            content_hash: eb.ref('excluded.content_hash'),
            withdrawn_at: null,
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();

    // 5. Images and files of every unit, unchanged ones too: a development that
    //    something happens to later in the feed gets the union of all of them.
    const images: Array<Row<'import_images'>> = [];
    const files: Array<Row<'import_files'>> = [];
    for (const p of properties) {
      const ref = projectRef(p);
      let seen = this.staged.get(ref);
      if (!seen) {
        seen = new Set();
        this.staged.set(detach(ref), seen);
        if (this.staged.size > STAGED_WINDOW) this.staged.delete(this.staged.keys().next().value!);
      }
      for (const image of p.images) {
        const key = detach(`i ${image.url}`);
        if (seen.has(key)) continue;
        seen.add(key);
        images.push({ ref, url: image.url, caption: image.caption, floorplan: image.floorplan ? 1 : 0, seq: this.seq++ });
      }
      for (const doc of p.documents) {
        const key = detach(`f ${doc.url}`);
        if (seen.has(key)) continue;
        seen.add(key);
        files.push({ ref, url: doc.url, kind: doc.kind, title: doc.title, seq: this.seq++ });
      }
    }
    // A URL already staged (a development whose units are far apart) is kept as first met.
    for (const rows of this.chunk(images)) await db.insertInto('import_images').values(rows).onConflict((oc) => oc.doNothing()).execute();
    for (const rows of this.chunk(files)) await db.insertInto('import_files').values(rows).onConflict((oc) => oc.doNothing()).execute();
  }

  private async category(type: string): Promise<number> {
    const choice = categoryFor(type)!;
    const known = this.categories.get(choice.key);
    if (known !== undefined) return known;
    const id = this.nextCategoryId++;
    await this.db.insertInto('categories').values({ id, key: choice.key, name: choice.name }).execute();
    this.categories.set(choice.key, id);
    return id;
  }

  private async place(p: FeedProperty): Promise<{ country: number; region: number; town: number }> {
    const country = await this.placeId('country', null, '', p.country, null);
    const region = await this.placeId('region', country, slugify(p.country), p.province, null);
    const town = await this.placeId('town', region, `${slugify(p.country)}/${slugify(p.province)}`, p.town, p);
    return { country, region, town };
  }

  private async placeId(kind: 'country' | 'region' | 'town', parent: number | null, parentPath: string, name: string, at: FeedProperty | null): Promise<number> {
    const slug = slugify(name);
    const path = parentPath ? `${parentPath}/${slug}` : slug;
    const known = this.places.get(path);
    if (known !== undefined) return known;
    const { id } = await this.db
      .insertInto('geo_places')
      .values({ kind, parent_id: parent, name, slug, path, lat: at?.lat ?? null, lng: at?.lng ?? null })
      .returning('id')
      .executeTakeFirstOrThrow();
    this.places.set(path, id);
    return id;
  }

  async finish(): Promise<ImportSummary> {
    const { db, source, now } = this;
    if (this.options.checkSourceIdentity) await this.checkSourceIdentity();

    // Units of this source that the feed no longer lists: withdrawn, never deleted.
    const gone = await db
      .updateTable('units')
      .set({ withdrawn_at: now, updated_at: now })
      .where('source', '=', source)
      .where('withdrawn_at', 'is', null)
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('import_seen').select('import_seen.feed_id').whereRef('import_seen.feed_id', '=', 'units.feed_id'))),
      )
      .returning('project_id')
      .execute();
    this.summary.withdrawn = gone.length;
    for (const g of gone) this.touched.add(g.project_id);
    this.summary.projectsTouched = this.touched.size;

    if (this.touched.size) {
      for (const rows of this.chunk([...this.touched], 1))
        await db.insertInto('import_touched').values(rows.map((project_id) => ({ project_id }))).execute();
      await this.recompute();
      await sql`update catalogue_meta set value = cast(cast(value as integer) + 1 as text) where key = 'version'`.execute(db);
    }
    for (const table of ['import_seen', 'import_projects', 'import_images', 'import_files', 'import_touched'])
      await sql`drop table if exists ${sql.table(table)}`.execute(db);
    return this.summary;
  }

  /** See ImportOptions.checkSourceIdentity. Throws SourceIdentityError, which rolls the import back. */
  private async checkSourceIdentity(): Promise<void> {
    const { db, source } = this;
    if (this.sourceKnown) return;
    const total = Number((await db.selectFrom('import_seen').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const other = await db
      .selectFrom('units')
      .select(['source', (eb) => eb.fn.countAll().as('n')])
      .where('source', '<>', source)
      .where('feed_id', 'in', db.selectFrom('import_seen').select('feed_id'))
      .groupBy('source')
      .orderBy('n', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (other && Number(other.n) * 2 > total) throw new SourceIdentityError(source, other.source, Number(other.n), total);
  }

  /** Every touched project's fields, images, files and derived columns; places' coordinates. Set-based. */
  private async recompute(): Promise<void> {
    const { db, source, now } = this;
    // Touched projects that the feed still lists (some unit of theirs is in it).
    const listed = sql`projects.id in (select project_id from import_touched) and projects.source = ${source}`;

    // The lead unit's fields.
    await sql`update projects set
        name = i.name, developer = i.developer, stage = i.stage, description = i.description, amenities = i.amenities,
        country_id = i.country_id, region_id = i.region_id, town_id = i.town_id, location_detail = i.location_detail,
        lat = i.lat, lng = i.lng, delivery_date = i.delivery_date,
        description_html = i.description_html, descriptions = i.descriptions, urls = i.urls
      from import_projects i
      where i.ref = projects.ref and ${listed}`.execute(db);

    // Images and files: replaced by the union of the feed's, in feed order.
    // A project no unit of which is in the feed keeps its own.
    const inFeed = sql`project_id in (select p.id from projects p join import_touched t on t.project_id = p.id
      where p.source = ${source} and p.ref in (select ref from import_projects))`;
    await sql`delete from images where ${inFeed}`.execute(db);
    await sql`insert into images (project_id, position, url, caption, floorplan)
      select p.id, row_number() over (partition by p.id order by i.seq) - 1, i.url, i.caption, i.floorplan
      from import_images i
      join projects p on p.source = ${source} and p.ref = i.ref
      join import_touched t on t.project_id = p.id`.execute(db);
    await sql`delete from project_files where ${inFeed}`.execute(db);
    // Floor plans are for registered clients (SPEC §2, §6): a feed's floor-plan
    // pictures are also listed as floor-plan files, and the public reads leave
    // them out of the pictures.
    await sql`insert into project_files (project_id, kind, title, url, registered_only, position)
      select p.id, f.kind, f.title, f.url, 1, row_number() over (partition by p.id order by f.picture, f.seq) - 1
      from (
        select ref, kind, title, url, seq, 0 as picture from import_files
        union all
        select ref, 'floor_plan', coalesce(caption, ${FLOOR_PLAN_TITLE}), url, seq, 1 from import_images where floorplan = 1
      ) f
      join projects p on p.source = ${source} and p.ref = f.ref
      join import_touched t on t.project_id = p.id`.execute(db);

    // Derived columns. "Live" units are the ones not withdrawn; ranges are over
    // the live units that are available. A project without live units is
    // withdrawn, and its category is then taken from all its units.
    const pg = this.dialect === 'postgres';
    await sql`drop table if exists import_stats`.execute(db);
    await sql`create temporary table import_stats ${sql.raw(pg ? 'on commit drop ' : '')}as
      select t.project_id,
        coalesce(sum(case when u.id is not null and u.withdrawn_at is null then 1 else 0 end), 0) as live,
        coalesce(sum(case when u.withdrawn_at is null and u.status = 'available' then 1 else 0 end), 0) as available,
        min(case when u.withdrawn_at is null and u.status = 'available' then u.price end) as price_min,
        max(case when u.withdrawn_at is null and u.status = 'available' then u.price end) as price_max,
        min(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bedrooms, 0) end) as beds_min,
        max(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bedrooms, 0) end) as beds_max,
        min(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bathrooms, 0) end) as baths_min,
        max(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bathrooms, 0) end) as baths_max,
        min(case when u.withdrawn_at is null and u.status = 'available' then u.built_area end) as built_min,
        max(case when u.withdrawn_at is null and u.status = 'available' then u.built_area end) as built_max,
        min(case when u.withdrawn_at is null and u.status = 'available' then u.plot_area end) as plot_min,
        max(case when u.withdrawn_at is null and u.status = 'available' then u.plot_area end) as plot_max,
        coalesce(max(case when u.withdrawn_at is null then u.feed_date end), max(u.feed_date)) as updated_at,
        cast(null as integer) as category_id
      from import_touched t left join units u on u.project_id = t.project_id
      group by t.project_id`.execute(db);
    // Each touched project's units per category, live and all, in one pass over
    // its units: the category is the most common type of its live units (of all
    // of them once none is live), and project_categories lists those types.
    await sql`drop table if exists import_categories`.execute(db);
    await sql`create temporary table import_categories ${sql.raw(pg ? 'on commit drop ' : '')}as
      select u.project_id, u.category_id,
        sum(case when u.withdrawn_at is null then 1 else 0 end) as live, count(*) as units
      from import_touched t join units u on u.project_id = t.project_id
      group by u.project_id, u.category_id`.execute(db);
    const weight = sql`(case when s.live > 0 then c.live else c.units end)`;
    const counted = sql`from import_categories c join import_stats s on s.project_id = c.project_id where ${weight} > 0`;
    await sql`update import_stats set category_id = r.category_id
      from (select project_id, category_id from (
              select c.project_id, c.category_id,
                row_number() over (partition by c.project_id order by ${weight} desc, c.category_id) as rank
              ${counted}) ranked
            where rank = 1) r
      where r.project_id = import_stats.project_id`.execute(db);
    // Only the rows that change, and before the ranges list a new project: each
    // row's trigger rewrites its project's category_mask (migration 0003), and
    // a listed project's mask is in every search index.
    await sql`delete from project_categories where project_id in (select project_id from import_touched)
      and not exists (select 1 ${counted} and c.project_id = project_categories.project_id and c.category_id = project_categories.category_id)`.execute(db);
    await sql`insert into project_categories (project_id, category_id) select c.project_id, c.category_id ${counted}
      and not exists (select 1 from project_categories pc where pc.project_id = c.project_id and pc.category_id = c.category_id)`.execute(db);
    await sql`update projects set
        category_id = coalesce(s.category_id, projects.category_id),
        price_min = s.price_min, price_max = s.price_max, beds_min = s.beds_min, beds_max = s.beds_max,
        baths_min = s.baths_min, baths_max = s.baths_max, built_min = s.built_min, built_max = s.built_max,
        plot_min = s.plot_min, plot_max = s.plot_max, units_total = s.live, units_available = s.available,
        withdrawn_at = case when s.live = 0 then coalesce(projects.withdrawn_at, ${now}) else null end,
        updated_at = coalesce(s.updated_at, projects.updated_at)
      from import_stats s
      where s.project_id = projects.id`.execute(db);
    await sql`drop table import_categories`.execute(db);
    await sql`drop table import_stats`.execute(db);
    await this.distinctNames();

    // Places: a town sits at the mean of its developments in the feed (a new
    // one first at the first seen), a region at the mean of its towns, a
    // country at the mean of its regions.
    // One grouping of the staged developments, not a scan of them per town.
    await sql`update geo_places set lat = t.lat, lng = t.lng
      from (select town_id, avg(lat) as lat, avg(lng) as lng from import_projects where lat is not null group by town_id) t
      where t.town_id = geo_places.id`.execute(db);
    for (const [kind, column] of [['region', 'region_id'], ['country', 'country_id']] as const)
      await sql`update geo_places set
          lat = (select avg(c.lat) from geo_places c where c.parent_id = geo_places.id and c.lat is not null),
          lng = (select avg(c.lng) from geo_places c where c.parent_id = geo_places.id and c.lat is not null)
        where kind = ${kind} and id in (select ${sql.ref(column)} from import_projects)
          and exists (select 1 from geo_places c where c.parent_id = geo_places.id and c.lat is not null)`.execute(db);
    // A development the feed gives no position sits at its town's, for the map.
    await sql`update projects set
        lat = (select g.lat from geo_places g where g.id = projects.town_id),
        lng = (select g.lng from geo_places g where g.id = projects.town_id)
      where lat is null and ${listed}`.execute(db);
  }

  /**
   * A development the feed does not name gets a made-up name (project-names.ts):
   * while a listed project shares it, the next, more specific one is taken
   * (location detail, then reference, then the project's id). Names the feed
   * gives are never changed, even when two developments share one.
   */
  private async distinctNames(): Promise<void> {
    const { db, source } = this;
    const temp = this.dialect === 'postgres' ? sql.raw('on commit drop ') : sql.raw('');
    // Only the made-up names of touched projects move; one grouping per pass, not a scan per project.
    for (const next of ['i.name_detail', 'i.name_ref', `i.name_ref || ' #' || cast(projects.id as text)`]) {
      await sql`drop table if exists import_shared_names`.execute(db);
      await sql`create temporary table import_shared_names ${temp}as
        select name from projects where withdrawn_at is null and name in (
          select p.name from projects p join import_projects i on i.ref = p.ref
          where p.source = ${source} and i.name_detail is not null and p.withdrawn_at is null)
        group by name having count(*) > 1`.execute(db);
      const moved = await sql`update projects set name = ${sql.raw(next)}
        from import_projects i
        where i.ref = projects.ref and projects.source = ${source} and i.name_detail is not null
          and projects.id in (select project_id from import_touched) and projects.withdrawn_at is null
          and projects.name in (select name from import_shared_names)`.execute(db);
      if (!Number(moved.numAffectedRows ?? 0)) break;
    }
    await sql`drop table if exists import_shared_names`.execute(db);
  }
}

/** Units without a development_ref form a project of their own. */
export function projectRef(p: FeedProperty): string {
  return p.developmentRef ?? `unit:${p.id}`;
}

function projectFields(ref: string, p: FeedProperty, place: { country: number; region: number; town: number }, now: string): Row<'import_projects'> {
  const names = p.developmentName ? null : projectNames(p);
  const { description, descriptions } = describe(p);
  return {
    ref,
    name: p.developmentName ?? names!.plain,
    name_detail: names?.detail ?? null,
    name_ref: names?.ref ?? null,
    developer: p.developer,
    // A resale is never under a new-build stage. Without a stage: still to be
    // delivered (after the feed's date, or now) is off plan, otherwise ready.
    stage: p.newBuild === false ? 'resale' : (p.stage ?? (p.deliveryDate && p.deliveryDate > (p.date ?? now).slice(0, 7) ? 'off_plan' : 'key_ready')),
    description: description.text,
    description_html: description.html,
    descriptions: JSON.stringify(descriptions),
    urls: JSON.stringify(p.urls),
    amenities: JSON.stringify(p.features),
    country_id: place.country,
    region_id: place.region,
    town_id: place.town,
    location_detail: p.locationDetail,
    lat: p.lat,
    lng: p.lng,
    delivery_date: p.deliveryDate,
  };
}

function unitRow(p: FeedProperty, projectId: number, categoryId: number, source: string, now: string, hash: string) {
  return {
    project_id: projectId,
    source,
    feed_id: p.id,
    ref: p.ref,
    category_id: categoryId,
    // 0 is 'not given' in these two NOT NULL columns (schema.ts).
    bedrooms: p.bedrooms ?? 0,
    bathrooms: p.bathrooms ?? 0,
    built_area: p.built,
    plot_area: p.plot,
    terrace_area: p.terrace,
    solarium_area: p.solarium,
    garden_area: p.garden,
    floor: p.floor,
    price: p.price,
    status: p.status as UnitStatus,
    pool: p.pool ? 1 : 0,
    feed_date: p.date ?? now,
    content_hash: hash,
    withdrawn_at: null,
    created_at: now,
    updated_at: now,
  };
}
