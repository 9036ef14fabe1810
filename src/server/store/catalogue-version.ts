// The catalogue's version (catalogue_meta), bumped by every import in the same
// transaction: one indexed row, so every process, on SQLite or on a shared
// PostgreSQL, knows cheaply whether what it built from the catalogue is stale
// (services/versions.ts reads it).
import { sql, type QueryExecutorProvider } from 'kysely';

/** A new catalogue: every process's caches keyed by the version refresh. Inside the writer's transaction. */
export async function bumpCatalogueVersion(db: QueryExecutorProvider): Promise<void> {
  await sql`update catalogue_meta set value = cast(cast(value as integer) + 1 as text) where key = 'version'`.execute(db);
}
