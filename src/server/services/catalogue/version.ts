// The catalogue's version as the in-memory caches compare against it (an
// import bumps it: store/catalogue-version.ts).
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { readVersions } from '../versions.ts';

/** Without the request's versions at hand (a job, a caller outside a request): read with the partners', as a request reads them. */
export async function catalogueVersion(db: Kysely<Database>): Promise<string> {
  return (await readVersions(db)).catalogue;
}
