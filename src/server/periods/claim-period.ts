// The claim of a period's work (migration 0014): call it first inside the
// transaction that does the work. true: this transaction runs the period;
// false: another did (or is doing it, and this waited for it to commit).
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';

export async function claimPeriod(trx: Kysely<Database>, job: string, period: string, now: Date): Promise<boolean> {
  const inserted = await trx
    .insertInto('scheduled_runs')
    .values({ job, period, ran_at: now.toISOString() })
    .onConflict((oc) => oc.columns(['job', 'period']).doNothing())
    .returning('job')
    .execute();
  return inserted.length > 0;
}
