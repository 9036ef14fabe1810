// Secrets every instance on one database shares (table site_secrets): made by
// the first instance that needs one, then read by all, so no configuration has
// to carry them and a restart keeps them. A copy of the database holds them,
// as it holds everything they protect.
import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

/** The secret `name` (32 random bytes), made now if there is none yet; of two instances making it at once, the first write wins. */
export async function siteSecret(db: Kysely<Database>, name: string, now: Date): Promise<Buffer> {
  await db
    .insertInto('site_secrets')
    .values({ name, value: crypto.randomBytes(32).toString('base64url'), created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('site_secrets').select('value').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.value, 'base64url');
}
