// One import's state and its work per batch: rejections and repeated ids,
// categories and places, the developments met (the first unit of each is its
// lead), the units written when new or changed, the images and files staged;
// then, at the end, withdrawals and the recompute of every touched project.
import { sql, type Insertable } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { UnitHistoryTable, UnitStatus } from '../store/schema.ts';
import { bumpCatalogueVersion } from '../store/catalogue-version.ts';
import { categoryFor } from './categories.ts';
import { insertRows } from './bulk-insert.ts';
import { contentHash } from './content-hash.ts';
import type { FeedItem, FeedProperty } from './feed-property.ts';
import { createImportTables, dropImportTables, type Row, type Trx } from './import-tables.ts';
import type { ImportOptions, ImportSummary, Rejection } from './import-types.ts';
import { KnownIds, type PlaceIds } from './known-ids.ts';
import { newReadReport } from './kyero.ts';
import { recompute } from './recompute.ts';
import { checkSourceIdentity } from './source-identity.ts';
import { StagedMedia } from './staged-media.ts';
import { guardWithdrawals } from './withdraw-guard.ts';
import { statementRows } from './statement-rows.ts';
import { detach } from './text.ts';
import { historyRow, isUnchanged, storedUnits, UNIT_UPSERT, type StoredUnit } from './unit-changes.ts';
import { rekeyUnits } from './unit-rekey.ts';
import { projectFields, projectRef, unitRow } from './unit-rows.ts';

export const MAX_REJECTIONS_KEPT = 1000;

export class ImportRun {
  readonly readReport = newReadReport();
  private readonly summary: ImportSummary = {
    added: 0,
    updated: 0,
    rekeyed: 0,
    unchanged: 0,
    skippedResales: 0,
    skippedUnknown: 0,
    skippedNotHomes: 0,
    withdrawn: 0,
    rejected: [],
    rejectedTotal: 0,
    projectsTouched: 0,
    read: this.readReport,
  };
  private readonly ids: KnownIds;
  /** Development ref → project id, for every development met in this feed. */
  private readonly projects = new Map<string, number>();
  /** Projects to recompute at the end. */
  private readonly touched = new Set<number>();
  private readonly media = new StagedMedia();
  /** Whether this source had units before this import (see checkSourceIdentity). */
  private sourceKnown = false;
  /**
   * The source's units listed (not withdrawn) before this import: what the withdrawal guard measures
   * against; with none, no unit can be re-keyed (unit-rekey.ts).
   */
  private listedBefore = 0;

  constructor(
    private readonly db: Trx,
    private readonly dialect: DialectName,
    private readonly source: string,
    private readonly now: string,
    private readonly options: Pick<ImportOptions, 'includeResales' | 'newBuildSource' | 'checkSourceIdentity' | 'maxWithdrawPercent'>,
  ) {
    this.ids = new KnownIds(db);
  }

  private chunk<T>(rows: T[], columns?: number): T[][] {
    return statementRows(rows, this.dialect, columns);
  }

  private insert<Returned = unknown>(table: string, rows: object[], tail = ''): Promise<Returned[]> {
    return insertRows<Returned>(this.db, this.dialect, table, rows, tail);
  }

  async start(): Promise<void> {
    const { db } = this;
    await this.ids.load();
    this.sourceKnown = Boolean(await db.selectFrom('units').select('id').where('source', '=', this.source).limit(1).executeTakeFirst());
    if (this.sourceKnown) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from units
        where source = ${this.source} and withdrawn_at is null`.execute(db);
      this.listedBefore = Number(rows[0]?.n ?? 0);
    }

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
      } else if (!categoryFor(item.property.type)!.home) {
        // Not imported, whatever the source: a unit stored by an earlier import is withdrawn (so below).
        this.summary.skippedNotHomes++;
      } else if (item.property.newBuild === false && !this.options.includeResales) {
        // Not imported: a resale stored by an earlier import that took them is withdrawn.
        this.summary.skippedResales++;
      } else if (item.property.newBuild === null && !this.options.newBuildSource) {
        this.summary.skippedUnknown++;
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
    for (const p of properties) {
      // Known ones come without an await: a microtask per property adds up.
      const category = this.ids.category(p);
      categoryIds.set(p, category instanceof Promise ? await category : category);
      const place = this.ids.place(p);
      placeIds.set(p, place instanceof Promise ? await place : place);
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
    const existing = new Map<string, StoredUnit>();
    for (const rows of this.chunk(properties, 1))
      for (const u of await storedUnits(
        db,
        this.source,
        rows.map((p) => p.id),
      ))
        existing.set(u.feed_id, u);

    const writes = [];
    const inserted: Array<{ feed_id: string }> = [];
    const history: Array<Insertable<UnitHistoryTable>> = [];
    for (const p of properties) {
      const projectId = this.projects.get(projectRef(p))!;
      const old = existing.get(p.id);
      const hash = contentHash(p);
      if (isUnchanged(old, hash, projectId)) {
        this.summary.unchanged++;
        continue;
      }
      if (!old || old.withdrawn_at !== null) this.summary.added++;
      else this.summary.updated++;
      this.touched.add(projectId);
      if (old && old.project_id !== projectId) this.touched.add(old.project_id);
      writes.push(unitRow(p, projectId, categoryIds.get(p)!, this.source, this.now, hash));
      // A first import (nothing listed) has nothing to re-key: it keeps no list of what it added.
      if (!old) {
        if (this.listedBefore) inserted.push({ feed_id: p.id });
      } else {
        const change = historyRow(old, projectId, p.price, p.status as UnitStatus, this.now);
        if (change) history.push(change);
      }
    }
    for (const rows of this.chunk(writes)) await this.insert('units', rows, UNIT_UPSERT);
    for (const rows of this.chunk(history)) await this.insert('unit_history', rows);
    for (const rows of this.chunk(inserted, 1)) await this.insert('import_added', rows);

    // 5. Images and files of every unit, unchanged ones too (staged-media.ts).
    const { images, files } = this.media.rows(properties);
    for (const rows of this.chunk(images)) await this.insert('import_images', rows, 'on conflict do nothing');
    for (const rows of this.chunk(files)) await this.insert('import_files', rows, 'on conflict do nothing');
  }

  async finish(): Promise<ImportSummary> {
    const { db, source, now } = this;
    if (this.options.checkSourceIdentity && !this.sourceKnown) await checkSourceIdentity(db, source);

    // Only a unit this import added can be one re-keyed.
    const rekeyed = this.listedBefore && this.summary.added ? await rekeyUnits(db, source, now) : 0;
    this.summary.rekeyed = rekeyed;
    this.summary.added -= rekeyed;
    this.summary.updated += rekeyed;

    // Units of this source that the feed no longer lists: withdrawn, never deleted,
    // and the withdrawal recorded in their history first. The guard refuses after
    // the writes: its error rolls the whole import back.
    const unlisted = sql`units.source = ${source} and units.withdrawn_at is null
      and not exists (select 1 from import_seen s where s.feed_id = units.feed_id)`;
    await sql`insert into unit_history (unit_id, project_id, changed_at, price_before, price, status_before, status)
      select id, project_id, ${now}, price, price, status, 'withdrawn' from units where ${unlisted}`.execute(db);
    const { rows: gone } = await sql<{ project_id: number }>`update units set withdrawn_at = ${now}, updated_at = ${now}
      where ${unlisted} returning project_id`.execute(db);
    this.summary.withdrawn = gone.length;
    guardWithdrawals(source, gone.length, this.listedBefore, this.options.maxWithdrawPercent, this.summary);
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
}
