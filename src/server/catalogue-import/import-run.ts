// One import's state and its work per batch: rejections and repeated ids,
// categories and places, the developments met (the first unit of each is its
// lead), the units written when new or changed, the images and files staged;
// then, at the end, withdrawals and the recompute of every touched project.
import { sql } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { Insertable } from 'kysely';
import type { UnitHistoryTable, UnitStatus } from '../store/schema.ts';
import { FIRST_DYNAMIC_CATEGORY_ID } from '../../shared/catalogue.ts';
import { insertRows } from './bulk-insert.ts';
import { categoryFor } from './categories.ts';
import type { FeedItem, FeedProperty } from './feed-property.ts';
import { createImportTables, dropImportTables, type Row, type Trx } from './import-tables.ts';
import { SourceIdentityError, type ImportOptions, type ImportSummary, type Rejection } from './import-types.ts';
import { contentHash } from './content-hash.ts';
import { newReadReport } from './kyero.ts';
import { recompute } from './recompute.ts';
import { detach, slugify } from './text.ts';
import { projectFields, projectRef, unitRow } from './unit-rows.ts';
import { bumpCatalogueVersion } from '../services/catalogue/version.ts';
import { boundedMemo } from '../../shared/bounded-memo.ts';

export const MAX_REJECTIONS_KEPT = 1000;
/** Rows per insert: PostgreSQL takes at most 65535 parameters per statement, SQLite 32766. */
const PARAMETER_LIMIT: Record<DialectName, number> = { postgres: 65_000, sqlite: 32_000 };
const MAX_ROWS_PER_STATEMENT = 1000;
/** How many developments' image and file URLs are remembered to skip repeats before the database sees them. */
const STAGED_WINDOW = 256;
/** A unit already stored under its (source, feed id) takes the feed's fields, and is live again. */
const UNIT_UPSERT = `on conflict (source, feed_id) do update set ${[
  'project_id',
  'ref',
  'category_id',
  'bedrooms',
  'bathrooms',
  'built_area',
  'plot_area',
  'terrace_area',
  'solarium_area',
  'garden_area',
  'floor',
  'price',
  'status',
  'pool',
  'feed_date',
  'content_hash',
  'updated_at',
]
  .map((c) => `${c} = excluded.${c}`)
  .join(', ')}, withdrawn_at = null`;

interface PlaceIds {
  country: number;
  region: number;
  town: number;
}

const placeKey = (p: FeedProperty) => `${p.country}\u0001${p.province}\u0001${p.town}`;

interface ExistingUnit {
  id: number;
  feed_id: string;
  content_hash: string | null;
  project_id: number;
  price: number;
  status: UnitStatus;
  withdrawn_at: string | null;
}

/** The history row for a stored unit the feed now gives this price and status; null when neither changed. */
function historyRow(
  old: ExistingUnit,
  projectId: number,
  price: number,
  status: UnitStatus,
  now: string,
): Insertable<UnitHistoryTable> | null {
  const statusBefore = old.withdrawn_at === null ? old.status : 'withdrawn';
  if (old.price === price && statusBefore === status) return null;
  return { unit_id: old.id, project_id: projectId, changed_at: now, price_before: old.price, price, status_before: statusBefore, status };
}

export class ImportRun {
  readonly readReport = newReadReport();
  private readonly summary: ImportSummary = {
    added: 0,
    updated: 0,
    unchanged: 0,
    skippedResales: 0,
    withdrawn: 0,
    rejected: [],
    rejectedTotal: 0,
    projectsTouched: 0,
    read: this.readReport,
  };
  /** Category key → id, and the ids still free for new types. */
  private readonly categories = new Map<string, number>();
  private nextCategoryId = FIRST_DYNAMIC_CATEGORY_ID;
  /** Place path ('spain/alicante/torrevieja') → id. */
  private readonly places = new Map<string, number>();
  /** A property's country, province and town as written (placeKey) → their ids. */
  private readonly placeIds = new Map<string, PlaceIds>();
  /** Development ref → project id, for every development met in this feed. */
  private readonly projects = new Map<string, number>();
  /** Projects to recompute at the end. */
  private readonly touched = new Set<number>();
  /** Recent developments' staged image and file URLs (insertion-ordered: the oldest is dropped first). */
  private readonly staged = boundedMemo<Set<string>>(STAGED_WINDOW);
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

  private insert<Returned = unknown>(table: string, rows: object[], tail = ''): Promise<Returned[]> {
    return insertRows<Returned>(this.db, this.dialect, table, rows, tail);
  }

  async start(): Promise<void> {
    const { db } = this;
    for (const c of await db.selectFrom('categories').select(['id', 'key']).execute()) {
      this.categories.set(c.key, c.id);
      if (c.id >= this.nextCategoryId) this.nextCategoryId = c.id + 1;
    }
    for (const p of await db.selectFrom('geo_places').select(['id', 'path']).execute()) this.places.set(p.path, p.id);
    this.sourceKnown = Boolean(await db.selectFrom('units').select('id').where('source', '=', this.source).limit(1).executeTakeFirst());

    await createImportTables(db, this.dialect);
  }

  private reject(rejection: Rejection): void {
    this.summary.rejectedTotal++;
    if (this.summary.rejected.length < MAX_REJECTIONS_KEPT)
      this.summary.rejected.push({
        id: rejection.id === null ? null : detach(rejection.id),
        line: rejection.line,
        reason: detach(rejection.reason),
      });
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
        this.reject({
          id: item.property.id,
          line: item.property.line,
          reason: 'id: appears more than once in the feed (the first is kept)',
        });
      } else {
        inBatch.add(item.property.id);
        candidates.push(item.property);
      }
    }
    const fresh = new Set<string>();
    for (const rows of this.chunk(candidates, 1)) {
      const inserted = await this.insert<{ feed_id: string }>(
        'import_seen',
        rows.map((p) => ({ feed_id: p.id })),
        'on conflict do nothing returning feed_id',
      );
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
      await this.insert(
        'import_seen',
        rows.map((feed_id) => ({ feed_id })),
        'on conflict do nothing',
      );
    if (!properties.length) return;

    // 2. Categories and places (new ones are rare: one insert each).
    const categoryIds = new Map<FeedProperty, number>();
    const placeIds = new Map<FeedProperty, PlaceIds>();
    // Known ones are looked up without an await: a microtask per property adds up.
    for (const p of properties) {
      categoryIds.set(p, this.categories.get(categoryFor(p.type)!.key) ?? (await this.category(p.type)));
      placeIds.set(p, this.placeIds.get(placeKey(p)) ?? (await this.place(p)));
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
        for (const r of await db
          .selectFrom('projects')
          .select(['id', 'ref'])
          .where('source', '=', this.source)
          .where('ref', 'in', rows)
          .execute())
          this.projects.set(detach(r.ref), r.id);
      const staged: Array<Row<'import_projects'>> = refs.map((ref) =>
        projectFields(ref, leads.get(ref)!, placeIds.get(leads.get(ref)!)!, this.now),
      );
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
        const inserted = await this.insert<{ id: number; ref: string }>('projects', rows, 'returning id, ref');
        for (const r of inserted) {
          this.projects.set(detach(r.ref), r.id);
          this.touched.add(r.id);
        }
      }
      for (const rows of this.chunk(staged)) await this.insert('import_projects', rows);
    }

    // 4. Units: look up what is stored, write only what is new or changed.
    const existing = new Map<string, ExistingUnit>();
    for (const rows of this.chunk(properties, 1))
      for (const u of await db
        .selectFrom('units')
        .select(['id', 'feed_id', 'content_hash', 'project_id', 'price', 'status', 'withdrawn_at'])
        .where('source', '=', this.source)
        .where(
          'feed_id',
          'in',
          rows.map((p) => p.id),
        )
        .execute())
        existing.set(u.feed_id, u);

    const writes = [];
    const history: Array<Insertable<UnitHistoryTable>> = [];
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
      if (old) {
        const change = historyRow(old, projectId, p.price, p.status as UnitStatus, this.now);
        if (change) history.push(change);
      }
    }
    for (const rows of this.chunk(writes)) await this.insert('units', rows, UNIT_UPSERT);
    for (const rows of this.chunk(history)) await this.insert('unit_history', rows);

    // 5. Images and files of every unit, unchanged ones too: a development that
    //    something happens to later in the feed gets the union of all of them.
    const images: Array<Row<'import_images'>> = [];
    const files: Array<Row<'import_files'>> = [];
    for (const p of properties) {
      const ref = projectRef(p);
      const seen = this.staged(detach(ref), () => new Set());
      for (const image of p.images) {
        const key = `i ${image.url}`;
        if (seen.has(key)) continue;
        seen.add(detach(key));
        images.push({ ref, url: image.url, caption: image.caption, floorplan: image.floorplan ? 1 : 0, seq: this.seq++ });
      }
      for (const doc of p.documents) {
        const key = `f ${doc.url}`;
        if (seen.has(key)) continue;
        seen.add(detach(key));
        files.push({ ref, url: doc.url, kind: doc.kind, title: doc.title, seq: this.seq++ });
      }
    }
    // A URL already staged (a development whose units are far apart) is kept as first met.
    for (const rows of this.chunk(images)) await this.insert('import_images', rows, 'on conflict do nothing');
    for (const rows of this.chunk(files)) await this.insert('import_files', rows, 'on conflict do nothing');
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

  private async place(p: FeedProperty): Promise<PlaceIds> {
    const country = await this.placeId('country', null, '', p.country, null);
    const region = await this.placeId('region', country, slugify(p.country), p.province, null);
    const town = await this.placeId('town', region, `${slugify(p.country)}/${slugify(p.province)}`, p.town, p);
    const ids = { country, region, town };
    this.placeIds.set(detach(placeKey(p)), ids);
    return ids;
  }

  private async placeId(
    kind: 'country' | 'region' | 'town',
    parent: number | null,
    parentPath: string,
    name: string,
    at: FeedProperty | null,
  ): Promise<number> {
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

    // Units of this source that the feed no longer lists: withdrawn, never deleted,
    // and the withdrawal recorded in their history first.
    const unlisted = sql`units.source = ${source} and units.withdrawn_at is null
      and not exists (select 1 from import_seen s where s.feed_id = units.feed_id)`;
    await sql`insert into unit_history (unit_id, project_id, changed_at, price_before, price, status_before, status)
      select id, project_id, ${now}, price, price, status, 'withdrawn' from units where ${unlisted}`.execute(db);
    const { rows: gone } = await sql<{ project_id: number }>`update units set withdrawn_at = ${now}, updated_at = ${now}
      where ${unlisted} returning project_id`.execute(db);
    this.summary.withdrawn = gone.length;
    for (const g of gone) this.touched.add(g.project_id);
    this.summary.projectsTouched = this.touched.size;

    if (this.touched.size) {
      for (const rows of this.chunk([...this.touched], 1))
        await this.insert(
          'import_touched',
          rows.map((project_id) => ({ project_id })),
        );
      await recompute(db, this.dialect, source, now);
      await bumpCatalogueVersion(db);
    }
    await dropImportTables(db);
    return this.summary;
  }

  /** See ImportOptions.checkSourceIdentity. Throws SourceIdentityError, which rolls the import back. */
  private async checkSourceIdentity(): Promise<void> {
    const { db, source } = this;
    if (this.sourceKnown) return;
    const total = Number(
      (
        await db
          .selectFrom('import_seen')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
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
}
