// `npm run import -- <file or http(s) URL> [--source name]`: imports a Kyero v3
// feed into the site's store (DATA_DIR, or DATABASE_URL), in one transaction.
//
// Prints one summary line, then one line per rejected property:
//   added 12, updated 3, unchanged 1480, withdrawn 2, rejected 1
//   rejected DEV-0007-03 (line 1204): price: missing
//
// Exit codes: 0 imported (even with rejected properties); 1 nothing changed
// because the feed could not be read (no such file, failed download, malformed
// XML, not a Kyero feed) or the store failed, with one line on stderr; 2 bad
// arguments or configuration.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.ts';
import { openStore, type Store } from '../store/db.ts';
import { importFeed, type ImportSummary } from '../catalogue-import/importer.ts';
import { openFeed } from '../catalogue-import/open.ts';
import { DEMO_FEED_FILE, DEMO_SOURCE } from '../demo/seed.ts';

const USAGE = `Usage: npm run import -- <file or http(s) URL> [--source name]

  Imports a Kyero v3 feed (a full snapshot of its source) into the site's store:
  DATA_DIR (default ./data) or DATABASE_URL. Units missing from the feed are
  withdrawn; units whose <date> is unchanged are skipped.

  --source name   the feed's name, which keys its units (default: the URL's
                  host, or the file's name without extension; 'demo' for the
                  shipped demo feed)`;

class UsageError extends Error {}

export function summaryLines(summary: ImportSummary): string[] {
  const lines = [
    `added ${summary.added}, updated ${summary.updated}, unchanged ${summary.unchanged}, withdrawn ${summary.withdrawn}, rejected ${summary.rejectedTotal}`,
  ];
  for (const r of summary.rejected) lines.push(`rejected ${r.id ?? '(no id)'} (line ${r.line}): ${r.reason}`);
  const more = summary.rejectedTotal - summary.rejected.length;
  if (more > 0) lines.push(`… and ${more} more rejected`);
  return lines;
}

function parse(argv: string[]): { location: string; source: string | undefined; help: boolean } {
  let parsed;
  try {
    parsed = parseArgs({ args: argv, options: { source: { type: 'string' }, help: { type: 'boolean', short: 'h' } }, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) return { location: '', source: undefined, help: true };
  if (positionals.length !== 1) throw new UsageError(positionals.length ? `one feed at a time (got ${positionals.length})` : 'give a feed: a file or an http(s) URL');
  if (values.source !== undefined && !/^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/.test(values.source))
    throw new UsageError('--source must be 1 to 100 letters, digits, dots, dashes, colons or underscores');
  return { location: positionals[0]!, source: values.source, help: false };
}

async function main(argv: string[]): Promise<number> {
  let store: Store | undefined;
  try {
    const args = parse(argv);
    if (args.help) {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = loadConfig(process.env);
    const feed = await openFeed(args.location);
    const isDemo = path.resolve(args.location) === DEMO_FEED_FILE;
    store = await openStore({ dataDir: config.DATA_DIR, databaseUrl: config.DATABASE_URL });
    const summary = await importFeed(store, feed.input, { source: args.source ?? (isDemo ? DEMO_SOURCE : feed.source) });
    process.stdout.write(`${summaryLines(summary).join('\n')}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}${error instanceof UsageError ? ' (see `npm run import -- --help`)' : ''}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message.split('\n')[0]} (nothing was changed)\n`);
    return 1;
  } finally {
    await store?.close();
  }
}

process.exitCode = await main(process.argv.slice(2));
