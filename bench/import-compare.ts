// Compares the first import of one feed (into an empty SQLite store) by two or
// more checkouts of this project, in interleaved rounds, so that a shared
// machine's load falls on each alike: round 1 runs A, B, C, round 2 B, C, A, …
// Prints each run, then per checkout the median and spread of the CPU time
// (user + system of the import, the figure a busy machine disturbs least), of
// the wall-clock time and of the peak RSS, and the ratio of each median to the
// first checkout's. Figures only, no pass or fail.
//
//   npx tsx bench/import-compare.ts --feed /tmp/f10k.xml --rounds 5 . /tmp/co-ff26d4d /tmp/co-main
//
// A checkout is any folder holding this project's src/ (a git worktree, or
// `git archive <commit> | tar -x -C dir` with a node_modules symlink).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median, spread as range } from './table.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const TIMEOUT_MS = 30 * 60_000;

interface Run {
  cpuSeconds: number;
  seconds: number;
  peakRssMb: number;
  units: number;
}

function importOnce(checkout: string, feed: string): Run {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-import-compare-'));
  try {
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(HERE, 'import-compare-child.ts'), checkout, feed, dataDir], {
      cwd: checkout,
      encoding: 'utf8',
      timeout: TIMEOUT_MS,
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0) throw new Error(`${checkout}: ${result.stderr || result.error?.message}`);
    return JSON.parse(result.stdout.trim().split('\n').pop()!) as Run;
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const { values, positionals } = parseArgs({ options: { feed: { type: 'string' }, rounds: { type: 'string' } }, allowPositionals: true });
const feed = values.feed;
const rounds = Number(values.rounds ?? 3);
const checkouts = positionals.map((p) => path.resolve(p));
if (!feed || !checkouts.length || !Number.isInteger(rounds) || rounds < 1) {
  console.error('usage: import-compare.ts --feed <file> [--rounds n] <checkout> [checkout …]');
  process.exit(2);
}

const runs = new Map<string, Run[]>(checkouts.map((c) => [c, []]));
console.log(
  `# ${path.basename(feed)}, ${rounds} rounds, load average at start ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
for (let round = 0; round < rounds; round++)
  for (let k = 0; k < checkouts.length; k++) {
    const checkout = checkouts[(round + k) % checkouts.length]!;
    const run = importOnce(checkout, feed);
    runs.get(checkout)!.push(run);
    console.log(
      `round ${round + 1} ${checkout}: cpu ${run.cpuSeconds.toFixed(1)} s, wall ${run.seconds.toFixed(1)} s, ` +
        `peak RSS ${run.peakRssMb.toFixed(0)} MB, ${run.units} units, load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }

const base = runs.get(checkouts[0]!)!;
console.log('');
console.log('| checkout | CPU s median (range) | ×first | wall s median (range) | peak RSS MB median (range) |');
console.log('| --- | --- | ---: | --- | --- |');
for (const [checkout, rs] of runs) {
  const cpu = rs.map((r) => r.cpuSeconds);
  console.log(
    `| ${checkout} | ${median(cpu).toFixed(1)} (${range(cpu, 1)}) | ${(median(cpu) / median(base.map((r) => r.cpuSeconds))).toFixed(2)} | ` +
      `${median(rs.map((r) => r.seconds)).toFixed(1)} (${range(
        rs.map((r) => r.seconds),
        1,
      )}) | ` +
      `${median(rs.map((r) => r.peakRssMb)).toFixed(0)} (${range(
        rs.map((r) => r.peakRssMb),
        0,
      )}) |`,
  );
}
