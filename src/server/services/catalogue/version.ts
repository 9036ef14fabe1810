// The catalogue's version (catalogue_meta, bumped by every import in the same
// transaction): one indexed row, so every process, on SQLite or on a shared
// PostgreSQL, knows cheaply whether what it built from the catalogue is stale.
import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { readVersions } from '../versions.ts';

/** Without the request's versions at hand (a job, a caller outside a request): read with the partners', as a request reads them. */
export async function catalogueVersion(db: Kysely<Database>): Promise<string> {
  return (await readVersions(db)).catalogue;
}

/** A new catalogue: every process's caches keyed by the version refresh. Inside the writer's transaction. */
export async function bumpCatalogueVersion(db: QueryExecutorProvider): Promise<void> {
  await sql`update catalogue_meta set value = cast(cast(value as integer) + 1 as text) where key = 'version'`.execute(db);
}
