// Work due once per period across every instance on one database (issue 13's
// digests): an instance runs a period's work in one transaction that first
// inserts (job, period) here; another instance's insert then finds the row and
// skips, and work that fails rolls its claim back with it, to be tried again.
import type { Kysely, Migration } from 'kysely';

export const scheduledRunsMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema
      .createTable('scheduled_runs')
      .addColumn('job', 'text', (c) => c.notNull())
      .addColumn('period', 'text', (c) => c.notNull())
      .addColumn('ran_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('scheduled_runs_pkey', ['job', 'period'])
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('scheduled_runs').execute();
  },
};
