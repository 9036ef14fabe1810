// A period's work is claimed once across instances on one database, and a
// rolled-back claim can be taken again.
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { claimPeriod } from '../../../src/server/periods/claim-period.ts';

const NOW = new Date('2026-11-23T07:00:00Z');

forEachTarget(t, 'one claim per job and period, across two connections', async (t, target) => {
  const a = await target.open();
  const b = await target.open();
  t.equal(await claimPeriod(a.db, 'digest:daily', '2026-11-23', NOW), true);
  t.equal(await claimPeriod(b.db, 'digest:daily', '2026-11-23', NOW), false, 'the other instance skips');
  t.equal(await claimPeriod(b.db, 'digest:daily', '2026-11-24', NOW), true, 'the next period is free');
  t.equal(await claimPeriod(b.db, 'digest:weekly', '2026-11-23', NOW), true, 'another job is free');

  // Work that fails rolls its claim back.
  await t.rejects(
    a.db.transaction().execute(async (trx) => {
      t.equal(await claimPeriod(trx, 'digest:daily', '2026-11-25', NOW), true);
      throw new Error('the work failed');
    }),
  );
  t.equal(await claimPeriod(b.db, 'digest:daily', '2026-11-25', NOW), true, 'tried again after the failure');
});
