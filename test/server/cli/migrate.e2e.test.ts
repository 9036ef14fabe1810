// `npm run migrate` end to end on each store: it applies every migration to an
// empty store, says which, exits 0, and a second run finds nothing to do; a
// server with MIGRATE_ON_BOOT=false then starts on it.
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { runCli } from '../../helpers/cli.ts';
import { testApp } from '../../helpers/app.ts';
import { migrationProvider } from '../../../src/server/store/migrations.ts';

t.setTimeout(300_000);

forEachTarget(t, 'migrate applies every migration to an empty store, then finds it up to date', async (t, target) => {
  const all = Object.keys(await migrationProvider.getMigrations());

  const first = await runCli('migrate', [], target.env);
  t.equal(first.code, 0, `exit 0: ${first.stderr}`);
  t.same(
    first.stdout.trimEnd().split('\n'),
    [...all.map((name) => `applied ${name}`), `the store is up to date (${all.length} applied)`],
    'each migration applied, in order',
  );

  const again = await runCli('migrate', [], target.env);
  t.equal(again.code, 0, `exit 0: ${again.stderr}`);
  t.equal(again.stdout, 'the store was already up to date\n');

  const app = await testApp(t, { env: { ...target.env, MIGRATE_ON_BOOT: 'false' } });
  t.equal((await app.inject('/readyz')).statusCode, 200, 'a server that does not migrate starts on the migrated store');
});

t.test('migrate: a bad configuration exits 2 with one line', async (t) => {
  const run = await runCli('migrate', [], { DATABASE_URL: 'mysql://nope' });
  t.equal(run.code, 2);
  t.match(run.stderr, /^error: Invalid configuration: DATABASE_URL must be a postgres:\/\/ URL\n$/);
});
