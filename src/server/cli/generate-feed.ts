// `npm run generate-feed -- --projects 50000 --out /tmp/big.xml [--seed n] [--media-prefix p]`:
// writes a synthetic Kyero feed (the demo generator's, streamed: flat memory at
// any size) for benchmarks. `--demo` rewrites the shipped demo feed
// (src/server/demo/demo-feed.xml) after a change to the generator.
//
// Exit codes: 0 written (one line on stderr: what and how long); 2 bad
// arguments; 1 the file could not be written.
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { DEMO_SEED, writeFeed, type FeedOptions } from '../demo/generator.ts';
import { DEMO_FEED_FILE, DEMO_FEED_OPTIONS } from '../demo/seed.ts';

const USAGE = `Usage: npm run generate-feed -- --projects N [--out file] [--seed n] [--media-prefix prefix]
       npm run generate-feed -- --demo

  --projects N        developments (about ten units each), 1 to 1000000
  --out file          where to write (default: standard output)
  --seed n            the generator's seed (default ${DEMO_SEED}, the demo's)
  --media-prefix p    where image and document URLs point (default /media/demo)
  --demo              write the shipped demo feed (${DEMO_FEED_OPTIONS.projects} developments) to ${DEMO_FEED_FILE}`;

async function main(argv: string[]): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        projects: { type: 'string' },
        out: { type: 'string' },
        seed: { type: 'string' },
        'media-prefix': { type: 'string' },
        demo: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (error) {
    return usage((error as Error).message.split('\n')[0]!);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let options: FeedOptions;
  let out = values.out;
  if (values.demo) {
    options = { ...DEMO_FEED_OPTIONS };
    out = DEMO_FEED_FILE;
  } else {
    const projects = Number(values.projects);
    if (!values.projects || !Number.isInteger(projects) || projects < 1 || projects > 1_000_000)
      return usage('--projects must be a whole number from 1 to 1000000');
    const seed = values.seed === undefined ? DEMO_SEED : Number(values.seed);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) return usage('--seed must be a whole number from 0 to 4294967295');
    options = { projects, seed, mediaPrefix: values['media-prefix'] };
  }
  const started = performance.now();
  const stream = out ? fs.createWriteStream(out) : process.stdout;
  try {
    const counts = await writeFeed(stream, options);
    if (stream !== process.stdout) {
      stream.end();
      await finished(stream);
    }
    const size = out ? ` (${(fs.statSync(out).size / 1e6).toFixed(1)} MB)` : '';
    process.stderr.write(
      `wrote ${counts.projects} developments, ${counts.units} units to ${out ?? 'standard output'}${size} in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
    );
    return 0;
  } catch (error) {
    process.stderr.write(`error: cannot write ${out ?? 'standard output'}: ${(error as Error).message}\n`);
    return 1;
  }
}

function usage(message: string): number {
  process.stderr.write(`error: ${message} (see \`npm run generate-feed -- --help\`)\n`);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
