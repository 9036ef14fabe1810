// `npm run import -- <file or http(s) URL> [--source name]`: imports a Kyero v3
// feed into the site's store (DATA_DIR, or DATABASE_URL), in one transaction.
// `npm run import -- --pull [name]`: pulls the FEEDS sources (or one) now.
// `npm run import -- status`: each source's last pull and next pull.
//
// Prints one summary line, then one line per rejected property:
//   added 12, updated 3, unchanged 1480, withdrawn 2, rejected 1
//   rejected DEV-0007-03 (line 1204): price: missing
// (with --pull, each source's summary line starts with its name: `acme: added …`).
//
// Exit codes: 0 imported (even with rejected properties; with --pull: every
// source imported, unchanged, or being pulled by another instance); 1 nothing
// changed because the feed could not be read (no such file, failed download,
// a time-out, more than FEED_MAX_BYTES, malformed XML, not a Kyero feed), it would withdraw more than
// FEED_MAX_WITHDRAW of its source (without --force), or the store failed, with one line on stderr
// (with --pull: a source failed; the others were still pulled); 2 bad
// arguments or configuration.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config.ts';
import { configuredStore, openStore, type Store } from '../store/db.ts';
import { photosDir, photosWaiting, pictureFetchOptions, preparePhotos } from '../feed-images/index.ts';
import { importFeed } from '../catalogue-import/importer.ts';
import { openFeed } from '../catalogue-import/open.ts';
import { afterImport, afterImportLines } from '../catalogue-import/after-import.ts';
import { pullFeed } from '../catalogue-import/pull.ts';
import { importInline } from '../catalogue-import/pull-import.ts';
import { feedStatusLines } from '../catalogue-import/pull-status.ts';
import { SOURCE_NAME } from '../feed-sources.ts';
import { summaryLines } from '../catalogue-import/summary.ts';
import { DEMO_FEED_FILE, DEMO_SOURCE } from '../demo/seed.ts';
import { renderDemoSource } from '../demo/raster.ts';
import { instantAlerts } from '../services/saved-searches/alerts.ts';

const USAGE = `Usage: npm run import -- <file or http(s) URL> [--source name] [--new-build] [--include-resales] [--force] [--timeout ms] [--photos]
       npm run import -- --pull [name] [--force] [--timeout ms] [--photos]
       npm run import -- status

  Imports a Kyero v3 feed (a full snapshot of its source) into the site's store:
  DATA_DIR (default ./data) or DATABASE_URL. Units missing from the feed are
  withdrawn; units whose content is unchanged are not written, whatever their
  <date> says. Skipped and counted: resales (<new_build>0</new_build>),
  properties without <new_build> (unless --new-build), and types that are
  not homes (commercial premises, garages, parking, storage, offices…).

  --source name   the feed's name, which keys its units (default: the URL's
                  host, or the file's name without extension; 'demo' for the
                  shipped demo feed). Without it, a feed whose properties are
                  mostly stored under another source is refused: name that
                  source (or a new one) with --source
  --new-build     the feed is a new-build source: properties without
                  <new_build> are new build (without it they are skipped)
  --include-resales
                  import resales too, listed as resale homes
  --force         import even if the feed withdraws more than FEED_MAX_WITHDRAW
                  (default 30 %) of its source's listed units; without it such
                  a feed is refused and nothing is changed
  --timeout ms    a URL's time-out, from connecting to the last byte: sets
                  FEED_TIMEOUT_MS (1000 to 3600000, default 300000) for this
                  run; --pull takes it too
  --photos        then prepare the photos the listings show that are not
                  prepared yet (what a running server does in the background),
                  here, before exiting: prints how many were prepared, and a
                  warning per photo that could not be (tried again later)

  A feed larger than FEED_MAX_BYTES, as sent or once decompressed (a .gz
  file or body is decompressed), is refused.

  --pull [name]   pulls the sources of FEEDS now (or only the one named), as
                  the server's schedule does: a conditional GET, imported only
                  if it changed; a source another instance is pulling is skipped

  status          prints each source's last pull (its result and counts, or
                  its error) and its next pull; a file named 'status' is ./status`;

class UsageError extends Error {}

type Args =
  | { mode: 'help' }
  | {
      mode: 'file';
      location: string;
      source: string | undefined;
      newBuild: boolean;
      includeResales: boolean;
      force: boolean;
      /** --timeout: FEED_TIMEOUT_MS for this run, checked by loadConfig. */
      timeout: string | undefined;
      photos: boolean;
    }
  | { mode: 'pull'; name: string | undefined; force: boolean; timeout: string | undefined; photos: boolean }
  | { mode: 'status' };

function parse(argv: string[]): Args {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options: {
        source: { type: 'string' },
        'include-resales': { type: 'boolean' },
        'new-build': { type: 'boolean' },
        force: { type: 'boolean' },
        pull: { type: 'boolean' },
        timeout: { type: 'string' },
        photos: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
      strict: true,
    });
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0]!.replace(/\. To specify.*$/, ''));
  }
  const { values, positionals } = parsed;
  if (values.help) return { mode: 'help' };
  for (const option of ['include-resales', 'new-build'] as const)
    if ((values.pull || positionals[0] === 'status') && values[option])
      throw new UsageError(`--${option} is for a file or URL; for a pulled source, write ;${option} in FEEDS`);
  const { timeout } = values;
  const photos = Boolean(values.photos);
  if (values.pull) {
    if (values.source !== undefined) throw new UsageError('--source is for a file or URL; a pulled source is named by FEEDS');
    if (positionals.length > 1) throw new UsageError(`--pull takes at most one source name (got ${positionals.length})`);
    return { mode: 'pull', name: positionals[0], force: Boolean(values.force), timeout, photos };
  }
  if (positionals.length === 1 && positionals[0] === 'status') {
    if (values.source !== undefined || values.force || timeout !== undefined || photos)
      throw new UsageError('status takes no --source, --force, --timeout or --photos');
    return { mode: 'status' };
  }
  if (positionals.length !== 1)
    throw new UsageError(positionals.length ? `one feed at a time (got ${positionals.length})` : 'give a feed: a file or an http(s) URL');
  if (values.source !== undefined && !SOURCE_NAME.test(values.source))
    throw new UsageError('--source must be 1 to 100 letters, digits, dots, dashes, colons or underscores');
  return {
    mode: 'file',
    location: positionals[0]!,
    source: values.source,
    newBuild: Boolean(values['new-build']),
    includeResales: Boolean(values['include-resales']),
    force: Boolean(values.force),
    timeout,
    photos,
  };
}

/** The configuration, with --timeout as FEED_TIMEOUT_MS: config's own check applies, and its error names the flag. */
function configWith(timeout: string | undefined): Config {
  if (timeout === undefined) return loadConfig(process.env);
  return loadConfig({ ...process.env, FEED_TIMEOUT_MS: timeout }, { FEED_TIMEOUT_MS: '--timeout (FEED_TIMEOUT_MS)' });
}

type FileArgs = Extract<Args, { mode: 'file' }>;

async function importFile(config: Config, { location, source, newBuild, includeResales, force, photos }: FileArgs): Promise<number> {
  const feed = await openFeed(location, config);
  const isDemo = path.resolve(location) === DEMO_FEED_FILE;
  try {
    const store = await openStore(configuredStore(config));
    try {
      const summary = await importFeed(store, feed.input, {
        source: source ?? (isDemo ? DEMO_SOURCE : feed.source),
        includeResales,
        newBuildSource: newBuild,
        maxWithdrawPercent: force ? undefined : config.FEED_MAX_WITHDRAW,
        // A default name (a date-stamped file's) must not start a second copy of a catalogue.
        checkSourceIdentity: source === undefined,
        alerts: instantAlerts(config.SITE_URL),
      });
      process.stdout.write(`${summaryLines(summary).join('\n')}\n`);
      report(afterImportLines(await afterImport(store, config.DATA_DIR, summary)));
      await photoLines(store, config, photos);
      return 0;
    } finally {
      await store.close();
    }
  } finally {
    await feed.close();
  }
}

/** The import has committed: what followed it, a failure included, is said beside it, never as "nothing was changed". */
function report(lines: { out: string[]; err: string[] }): void {
  for (const line of lines.out) process.stdout.write(`${line}\n`);
  for (const line of lines.err) process.stderr.write(`${line}\n`);
}

/**
 * How many photos wait to be prepared, and with --photos, what the server's
 * photo job does, here and now (feed-images/prepare-photos.ts). A count over
 * the whole catalogue: the command's, never a scheduled pull's on a server.
 */
async function photoLines(store: Store, config: Config, prepare: boolean): Promise<void> {
  const waiting = await photosWaiting(store.db);
  if (waiting) process.stdout.write(`${waiting} photo${waiting === 1 ? '' : 's'} to prepare (by the server, or now with --photos)\n`);
  if (prepare && waiting) await preparePhotosNow(store, config);
}

async function preparePhotosNow(store: Store, config: Config): Promise<void> {
  const tell = ({ host, reason }: { host: string | null; reason: string }) =>
    void process.stderr.write(`warning: a photo from ${host ?? 'an invalid address'} was not prepared: ${reason} (tried again later)\n`);
  const log = { info: tell, error: tell };
  const run = await preparePhotos(store.db, {
    dir: photosDir(config.DATA_DIR),
    fetch: pictureFetchOptions(config.IMAGE_FETCH_TIMEOUT_MS),
    draw: renderDemoSource,
    log,
  });
  process.stdout.write(`photos: ${run.prepared} prepared, ${run.failed} not\n`);
}

async function pull(config: Config, name: string | undefined, ignoreWithdrawGuard: boolean, photos: boolean): Promise<number> {
  const feeds = name === undefined ? config.FEEDS : config.FEEDS.filter((f) => f.name === name);
  if (!config.FEEDS.length) throw new UsageError('no feeds to pull: set FEEDS');
  if (!feeds.length)
    throw new UsageError(`no source named ${JSON.stringify(name)} in FEEDS (${config.FEEDS.map((f) => f.name).join(', ')})`);
  const store = await openStore(configuredStore(config));
  let code = 0;
  // Ctrl-C: the import in flight rolls back and the lease is let go at once,
  // rather than holding the source from the servers until it lapses.
  const stop = new AbortController();
  const interrupt = () => stop.abort();
  process.once('SIGINT', interrupt);
  process.once('SIGTERM', interrupt);
  try {
    for (const feed of feeds) {
      if (stop.signal.aborted) break;
      // The pull's runner calls afterImport after a successful import.
      const outcome = await pullFeed(store, config, feed, {
        force: true,
        ignoreWithdrawGuard,
        signal: stop.signal,
        runner: importInline(store, instantAlerts(config.SITE_URL)),
      });
      if (outcome.result === 'imported') {
        const [first, ...rest] = summaryLines(outcome.summary);
        process.stdout.write(`${[`${feed.name}: ${first}`, ...rest].join('\n')}\n`);
        report(afterImportLines(outcome.after));
      } else if (outcome.result === 'unchanged') process.stdout.write(`${feed.name}: unchanged (304 Not Modified)\n`);
      else if (outcome.result === 'skipped' && outcome.reason === 'interrupted') {
        process.stderr.write(`error: ${feed.name}: interrupted (nothing was changed)\n`);
        code = 1;
      } else if (outcome.result === 'skipped') process.stdout.write(`${feed.name}: skipped, another instance is pulling it\n`);
      else {
        process.stderr.write(`error: ${feed.name}: ${outcome.error} (nothing was changed)\n`);
        code = 1;
      }
    }
    if (!stop.signal.aborted) await photoLines(store, config, photos);
    return code;
  } finally {
    process.off('SIGINT', interrupt);
    process.off('SIGTERM', interrupt);
    await store.close();
  }
}

async function status(config: Config): Promise<number> {
  const store = await openStore(configuredStore(config));
  try {
    process.stdout.write(`${(await feedStatusLines(store, config)).join('\n')}\n`);
    return 0;
  } finally {
    await store.close();
  }
}

async function main(argv: string[]): Promise<number> {
  try {
    const args = parse(argv);
    if (args.mode === 'help') {
      process.stdout.write(`${USAGE}\n`);
      return 0;
    }
    const config = configWith(args.mode === 'status' ? undefined : args.timeout);
    if (args.mode === 'pull') return await pull(config, args.name, args.force, args.photos);
    if (args.mode === 'status') return await status(config);
    return await importFile(config, args);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      process.stderr.write(`error: ${error.message}${error instanceof UsageError ? ' (see `npm run import -- --help`)' : ''}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`error: ${message.split('\n')[0]} (nothing was changed)\n`);
    return 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
