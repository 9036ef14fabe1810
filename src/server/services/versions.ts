// What each process keeps in memory is kept per version of what it was built
// from: the catalogue's (bumped by every import) and the partners' (bumped by
// the database on every write to partners or partner_scopes, migration 0017).
// Both are rows of catalogue_meta, read together in one indexed query, once
// per request (api/read-routes.ts readContext), so every instance on the same
// database sees an import or a partner's change at its next request.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import { runKept } from '../store/kept-queries.ts';

export interface StoreVersions {
  catalogue: string;
  partners: string;
}

export async function readVersions(db: Kysely<Database>): Promise<StoreVersions> {
  const rows = await runKept(db, 'store-versions', ['version', 'partners'] as const, (keys) =>
    db.selectFrom('catalogue_meta').select(['key', 'value']).where('key', 'in', keys),
  );
  const versions = { catalogue: '0', partners: '0' };
  for (const row of rows) versions[row.key === 'version' ? 'catalogue' : 'partners'] = row.value;
  return versions;
}
