// Runs a test against every store the suite can reach (DESIGN §5): a fresh
// SQLite file in a temporary folder always, and a fresh PostgreSQL database
// when TEST_DATABASE_URL is set (CI sets it; see .env.example and .ci/run).
//
// TEST_DATABASE_URL names a server and a role that may CREATE DATABASE, e.g.
// postgres://postgres:postgres@127.0.0.1:5432/postgres. Each target gets its own
// database, test_<pid>_<random>, dropped when the test ends, so tests never see
// each other's rows and can run in parallel.
//
// A store is a copy of a template (store-templates.ts): migrated and empty for
// forEachStore, holding the demo site with `demo: true`; forEachTarget's is
// empty, not even migrated, unless it asks for a template.
//
//   forEachStore(t, 'seed inserts the demo partners once', async (t, store) => { ... });
//
import crypto from 'node:crypto';
import tap from 'tap';
import { openStore, type DialectName, type Store } from '../../src/server/store/db.ts';
import { seedDemo } from '../../src/server/store/seed.ts';
import { tempDir } from './app.ts';
import { copySqliteTemplate, postgresTemplate, waitForNoSessions, type TemplateKind } from './store-templates.ts';

/** The `t` a tap test body receives (with every plugin's assertions). */
export type TapTest = Parameters<Parameters<typeof tap.test>[0]>[0];

export interface StoreTarget {
  dialect: DialectName;
  /** The data folder (SQLite's file lives here; on PostgreSQL it only holds files such as mail). */
  dataDir: string;
  /** Set on PostgreSQL: the URL of this target's own database. */
  databaseUrl: string | undefined;
  /** The environment a child process (the CLI, a server) needs to use this store. */
  env: Record<string, string>;
  /** Opens (and migrates) the store; it is closed when the test ends. May be called more than once. */
  open(): Promise<Store>;
}

/** The dialects this run covers: sqlite, and postgres when TEST_DATABASE_URL is set. */
export function dialects(): DialectName[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * One subtest per dialect, named `${name} [sqlite]` / `[postgres]`, each with a
 * fresh store already opened: migrated and empty, with the demo partners and
 * pages if `seed` (seedDemo), or holding the whole demo site (partners, pages
 * and catalogue, as a fresh site seeds itself) if `demo`.
 */
export async function forEachStore(
  t: TapTest,
  name: string,
  fn: (t: TapTest, store: Store, target: StoreTarget) => unknown,
  options: { seed?: boolean; demo?: boolean } = {},
): Promise<void> {
  await forEachTarget(
    t,
    name,
    async (t, target) => {
      const store = await target.open();
      if (options.seed) await seedDemo(store);
      await fn(t, store, target);
    },
    { template: options.demo ? 'demo' : 'empty' },
  );
}

/**
 * Like forEachStore, but nothing is opened: for tests that open the store
 * themselves or in a child process. The store is empty, not even migrated,
 * unless `template` says which copy to start from.
 */
export async function forEachTarget(
  t: TapTest,
  name: string,
  fn: (t: TapTest, target: StoreTarget) => unknown,
  options: { template?: TemplateKind } = {},
): Promise<void> {
  // Declared together (tap runs them one after the other): a test declared
  // after its file's subtest has ended would be refused (files-in-one-process.ts).
  await Promise.all(
    dialects().map((dialect) =>
      t.test(`${name} [${dialect}]`, async (t) => {
        const target = await createTarget(t, dialect, options);
        await fn(t, target);
      }),
    ),
  );
}

/** A fresh target of one dialect (a second database, e.g. to restore into): empty, or a copy of `template`. */
export async function createTarget(t: TapTest, dialect: DialectName, options: { template?: TemplateKind } = {}): Promise<StoreTarget> {
  const dataDir = tempDir(t, `store-${dialect}-`);
  const opened: Store[] = [];
  let databaseUrl: string | undefined;
  // tap runs teardowns last-registered first: this one (close what the test
  // opened, then drop or empty its database) runs before the data folder is removed.
  t.teardown(async () => {
    await Promise.allSettled(opened.map((s) => s.close()));
    if (databaseUrl) await doneWithDatabase(databaseUrl);
  });
  if (dialect === 'postgres') databaseUrl = await createDatabase(options.template);
  else if (options.template) await copySqliteTemplate(options.template, dataDir);
  return {
    dialect,
    dataDir,
    databaseUrl,
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '' },
    async open() {
      const store = await openStore({ dataDir, databaseUrl });
      opened.push(store);
      return store;
    },
  };
}

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

async function admin<T>(fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  return connected(adminUrl(), fn);
}

async function connected<T>(databaseUrl: string, fn: (client: import('pg').Client) => Promise<T>): Promise<T> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

// Creating and dropping a database from the 'empty' template costs the server
// about 0.3–0.7 s of CPU (it copies the template's 9 MB); putting its rows back
// as they were made, a few milliseconds. So a process keeps the 'empty'
// databases its tests are done with, as made again, for its next ones (not one
// whose tables a test changed or that a session still uses), and drops them
// when its tests end.
const spares: string[] = [];
/** Per 'empty' database: its tables and sequences as made, and the SQL that puts their contents back. */
const asMade = new Map<string, { relations: string; restore: string }>();

async function createDatabase(template?: TemplateKind): Promise<string> {
  const spare = template === 'empty' ? spares.pop() : undefined;
  if (spare) return spare;
  const name = `test_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  await admin(async (c) => {
    const from = template ? ` TEMPLATE ${await postgresTemplate(template, c, adminUrl())}` : '';
    await c.query(`CREATE DATABASE ${name}${from}`);
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  if (template === 'empty') asMade.set(url.toString(), await connected(url.toString(), contentsAsMade));
  return url.toString();
}

/** Drops the test's database, or keeps it, as made again, for the next test. */
async function doneWithDatabase(databaseUrl: string): Promise<void> {
  if (!asMade.has(databaseUrl) || !(await madeAgain(databaseUrl))) return dropDatabase(databaseUrl);
  if (!dropsSpares) {
    dropsSpares = true;
    tap.teardown(async () => {
      for (const url of spares.splice(0)) await dropDatabase(url);
    });
  }
  spares.push(databaseUrl);
}
let dropsSpares = false;

/** Puts a database's rows and sequences back as made: false if its tables changed, or a session still uses it. */
async function madeAgain(databaseUrl: string): Promise<boolean> {
  const made = asMade.get(databaseUrl)!;
  return connected(databaseUrl, async (c) => {
    await waitForNoSessions(c, new URL(databaseUrl).pathname.slice(1));
    const { rows } = await c.query(
      'select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    if (rows[0].n > 0 || (await relations(c)).join() !== made.relations) return false;
    await c.query(made.restore);
    return true;
  }).catch(() => false);
}

/** A new database's relations, and the SQL that empties its tables and puts back the rows and sequences it has now. */
async function contentsAsMade(c: import('pg').Client): Promise<{ relations: string; restore: string }> {
  const all = await relations(c);
  const tables = all.filter((r) => r.startsWith('r:') && !r.startsWith('r:kysely_migration')).map((r) => `"${r.slice(2)}"`);
  const sequences = all.filter((r) => r.startsWith('S:')).map((r) => r.slice(2));
  const quoted = (value: unknown) => `'${JSON.stringify(value).replaceAll("'", "''")}'`;
  const { rows } = await c.query(`select
    json_build_array(${tables.map((t) => `(select json_agg(r) from ${t} r)`).join(', ') || 'null'}) as rows,
    json_build_array(${sequences.map((s) => `(select json_build_array(last_value, is_called) from "${s}")`).join(', ') || 'null'}) as sequences`);
  const [{ rows: rowsOf, sequences: states }] = rows;
  const restore = [
    'begin',
    // Newest table first, so that rows go before those they refer to.
    ...tables.toReversed().map((t) => `delete from ${t}`),
    ...tables.flatMap((t, i) =>
      rowsOf[i] ? [`insert into ${t} overriding system value select * from json_populate_recordset(null::${t}, ${quoted(rowsOf[i])})`] : [],
    ),
    ...sequences.map((s, i) => `select setval('"${s}"', ${states[i][0]}, ${states[i][1]})`),
    'commit',
  ];
  return { relations: all.join(), restore: restore.join(';\n') };
}

/** `kind:name` of the public schema's tables (r) and sequences (S), oldest first. */
async function relations(c: import('pg').Client): Promise<string[]> {
  const { rows } = await c.query<{ relation: string }>(
    `select relkind::text || ':' || relname as relation from pg_class
      where relnamespace = 'public'::regnamespace and relkind in ('r', 'S') order by oid`,
  );
  return rows.map((r) => r.relation);
}

async function dropDatabase(databaseUrl: string): Promise<void> {
  asMade.delete(databaseUrl);
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^test_\d+_[0-9a-f]+$/.test(name)) throw new Error(`refusing to drop ${name}`);
  await admin(async (c) => {
    // Or a forced drop would kill the pool's sockets mid-goodbye and the
    // client would throw an unhandled 'terminating connection' error.
    await waitForNoSessions(c, name);
    // FORCE (PostgreSQL 13+) ends what a failed test left open.
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  });
}
