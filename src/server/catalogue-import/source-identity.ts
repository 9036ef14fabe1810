// ImportOptions.checkSourceIdentity: a feed under a source name never
// imported before whose ids are mostly stored under another source is
// refused (SourceIdentityError, which rolls the import back), so that a
// date-stamped file name does not start a second copy of a catalogue.
import { SourceIdentityError } from './import-types.ts';
import type { Trx } from './import-tables.ts';

/** After the last batch (import_seen holds the feed's ids); `source` had no units before this import. */
export async function checkSourceIdentity(db: Trx, source: string): Promise<void> {
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
