// What the instant alerts add to an import (issue 13): queueAlerts timed in a
// transaction that is rolled back, on a synthetic catalogue (default 50,000
// projects) with saved searches drawn from the search bench's mix (default
// 1,000, active, instant, a tenth of them on a partner's site), in three cases:
// no saved search (the cost every import pays), a usual import (200 projects
// new, 500 units cheaper), and a new source whose every project is new (the
// worst case). SQLite, and PostgreSQL when BENCH_DATABASE_URL or
// TEST_DATABASE_URL is set. Figures only, never a pass or a fail.
//
//   npx tsx bench/alerts.ts
//   BENCH_ALERT_PROJECTS=10000 BENCH_ALERT_SEARCHES=200 npx tsx bench/alerts.ts
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql, type Kysely } from 'kysely';
import type { Store } from '../src/server/store/db.ts';
import type { Database } from '../src/server/store/schema.ts';
import { queueAlerts } from '../src/server/services/saved-searches/alerts.ts';
import { savedFilters } from '../src/shared/saved-searches.ts';
import { describeSearch } from '../src/shared/saved-search-words.ts';
import { DEFAULT_SEARCH } from '../src/shared/search-url.ts';
import { PRICE_UPPER_BOUND } from '../src/shared/constants.ts';
import { buildCatalogue } from '../test/helpers/catalogue.ts';
import { benchPartner, mix, eachBenchStore, type Target } from './search.ts';
import { textTable } from './table.ts';

const PROJECTS = Number(process.env.BENCH_ALERT_PROJECTS ?? 50_000);
const SEARCHES = Number(process.env.BENCH_ALERT_SEARCHES ?? 1000);
const SITE = 'https://www.example.com';

class RolledBack extends Error {
  constructor(readonly value: unknown) {
    super('rolled back');
  }
}

/** `work` in a transaction that is then rolled back; its answer. */
async function rolledBack<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  try {
    await db.transaction().execute(async (trx) => {
      throw new RolledBack(await work(trx));
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.value as T;
    throw error;
  }
  throw new Error('not rolled back');
}

async function addSearches(db: Kysely<Database>, partnerId: number, searches: ReturnType<typeof mix>): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  for (let i = 0; i < searches.length; i++) {
    const { body, partnerId: onPartner } = searches[i]!;
    const filters = savedFilters({
      ...DEFAULT_SEARCH,
      cat: body.cat ?? [],
      esGeo: body.esGeo ?? {},
      bedrooms: body.bedrooms ?? 0,
      bathrooms: body.bathrooms ?? 0,
      pricefrom: body.pricefrom ?? 0,
      priceto: body.priceto ?? PRICE_UPPER_BOUND,
    });
    const { id } = await db
      .insertInto('saved_search_addresses')
      .values({ email: `buyer${i}@example.com`, created_at: at, confirmed_at: at, emptied_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('saved_searches')
      .values({
        address_id: id,
        partner_id: onPartner === null ? null : partnerId,
        search: `/search?n=${i}`,
        filters: JSON.stringify(filters),
        title: describeSearch(filters),
        frequency: 'instant',
        status: 'active',
        created_at: at,
        updated_at: at,
        expires_at: null,
        confirmed_at: at,
        last_alert_at: null,
      })
      .execute();
  }
}

interface Row {
  store: string;
  case: string;
  ms: number;
  mails: number;
}

async function benchOne(target: Target): Promise<Row[]> {
  const store: Store = await target.open();
  const db = store.db;
  const rows: Row[] = [];
  const alerts = (now: string) => (trx: Kysely<Database>) =>
    queueAlerts(trx, store.dialect, { kind: 'instant', frequencies: ['instant'], siteUrl: SITE, now: new Date(now) });
  const record = async (name: string, now: string, prepare?: (trx: Kysely<Database>) => Promise<void>) => {
    const value = await rolledBack(db, async (trx) => {
      if (prepare) await prepare(trx);
      const started = performance.now();
      const queued = await alerts(now)(trx);
      return { ...queued, ms: performance.now() - started };
    });
    rows.push({ store: target.name, case: name, ms: value.ms, mails: value.mails });
  };
  try {
    const fixture = await buildCatalogue(db, { projects: PROJECTS, seed: 42, maxUnits: 6, maxFiles: 0, maxImages: 3 });
    const partner = await benchPartner(db);
    const now = '2026-06-01T10:00:00.000Z';
    // Warm-up: the first statements of a fresh connection are not what an import pays.
    await rolledBack(db, alerts(now));
    await record('no saved search', now, async (trx) => {
      await sql`update projects set listed_at = ${now} where id in (select id from projects order by id limit 200)`.execute(trx);
    });
    await addSearches(db, partner.id, mix(fixture, partner.id, SEARCHES));
    if (store.dialect === 'postgres') await sql`vacuum analyze`.execute(db);
    await record('200 new, 500 cheaper', now, async (trx) => {
      await sql`update projects set listed_at = ${now} where id in (select id from projects order by id limit 200)`.execute(trx);
      await sql`insert into unit_history (unit_id, project_id, changed_at, price_before, price, status_before, status)
        select id, project_id, ${now}, price + 10000, price, 'available', 'available' from units
        where status = 'available' and withdrawn_at is null and id % 97 = 0 order by id limit 500`.execute(trx);
    });
    await record(`every project new (${PROJECTS.toLocaleString('en')})`, now, async (trx) => {
      await sql`update projects set listed_at = ${now}`.execute(trx);
    });
    return rows;
  } finally {
    await store.close();
  }
}

export async function runAlertsBench(): Promise<void> {
  console.log(`# instant alerts of one import: ${PROJECTS.toLocaleString('en')} projects, ${SEARCHES.toLocaleString('en')} saved searches`);
  const rows = (await eachBenchStore(benchOne)).flat();
  console.log(
    textTable(
      ['store', 'case', 'ms', 'mails'],
      rows.map((r) => [r.store, r.case, r.ms.toFixed(0), String(r.mails)]),
      2,
    ),
  );
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  runAlertsBench().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
