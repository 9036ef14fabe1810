// Runs one tier of the tests with tap:
//
//   node test/run.mjs fast [--watch] [tap options]   unit and API tests: no browser, no child process
//   node test/run.mjs e2e [tap options]              browser and process tests: *.e2e.test.ts
//
// A test's tier is its name: `*.e2e.test.ts` is e2e, every other `*.test.ts(x)`
// is fast (test/tiers.test.ts keeps the browser and process helpers out of the
// fast tier). Only the e2e tier needs Chromium: it is found here (or installed
// from Debian's package when running as root). `--watch` runs the fast tier,
// then again on each save, only the test files whose code changed (tap's
// --changed). The fast tier runs its files several to a process
// (fastTierArgs); the e2e tier runs a few files at a time, then those that
// must run alone (ALONE); files named on the command line run a process each. dist/ is
// rebuilt when older than the sources by tap's `before` (test/fresh-dist.mjs),
// so a single `npx tap file` gets it too.
import { spawn, spawnSync } from 'node:child_process';
import readline from 'node:readline';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { TEST_CACHE_DIR } from './helpers/cache-dir.mjs';
import { namedFiles } from './helpers/named-files.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const E2E = 'test/**/*.e2e.test.ts';
/**
 * E2e files that measure a process's resources while it works at the lowest priority (a pull's
 * worker thread runs at nice 19): run alone after the others, since beside a browser test the
 * thread gets next to no CPU and the pull outlasts FEED_TIMEOUT_MS.
 */
const ALONE = ['test/server/jobs/pull-memory.e2e.test.ts'];
const TIERS = {
  // tap's own default exclude (fixtures) stays: a command-line --exclude replaces it.
  fast: ['--exclude', E2E, '--exclude', '**/@(fixture*(s)|dist)/**'],
  e2e: ['--include', E2E, ...ALONE.flatMap((file) => ['--exclude', file])],
};

const [tier, ...rest] = process.argv.slice(2);
if (!(tier in TIERS)) {
  console.error(`usage: node test/run.mjs ${Object.keys(TIERS).join('|')} [--watch] [tap options]`);
  process.exit(2);
}
const watch = rest.includes('--watch');
if (watch && tier !== 'fast') {
  console.error('--watch is for the fast tier: npm run test:watch');
  process.exit(2);
}
const tapArgs = [...TIERS[tier], ...rest.filter((a) => a !== '--watch')];
const env = { ...process.env, NODE_ENV: 'test' };
if (tier === 'e2e') env.PUPPETEER_EXECUTABLE_PATH = findChromium();
// Files named on the command line run one process each, as tap runs them.
const filesNamed = namedFiles(rest, root).length > 0;

await buildTapPlugins();
pruneTypescriptOutputs();
if (watch) watchFastTier();
else if (tier === 'fast' && !filesNamed) runTap(fastTierArgs()).then((code) => process.exit(code));
else if (tier === 'e2e' && !filesNamed) runE2eTier().then((code) => process.exit(code));
else runTap(tapArgs).then((code) => process.exit(code));

/** The e2e tier: its files a few at a time, then those that must run ALONE, one by one. */
async function runE2eTier() {
  const together = await runTap(tapArgs);
  const alone = await runTap([...ALONE, '--jobs', '1', ...rest]);
  return together || alone;
}

/**
 * The fast tier's files run a few processes at a time, each taking the next
 * file from one queue when done with its last (test/helpers/files-in-one-process.ts),
 * instead of one process per file: tap, the server and React load a few times,
 * not 168. One process per core and one more, which runs while the others wait
 * for PostgreSQL. Each is a small generated file under .tap/ that tap runs like
 * any test file; the timeout is the whole process's.
 */
function fastTierArgs() {
  const files = fs
    .globSync('test/**/*.test.{ts,tsx}', { cwd: root })
    .filter((f) => !f.endsWith('.e2e.test.ts') && !/\/fixtures?\//.test(f))
    .sort();
  const dir = path.join(root, '.tap', 'fast-tier');
  const queue = path.join(dir, 'queue');
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(queue, { recursive: true });
  files.forEach((f, i) => fs.writeFileSync(path.join(queue, String(i).padStart(4, '0')), path.join(root, f)));
  const runner = pathToFileURL(path.join(root, 'test/helpers/files-in-one-process.ts')).href;
  const count = os.availableParallelism() + 1;
  const processes = Array.from({ length: count }, (_, i) => {
    const part = path.join(dir, `process-${i + 1}-of-${count}.test.mjs`);
    fs.writeFileSync(part, `import { runQueuedFiles } from ${JSON.stringify(runner)};\nawait runQueuedFiles(${JSON.stringify(queue)});\n`);
    return path.relative(root, part);
  });
  return [...processes, '--jobs', String(count), '--timeout', '1800', ...rest];
}

/**
 * tap starts each test file with the loaders of the plugins it was built with.
 * npm ci builds it with its default ones, TypeScript's (ts-node) among them,
 * which .taprc leaves out (test/helpers/typescript-imports.mjs loads the sources); tap rebuilds itself when
 * they differ, but only for the runs after that one: the first run would load
 * ts-node into every test file, about a second each. Build first instead.
 */
async function buildTapPlugins() {
  const { TapConfig } = await import('@tapjs/config');
  const { signature } = await import('@tapjs/test');
  if ((await TapConfig.load()).pluginSignature === signature) return;
  spawnSync('npx', ['tap', 'build'], { cwd: root, stdio: 'inherit' });
}

/**
 * test/helpers/typescript-imports.mjs keeps each compiled module under a hash
 * of its source: every edit leaves the last output behind. Those not written
 * for a week go (one still in use is compiled again on its next load).
 */
function pruneTypescriptOutputs() {
  const dir = path.join(TEST_CACHE_DIR, 'typescript');
  if (!fs.existsSync(dir)) return;
  const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())) {
    const file = path.join(entry.parentPath, entry.name);
    if ((fs.statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? Infinity) < weekAgo) fs.rmSync(file, { force: true });
  }
}

function findChromium() {
  const candidates = [process.env.PUPPETEER_EXECUTABLE_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
  const found = candidates.find((p) => p && fs.existsSync(p));
  if (found) return found;
  if (process.getuid?.() === 0 && fs.existsSync('/usr/bin/apt-get')) {
    console.log("# Chromium not found: installing Debian's chromium package");
    const aptEnv = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env: aptEnv });
    spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env: aptEnv });
    if (fs.existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  }
  console.error('Browser tests need Chromium: install it with `sudo apt-get install -y chromium` or set PUPPETEER_EXECUTABLE_PATH.');
  process.exit(1);
}

/** Runs tap with `args`; resolves with its exit code once its report has been printed. */
function runTap(args) {
  const tap = spawn('npx', ['tap', ...args], { cwd: root, stdio: ['inherit', 'pipe', 'inherit'], env });
  const failures = collectFailures(tap.stdout);
  return new Promise((resolve) => {
    tap.on('close', (code, signal) => {
      printFailures(failures);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/**
 * The fast tier once, then on every change under src/, test/ or locales/ the
 * test files whose own code or imports changed since their last run (tap's
 * --changed reads what each test file loaded from .tap/processinfo).
 */
function watchFastTier() {
  let running = false;
  let again = false;
  let timer;
  const run = async (args) => {
    running = true;
    const code = await runTap(args);
    console.log(`\n# watching src/, test/ and locales/ (last run: ${code === 0 ? 'passed' : 'failed'}); Ctrl-C stops`);
    running = false;
    if (again) changed();
  };
  // An editor's save is several file events: one run for them all.
  const changed = () => {
    again = running;
    if (running) return;
    clearTimeout(timer);
    timer = setTimeout(() => run([...tapArgs, '--changed']), 200);
  };
  for (const dir of ['src', 'test', 'locales']) fs.watch(path.join(root, dir), { recursive: true }, changed);
  run(tapArgs);
}

/**
 * Passes tap's report through and remembers each failed test with its place
 * (file › subtest › …) and diagnostics, so a long log ends with what failed.
 */
function collectFailures(stream) {
  const found = [];
  const path = [];
  let current;
  readline.createInterface({ input: stream }).on('line', (line) => {
    process.stdout.write(`${line}\n`);
    const depth = (line.length - line.trimStart().length) / 4;
    const subtest = /^\s*# Subtest: (.*)$/.exec(line);
    if (subtest) {
      path.length = depth;
      path[depth] = subtest[1];
      current = undefined;
      return;
    }
    const failed = /^\s*not ok \d+ - (.*)$/.exec(line);
    if (failed) {
      current = { where: [...path.slice(0, depth), failed[1]].join(' › '), details: [] };
      if (!/ # (TODO|SKIP)\b/i.test(failed[1])) found.push(current);
      return;
    }
    if (/^\s*ok \d+/.test(line)) current = undefined;
    else if (current && current.details.length < 40) current.details.push(line);
  });
  return found;
}

function printFailures(found) {
  if (found.length === 0) return;
  // A failed subtest also fails every test around it: list the innermost ones.
  const innermost = found.filter((f) => !found.some((g) => g !== f && g.where.startsWith(`${f.where.replace(/ # .*$/, '')} › `)));
  console.log(`\n# ${innermost.length} failed:`);
  for (const f of innermost.slice(0, 30)) {
    console.log(`# not ok: ${f.where}`);
    for (const line of f.details.slice(0, 25)) console.log(`#   ${line.trim()}`);
  }
}
