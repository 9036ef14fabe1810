// Start-up and idle memory of the production server (issue 12): `node
// dist/server/main.js` on a DATA_DIR that is already migrated and seeded (the
// first start, which does that, is not measured), started BOOT_RUNS times
// (default 5). For each start: the time from spawn to the first 200 of
// /healthz and of the home page, and the RSS (from /proc/<pid>/status) after
// that first page and again after 5 s idle, and the server's CPU until that
// page (the wall clock of a busy machine waits for other processes too).
// Medians and spread. Loopback only.
// The server runs with npm start's node flags; BENCH_BOOT_NODE_OPTIONS
// replaces them (e.g. other V8 heap settings, or '' for none) to compare.
//
//   node build.mjs && npx tsx bench/boot.ts
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIST_DIR } from './sizes.ts';
import { cpuSeconds, flagsName, freePort, memoryMb, siteCommand, startWords, stopServer } from './processes.ts';
import { median, spread, textTable } from './table.ts';

const RUNS = Number(process.env.BOOT_RUNS ?? 5);
const IDLE_MS = 5000;
const START_TIMEOUT_MS = 60_000;
const START_WORDS = process.env.BENCH_BOOT_NODE_OPTIONS?.split(' ').filter(Boolean) ?? startWords();

interface Start {
  healthMs: number;
  homeMs: number;
  /** The server's own CPU (user + system) until its first page: what a loaded machine's wall clock hides. */
  cpuMs: number;
  rssAfterPageMb: number;
  rssIdleMb: number;
}

const rssMb = (pid: number): number => memoryMb(pid, ['VmRSS']).VmRSS;

/** Polls `url` until it answers 200; the time since `start`. */
async function firstOk(url: string, start: number, server: ChildProcess): Promise<number> {
  while (performance.now() - start < START_TIMEOUT_MS) {
    if (server.exitCode !== null) throw new Error(`the server exited with code ${server.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return performance.now() - start;
    } catch {
      /* not listening yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error(`${url} did not answer 200 within ${START_TIMEOUT_MS} ms`);
}

async function start(dataDir: string, measure: boolean): Promise<Start | null> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const site = siteCommand(START_WORDS, DIST_DIR, { PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' });
  const t0 = performance.now();
  const server = spawn(process.execPath, site.args, {
    env: site.env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    const healthMs = await firstOk(`${base}/healthz`, t0, server);
    const homeMs = await firstOk(`${base}/`, t0, server);
    if (!measure) return null;
    const cpu = cpuSeconds(server.pid!) * 1000;
    const rssAfterPageMb = rssMb(server.pid!);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    return { healthMs, homeMs, cpuMs: cpu, rssAfterPageMb, rssIdleMb: rssMb(server.pid!) };
  } finally {
    await stopServer(server);
  }
}

export async function runBootBench(): Promise<void> {
  if (!fs.existsSync(path.join(DIST_DIR, 'server/main.js'))) throw new Error('the server build is missing: run node build.mjs');
  // BOOT_DATA_DIR: an existing store to start on (e.g. a large catalogue), kept afterwards.
  const own = !process.env.BOOT_DATA_DIR;
  const dataDir = process.env.BOOT_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-boot-'));
  try {
    // The first start migrates and seeds the demo data: not what is measured.
    await start(dataDir, false);
    const starts: Start[] = [];
    for (let i = 0; i < RUNS; i++) starts.push((await start(dataDir, true))!);
    console.log(`# node ${process.version}, ${flagsName(START_WORDS)}, ${RUNS} starts on a migrated, seeded DATA_DIR`);
    const rows: Array<[string, keyof Start, string]> = [
      ['spawn → first 200 of /healthz', 'healthMs', 'ms'],
      ['spawn → first 200 of /', 'homeMs', 'ms'],
      ['server CPU until then', 'cpuMs', 'ms'],
      ['RSS after the first page', 'rssAfterPageMb', 'MB'],
      [`RSS after ${IDLE_MS / 1000} s idle`, 'rssIdleMb', 'MB'],
    ];
    const lines = rows.map(([name, key, unit]) => {
      const xs = starts.map((s) => s[key]);
      return [name, `${median(xs).toFixed(0)} ${unit}`, spread(xs)];
    });
    console.log(textTable(['figure', 'median', 'spread'], lines));
  } finally {
    if (own) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) await runBootBench();
