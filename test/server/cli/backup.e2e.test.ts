// Backups: `npm run backup -- FILE` copies the SQLite store while the site
// writes, and a site started on the copy serves what was there before it was
// taken. On PostgreSQL the CLI refuses with the pg_dump command, and the
// pg_dump / pg_restore steps of docs/operations.md give a store the site serves from.
import t from 'tap';
import fs from 'node:fs';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { testApp, tempDir } from '../../helpers/app.ts';
import { runCli } from '../../helpers/cli.ts';
import { createTarget, forEachTarget } from '../../helpers/db.ts';
import { contactBody } from '../leads/helpers.ts';

const run = promisify(execFile);

async function postLead(app: FastifyInstance, message: string): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody({ message }) });
  if (res.statusCode !== 201) throw new Error(`lead: ${res.statusCode} ${res.body}`);
  return res.json().data.id as number;
}

async function leadMessages(app: FastifyInstance): Promise<string[]> {
  return (await app.store.db.selectFrom('leads').select('message').orderBy('id').execute()).map((r) => String(r.message));
}

forEachTarget(t, 'a backup taken while the site writes restores to a site that serves it', async (t, target) => {
  const app = await testApp(t, { env: { ...target.env, LEAD_RATE_LIMIT: '10000' } });
  await postLead(app, 'written before the backup');
  const file = path.join(tempDir(t), 'site-backup.db');

  // Leads keep coming in while the copy is taken.
  let writing = true;
  const writes = (async () => {
    let n = 0;
    while (writing) await postLead(app, `written during the backup ${n++}`);
    return n;
  })();
  const backup = await runCli('backup', [file], target.env);
  writing = false;
  t.ok((await writes) > 0, 'the site wrote during the backup');

  const restored = tempDir(t);
  if (target.dialect === 'sqlite') {
    t.equal(backup.code, 0, backup.stderr);
    t.match(backup.stdout, /^backed up .*site\.db to .*site-backup\.db \(\d+ pages, [\d.]+ MB\)\n$/);
    t.same(fs.readdirSync(path.dirname(file)), ['site-backup.db'], 'one self-contained file, nothing left beside it');
    // docs/operations.md "Backups": the copy becomes DATA_DIR/site.db, with no -wal or -shm of another store beside it.
    fs.copyFileSync(file, path.join(restored, 'site.db'));
  } else {
    t.equal(backup.code, 2, 'refused on PostgreSQL');
    t.match(
      backup.stderr,
      /^error: the store is PostgreSQL \(DATABASE_URL\): back it up with pg_dump --format=custom --file=".*site-backup\.db" "\$DATABASE_URL"\n$/,
    );
    t.notOk(fs.existsSync(file), 'nothing written');
    // The steps of docs/operations.md instead: pg_dump now (the site still writing), pg_restore into an empty database.
    await run('pg_dump', ['--format=custom', `--file=${file}`, target.databaseUrl!]);
  }
  const into = target.dialect === 'postgres' ? await createTarget(t, 'postgres') : null;
  if (into) await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${into.databaseUrl!}`, file]);

  const copy = await testApp(t, { env: { DATA_DIR: restored, DATABASE_URL: into?.databaseUrl ?? '', SEED_DEMO: 'false' } });
  const messages = await leadMessages(copy);
  t.equal(messages[0], 'written before the backup', 'the lead written before the backup is there');
  const live = await leadMessages(app);
  t.same(messages, live.slice(0, messages.length), 'a consistent prefix of what the site wrote');
  const res = await copy.inject('/api/property?id=1');
  t.equal(res.statusCode, 200, 'the restored site serves its catalogue');
  t.equal((await copy.inject('/franchise')).statusCode, 200, 'and its pages');
});

t.test('backup: bad usage is exit 2 with one line', async (t) => {
  const dataDir = tempDir(t);
  const existing = path.join(dataDir, 'exists.db');
  fs.writeFileSync(existing, '');
  const cases: Array<[string[], Record<string, string>, RegExp]> = [
    [[], { DATA_DIR: dataDir }, /^error: give the file to write the backup to\n$/],
    [['a.db', 'b.db'], { DATA_DIR: dataDir }, /^error: one file at a time \(got 2\)\n$/],
    [['--bogus', 'a.db'], { DATA_DIR: dataDir }, /^error: Unknown option '--bogus'\n$/],
    [[path.join(dataDir, 'copy.db')], { DATA_DIR: dataDir }, /^error: no store at .*site\.db: set DATA_DIR to the site's data folder\n$/],
  ];
  for (const [args, env, stderr] of cases) {
    const result = await runCli('backup', args, env);
    t.equal(result.code, 2, args.join(' '));
    t.match(result.stderr, stderr);
  }
  // With a store: a file that exists, the live store itself, a missing folder.
  fs.writeFileSync(path.join(dataDir, 'site.db'), '');
  for (const [file, stderr] of [
    [existing, /exists: remove it or choose another name\n$/],
    [path.join(dataDir, 'site.db'), /is the live store, not a backup file\n$/],
    [path.join(dataDir, 'no', 'such', 'copy.db'), /^error: no folder /],
  ] as const) {
    const result = await runCli('backup', [file], { DATA_DIR: dataDir });
    t.equal(result.code, 2, file);
    t.match(result.stderr, stderr);
  }
  const help = await runCli('backup', ['--help'], { DATA_DIR: dataDir });
  t.equal(help.code, 0);
  t.match(help.stdout, /pg_dump --format=custom/);
});
