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
  // opened, then drop its database) runs before the data folder is removed.
  t.teardown(async () => {
    await Promise.allSettled(opened.map((s) => s.close()));
    if (databaseUrl) await dropDatabase(databaseUrl);
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
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function createDatabase(template?: TemplateKind): Promise<string> {
  const name = `test_${process.pid}_${crypto.randomBytes(5).toString('hex')}`;
  await admin(async (c) => {
    const from = template ? ` TEMPLATE ${await postgresTemplate(template, c, adminUrl())}` : '';
    await c.query(`CREATE DATABASE ${name}${from}`);
  });
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropDatabase(databaseUrl: string): Promise<void> {
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
