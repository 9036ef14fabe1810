// `npm run backup -- FILE`: writes a consistent copy of the SQLite store
// (DATA_DIR/site.db) to FILE while the site runs, with SQLite's online backup
// API (better-sqlite3's db.backup). The copy is one self-contained file
// (rollback journal, not WAL), checked with quick_check, and appears under its
// name only once complete. Restore: docs/operations.md, "Backups".
//
// With DATABASE_URL the store is PostgreSQL: refused, with the pg_dump command.
//
// Exit codes: 0 written; 2 bad usage or configuration (PostgreSQL, no store at
// DATA_DIR, FILE exists or its folder does not), one line on stderr; 1 the copy
// failed (nothing is left at FILE).
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Sqlite from 'better-sqlite3';
import { ConfigError, loadConfig } from '../config.ts';
import { SQLITE_FILE } from '../store/db.ts';

const USAGE = `Usage: npm run backup -- FILE

  Copies the SQLite store (DATA_DIR/site.db, DATA_DIR default ./data) to FILE,
  consistently, while the site keeps running. FILE must not exist yet.
  To restore: stop the site, put the copy at DATA_DIR/site.db, delete
  site.db-wal and site.db-shm beside it, start the site (docs/operations.md, "Backups").

  With DATABASE_URL (PostgreSQL) use pg_dump instead:
    pg_dump --format=custom --file=FILE "$DATABASE_URL"`;

class UsageError extends Error {}

/** Copied in one step, i.e. one read transaction: writes during the copy cannot restart it. */
const ALL_PAGES = 0x7fffffff;

function parse(argv: string[]): string | null {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''));
  }
  if (parsed.values.help) return null;
  if (parsed.positionals.length !== 1)
    throw new UsageError(
      parsed.positionals.length ? `one file at a time (got ${parsed.positionals.length})` : 'give the file to write the backup to',
    );
  return path.resolve(parsed.positionals[0]!);
}

function checkTarget(source: string, target: string): void {
  if (!fs.existsSync(source)) throw new UsageError(`no store at ${source}: set DATA_DIR to the site's data folder`);
  if ([source, `${source}-wal`, `${source}-shm`].includes(target)) throw new UsageError(`${target} is the live store, not a backup file`);
  if (fs.existsSync(target)) throw new UsageError(`${target} exists: remove it or choose another name`);
  if (!fs.existsSync(path.dirname(target))) throw new UsageError(`no folder ${path.dirname(target)}`);
}

async function backup(source: string, target: string): Promise<string> {
  const partial = `${target}.partial-${process.pid}`;
  const live = new Sqlite(source, { fileMustExist: true });
  try {
    live.pragma('busy_timeout = 5000');
    const { totalPages } = await live.backup(partial, { progress: () => ALL_PAGES });
    const copy = new Sqlite(partial, { fileMustExist: true });
    try {
      copy.pragma('journal_mode = DELETE');
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new Error(`the copy failed its check: ${String(check)}`);
    } finally {
      copy.close();
    }
    fs.renameSync(partial, target);
    const megabytes = (fs.statSync(target).size / 1024 / 1024).toFixed(1);
    return `backed up ${source} to ${target} (${totalPages} pages, ${megabytes} MB)`;
  } catch (error) {
    for (const leftover of [partial, `${partial}-journal`, `${partial}-wal`, `${partial}-shm`]) fs.rmSync(leftover, { force: true });
    throw error;
  } finally {
    live.close();
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const target = parse(argv);
    if (target === null) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(process.env);
    if (config.DATABASE_URL) {
      throw new UsageError(
        `the store is PostgreSQL (DATABASE_URL): back it up with pg_dump --format=custom --file=${JSON.stringify(target)} "$DATABASE_URL"`,
      );
    }
    const source = path.join(config.DATA_DIR, SQLITE_FILE);
    checkTarget(source, target);
    process.stdout.write(`${await backup(source, target)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`error: ${(error instanceof Error ? error.message : String(error)).split('\n')[0]} (nothing was written)\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
