// Stores made once and copied for each test: migrating a store costs a test a
// few hundred milliseconds, and importing the demo catalogue (two imports of
// its feed) about two seconds of CPU on each store. A template is made the
// first time a test asks for it and reused by every later test, in this run
// and the next:
//
//   'empty': migrated, no rows (what openStore makes of an empty database);
//   'demo':  migrated and seeded as a fresh site seeds itself (seedDemoSite).
//
// A template is named by a hash of everything that could change what it holds
// (the server's sources, the locales, the lockfile; the day, since the demo's
// dates are relative to it), so it is never older than the code it was made
// with. SQLite's is a file under the user's cache folder (cache-dir.mjs), copied into the
// test's data folder; PostgreSQL's is a database that a test's database is
// created from (CREATE DATABASE … TEMPLATE). Templates of other hashes unused
// for an hour are removed when a new one is made.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openStore, SQLITE_FILE } from '../../src/server/store/db.ts';
import { seedDemoSite } from '../../src/server/demo/seed.ts';
import { ROOT_DIR } from '../../src/server/paths.ts';
import { TEST_CACHE_DIR } from './cache-dir.mjs';

export type TemplateKind = 'empty' | 'demo';

const SQLITE_DIR = path.join(TEST_CACHE_DIR, 'stores');
const UNUSED_FOR_MS = 60 * 60 * 1000;

/** Writes a copy of the `kind` SQLite template as the store file of `dataDir`. */
export async function copySqliteTemplate(kind: TemplateKind, dataDir: string): Promise<void> {
  const template = path.join(SQLITE_DIR, `${kind}-${templateHash(kind)}.db`);
  if (!fs.existsSync(template)) await makeSqliteTemplate(kind, template);
  fs.mkdirSync(dataDir, { recursive: true });
  fs.copyFileSync(template, path.join(dataDir, SQLITE_FILE));
  // Marks it used (see removeUnused).
  const now = new Date();
  fs.utimesSync(template, now, now);
}

/** The name of the `kind` PostgreSQL template, made first if needed, with the admin client `admin`. */
export async function postgresTemplate(kind: TemplateKind, admin: import('pg').Client, adminUrl: string): Promise<string> {
  const name = `test_tpl_${kind}_${templateHash(kind)}`;
  // One process makes it; the others wait for it here (a session-level lock).
  await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) {
      const building = `${name}_building`;
      await admin.query(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await admin.query(`CREATE DATABASE ${building}`);
      const url = new URL(adminUrl);
      url.pathname = `/${building}`;
      await fill(kind, { dataDir: os.tmpdir(), databaseUrl: url.toString() });
      await waitForNoSessions(admin, building);
      await admin.query(`ALTER DATABASE ${building} RENAME TO ${name}`);
      await removeUnusedPostgres(admin, kind, name);
    }
    // The comment is the time it was last used (see removeUnusedPostgres).
    await admin.query(`COMMENT ON DATABASE ${name} IS '${Date.now()}'`);
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]);
  }
  return name;
}

/**
 * Waits (up to 5 s) until no session is connected to database `name`: pg's
 * pool.end() resolves before its sockets have closed, and a database cannot be
 * renamed, copied or dropped while the server still sees them.
 */
export async function waitForNoSessions(admin: import('pg').Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
    if (rows[0].n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function fill(kind: TemplateKind, options: { dataDir: string; databaseUrl?: string }): Promise<void> {
  const store = await openStore(options);
  try {
    if (kind === 'demo') await seedDemoSite(store);
  } finally {
    await store.close();
  }
}

async function makeSqliteTemplate(kind: TemplateKind, template: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-template-'));
  try {
    await fill(kind, { dataDir: dir });
    fs.mkdirSync(SQLITE_DIR, { recursive: true });
    // One self-contained file (no WAL beside it), renamed into place whole, so
    // that a process starting at the same time never copies half of it.
    const { default: Sqlite } = await import('better-sqlite3');
    const db = new Sqlite(path.join(dir, SQLITE_FILE));
    const partial = `${template}.${process.pid}`;
    db.prepare('VACUUM INTO ?').run(partial);
    db.close();
    fs.renameSync(partial, template);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  removeUnusedSqlite(template);
}

function removeUnusedSqlite(keep: string): void {
  for (const file of fs.readdirSync(SQLITE_DIR)) {
    const full = path.join(SQLITE_DIR, file);
    if (full === keep) continue;
    const stat = fs.statSync(full, { throwIfNoEntry: false });
    if (stat && Date.now() - stat.mtimeMs > UNUSED_FOR_MS) fs.rmSync(full, { force: true });
  }
}

async function removeUnusedPostgres(admin: import('pg').Client, kind: TemplateKind, keep: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string; used: string | null }>(
    `select datname, shobj_description(oid, 'pg_database') as used from pg_database where datname like $1 and datname <> $2`,
    [`test_tpl_${kind}_%`, keep],
  );
  for (const { datname, used } of rows)
    if (Date.now() - Number(used ?? 0) > UNUSED_FOR_MS) await admin.query(`DROP DATABASE IF EXISTS ${datname}`).catch(() => {});
}

const hashes = new Map<TemplateKind, string>();

/** A hash of what the template holds depends on; computed once per process. */
function templateHash(kind: TemplateKind): string {
  let hash = hashes.get(kind);
  if (!hash) {
    const h = crypto.createHash('sha256').update(kind);
    if (kind === 'demo') h.update(new Date().toDateString());
    for (const file of [...filesUnder('src/server'), ...filesUnder('src/shared'), ...filesUnder('locales'), 'package-lock.json'])
      h.update(file).update(fs.readFileSync(path.join(ROOT_DIR, file)));
    hash = h.digest('hex').slice(0, 12);
    hashes.set(kind, hash);
  }
  return hash;
}

function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(path.join(ROOT_DIR, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(ROOT_DIR, path.join(entry.parentPath, entry.name)))
    .sort();
}
