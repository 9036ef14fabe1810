// The temporary tables an import keeps what must outlive a batch in (ids seen,
// each development's lead fields, images, files, the projects touched): private
// to the import's connection, gone with the transaction on PostgreSQL and
// dropped by dropImportTables on SQLite (a rollback undoes them too).
import { sql, type Transaction } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { Database, ProjectsTable } from '../store/schema.ts';

export type ImportTables = {
  import_seen: { feed_id: string };
  // Units this import inserted (not ones it updated or listed again), and the re-keyed pairs (unit-rekey.ts).
  import_added: { feed_id: string };
  import_rekeyed: { old_id: number; new_id: number; feed_id: string };
  // A development as the feed describes it, before its ranges are derived.
  import_projects: Pick<
    ProjectsTable,
    | 'ref'
    | 'name'
    | 'developer'
    | 'stage'
    | 'description'
    | 'amenities'
    | 'country_id'
    | 'region_id'
    | 'town_id'
    | 'location_detail'
    | 'lat'
    | 'lng'
    | 'beach_km'
    | 'airport'
    | 'airport_km'
    | 'centre_km'
    | 'delivery_date'
  > & {
    /** Its lead unit's features (catalogue-import/features.ts); the units' pools and areas are added in recompute.ts. */
    features: number;
    /** 1: its position is coarse (geo/distances.ts); recompute.ts also marks one shared with another development. */
    position_approx: number;
    description_html: string;
    descriptions: string;
    urls: string;
    /** JSON: its lead unit's videos and tours (FeedMedia[]). */
    media: string;
    /** Names made for a development the feed does not name, from plain to most specific; null when it names it. */
    name_detail: string | null;
    name_ref: string | null;
  };
  import_images: { ref: string; url: string; caption: string | null; floorplan: number; seq: number };
  import_files: { ref: string; url: string; kind: string; title: string; seq: number };
  import_touched: { project_id: number };
};

export type Trx = Transaction<Database & ImportTables>;
export type Row<T extends keyof ImportTables> = ImportTables[T];

const TABLES = ['import_seen', 'import_added', 'import_rekeyed', 'import_projects', 'import_images', 'import_files', 'import_touched'];

export async function dropImportTables(db: Trx): Promise<void> {
  for (const table of TABLES) await sql`drop table if exists ${sql.table(table)}`.execute(db);
}

export async function createImportTables(db: Trx, dialect: DialectName): Promise<void> {
  const real = dialect === 'postgres' ? sql.raw('double precision') : sql.raw('real');
  const temp = dialect === 'postgres' ? sql.raw('on commit drop') : sql.raw('');
  await dropImportTables(db);
  await sql`create temporary table import_seen (feed_id text primary key) ${temp}`.execute(db);
  await sql`create temporary table import_added (feed_id text primary key) ${temp}`.execute(db);
  await sql`create temporary table import_rekeyed (old_id integer primary key, new_id integer not null, feed_id text not null) ${temp}`.execute(
    db,
  );
  await sql`create temporary table import_projects (
    ref text primary key, name text not null, developer text, stage text not null, description text not null,
    amenities text not null, country_id integer not null, region_id integer not null, town_id integer not null,
    location_detail text, lat ${real}, lng ${real}, beach_km ${real}, airport text, airport_km integer, centre_km ${real}, position_approx integer not null, delivery_date text,
    description_html text not null, descriptions text not null, urls text not null, media text not null, name_detail text, name_ref text,
    features integer not null) ${temp}`.execute(db);
  await sql`create temporary table import_images (
    ref text not null, url text not null, caption text, floorplan integer not null, seq integer not null,
    primary key (ref, url)) ${temp}`.execute(db);
  await sql`create temporary table import_files (
    ref text not null, url text not null, kind text not null, title text not null, seq integer not null,
    primary key (ref, url)) ${temp}`.execute(db);
  await sql`create temporary table import_touched (project_id integer primary key) ${temp}`.execute(db);
}
