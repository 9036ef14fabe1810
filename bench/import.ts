// Import time and peak memory for a large synthetic Kyero feed (default 50,000
// developments, about half a million units), beside the time to only parse the
// same feed: their ratio is what the store costs on top of reading the XML.
// Each measurement runs in a fresh child process. Figures only, no pass/fail.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PROJECTS = Number(process.env.BENCH_IMPORT_PROJECTS ?? 50_000);
const TIMEOUT_MS = 20 * 60_000;

interface ChildResult {
  seconds: number;
  properties: number;
  peakRssMb: number;
}

/**
 * The V8 heap settings `npm run import` gives an import process (package.json: the one place
 * they are written). The import keeps little alive, but V8 lets a heap grow far past that before it
 * collects: 16 MB semi-spaces and a 256 MB old space hold the 50k import near 280 MB instead of 450.
 */
function importHeapFlags(): string[] {
  const script =
    (JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts.import ?? '';
  return script.split(/\s+/).filter((word) => /^--max-(semi|old)-space-size=\d+$/.test(word));
}

function run(args: string[], env: Record<string, string> = {}, nodeFlags: string[] = []): string {
  const result = spawnSync(process.execPath, [...nodeFlags, '--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: TIMEOUT_MS,
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`${args.join(' ')} failed: ${result.stderr || result.error?.message}`);
  return result.stdout;
}

function measure(feed: string, mode: 'import' | 'parse-only', dataDir: string, env: Record<string, string> = {}): ChildResult {
  const out = run(['bench/import-child.ts', feed, mode, dataDir], env, importHeapFlags()).trim().split('\n').pop()!;
  return JSON.parse(out) as ChildResult;
}

export async function runImportBench(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-'));
  try {
    const feed = path.join(dir, 'feed.xml');
    console.log(`# import: generating a ${PROJECTS.toLocaleString('en')}-development feed …`);
    run(['src/server/cli/generate-feed.ts', '--projects', String(PROJECTS), '--out', feed]);
    console.log(`# feed ${(fs.statSync(feed).size / 1024 ** 2).toFixed(0)} MB`);

    const parse = measure(feed, 'parse-only', dir);
    const rows: Array<[string, ChildResult]> = [['parse only', parse]];
    rows.push(['import, SQLite', measure(feed, 'import', path.join(dir, 'sqlite'))]);
    rows.push(['import again (unchanged), SQLite', measure(feed, 'import', path.join(dir, 'sqlite'))]);
    const pg = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL;
    if (pg) {
      const db = `bench_import_${process.pid}`;
      const admin = new URL(pg);
      const { default: pgLib } = await import('pg');
      const client = new pgLib.Client({ connectionString: pg });
      await client.connect();
      await client.query(`create database ${db}`);
      try {
        admin.pathname = `/${db}`;
        rows.push(['import, PostgreSQL', measure(feed, 'import', dir, { BENCH_IMPORT_DATABASE_URL: admin.toString() })]);
      } finally {
        await client.query(`drop database if exists ${db} with (force)`);
        await client.end();
      }
    }

    console.log('');
    console.log('| step | properties | seconds | peak RSS MB | ×parse |');
    console.log('| --- | ---: | ---: | ---: | ---: |');
    for (const [name, r] of rows)
      console.log(
        `| ${name} | ${r.properties} | ${r.seconds.toFixed(1)} | ${r.peakRssMb.toFixed(0)} | ${(r.seconds / parse.seconds).toFixed(2)} |`,
      );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  runImportBench().catch((error: unknown) => {
    console.error(`import bench failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  });
}
