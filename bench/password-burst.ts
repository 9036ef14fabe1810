// Page latency under a burst of password requests (issue 11): the p99 of
// property-page requests (gzip, so compression uses libuv's threads too) with
// no other load, then while 30 logins from one address run at once (unknown
// emails: one scrypt each at SCRYPT_LOG_N=17, 128 MiB). Printed as a ratio,
// for the queue's default on this machine, for 2, and for no queue (30).
// The server runs in this process: the hashes and the pages share its threads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { buildApp } from '../src/server/app.ts';
import { defaultHashConcurrency, loadConfig } from '../src/server/config.ts';
import { textTable } from './table.ts';

const BURST = 30;
const PAGE_WORKERS = 4;
const PAGE_SAMPLES = 120;

function p(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((q / 100) * sorted.length) - 1)] ?? NaN;
}

/** Page requests from PAGE_WORKERS loops until `samples` are in or `until` resolves; each one's time in ms. */
async function pageTimes(url: string, samples: number, until?: Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  void until?.then(() => (done = true));
  await Promise.all(
    Array.from({ length: PAGE_WORKERS }, async () => {
      while (!done && (until || times.length < samples)) {
        const start = performance.now();
        const res = await fetch(url, { headers: { 'accept-encoding': 'gzip' } });
        await res.arrayBuffer();
        times.push(performance.now() - start);
      }
    }),
  );
  return times.sort((a, b) => a - b);
}

async function measure(concurrency: number): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-burst-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: String(BURST),
    PASSWORD_HASH_CONCURRENCY: String(concurrency),
  });
  const app = await buildApp(config, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    const search = await (await fetch(`${base}/search/spain/alicante/torrevieja`)).text();
    const page = `${base}/for-sale/${/data-project="(\d+)"/.exec(search)?.[1] ?? 1}`;
    await pageTimes(page, 40); // warm-up
    const quiet = await pageTimes(page, PAGE_SAMPLES);
    const burst = Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        fetch(`${base}/api/client-login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: `burst${i}@example.com`, password: 'not the password' }),
        }).then((r) => r.status),
      ),
    );
    const busy = await pageTimes(page, 0, burst);
    const statuses = await burst;
    return [
      String(concurrency),
      String(quiet.length),
      p(quiet, 99).toFixed(0),
      String(busy.length),
      p(busy, 99).toFixed(0),
      (p(busy, 99) / p(quiet, 99)).toFixed(2),
      statuses.every((s) => s === 401) ? `${BURST}× 401` : statuses.join(' '),
    ];
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runPasswordBurstBench(): Promise<void> {
  console.log(
    `# ${BURST} logins at once from one address (scrypt N=2^17) while ${PAGE_WORKERS} loops request a property page (gzip); libuv threads: ${process.env.UV_THREADPOOL_SIZE ?? 4}`,
  );
  // The default for this machine (2, or 1 on two cores or fewer), 2 whatever the cores, and no queue.
  const settings = [...new Set([defaultHashConcurrency(), 2])];
  const rows = [];
  for (const n of [...settings, BURST]) rows.push(await measure(n));
  console.log(textTable(['hash concurrency', 'quiet n', 'quiet p99 ms', 'burst n', 'burst p99 ms', 'p99 ratio', 'logins'], rows));
}
