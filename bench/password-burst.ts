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
import { defaultHashConcurrency, loadConfig, type Config } from '../src/server/config.ts';
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

/** The app on a fresh data folder with `env`, listening on a free loopback port, for `run`; closed and removed after. */
async function withSite<T>(env: Record<string, string>, run: (base: string, config: Config) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'site-bench-passwords-'));
  // No photo job behind the measurement: on the fresh demo store it would derive 690 drawings (minutes of CPU).
  const config = loadConfig({ DATA_DIR: dataDir, NODE_ENV: 'production', LOG_LEVEL: 'silent', PREPARE_PHOTOS: 'false', ...env });
  const app = await buildApp(config, { logger: false });
  try {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return await run(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, config);
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measure(concurrency: number): Promise<string[]> {
  return withSite({ AUTH_RATE_LIMIT: String(BURST), PASSWORD_HASH_CONCURRENCY: String(concurrency) }, async (base) => {
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
  });
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

const ADDRESSES = 20;
const REAL_LOGINS = 5;

/** One login's status, time and device cookie; `device`: the cookie a browser sends back. */
async function login(
  base: string,
  address: string,
  email: string,
  password: string,
  device?: string,
): Promise<{ status: number; ms: number; device?: string }> {
  const start = performance.now();
  const res = await fetch(`${base}/api/client-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, ...(device ? { cookie: `did=${device}` } : {}) },
    body: JSON.stringify({ email, password }),
  });
  await res.arrayBuffer();
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('did='));
  return { status: res.status, ms: performance.now() - start, device: cookie?.slice(4).split(';')[0] };
}

const tally = (statuses: number[]) =>
  [...new Set(statuses)]
    .sort()
    .map((s) => `${statuses.filter((x) => x === s).length}× ${s}`)
    .join(', ');

/** Who logs in during the burst: REAL_LOGINS clients once each, or one client REAL_LOGINS times. */
type Who = 'clients' | 'one client';

/**
 * Real logins, one after another, while ADDRESSES addresses each send their
 * rate limit's worth at once: REAL_LOGINS registered clients once each, each
 * from an address of its own (as clients come), or one client REAL_LOGINS
 * times from one address; `fromKnownBrowser`: with the device cookie of each
 * client's earlier login.
 */
async function loginsDuringBurst(queue: number, who: Who, fromKnownBrowser: boolean): Promise<string[]> {
  return withSite({ SEED_DEMO: 'false', TRUST_PROXY: '127.0.0.1', PASSWORD_HASH_QUEUE: String(queue) }, async (base, config) => {
    const password = 'a real client passphrase';
    const clients = Array.from({ length: who === 'clients' ? REAL_LOGINS : 1 }, (_, i) => ({
      email: `real.client${i}@example.com`,
      address: `192.0.2.${200 + i}`,
      device: undefined as string | undefined,
    }));
    // Registered some other day, from somewhere else: the addresses the clients log in from asked for nothing lately.
    // A login's time with nothing else to do, for scale: a login during the burst waits about one hash per address ahead of it.
    const alone: number[] = [];
    for (const client of clients) {
      const registered = await fetch(`${base}/api/client-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.100' },
        body: JSON.stringify({ email: client.email, password, password_repeat: password, terms: true }),
      });
      if (registered.status !== 201) throw new Error(`register: ${registered.status}`);
      const first = await login(base, '192.0.2.100', client.email, password);
      alone.push(first.ms);
      client.device = first.device;
    }
    const perAddress = config.AUTH_RATE_LIMIT;
    let answered: () => void = () => {};
    const firstAnswer = new Promise<void>((resolve) => (answered = resolve));
    const burst = Promise.all(
      Array.from({ length: ADDRESSES * perAddress }, (_, i) =>
        login(base, `198.51.100.${1 + (i % ADDRESSES)}`, `burst${i}@example.com`, 'not the password').then((r) => {
          answered();
          return r.status;
        }),
      ),
    );
    // While the burst runs: from its first answer on.
    await firstAnswer;
    const real: Array<{ status: number; ms: number }> = [];
    for (let i = 0; i < REAL_LOGINS; i++) {
      const client = clients[i % clients.length]!;
      real.push(await login(base, client.address, client.email, password, fromKnownBrowser ? client.device : undefined));
    }
    const statuses = await burst;
    const times = real.map((r) => r.ms).sort((a, b) => a - b);
    return [
      who === 'clients' ? `${REAL_LOGINS} clients, once each` : `1 client, ${REAL_LOGINS} times`,
      fromKnownBrowser ? 'yes' : 'no',
      p(
        alone.sort((a, b) => a - b),
        50,
      ).toFixed(0),
      tally(real.map((r) => r.status)),
      p(times, 50).toFixed(0),
      times.at(-1)!.toFixed(0),
      tally(statuses),
    ];
  });
}

export async function runLoginBurstBench(): Promise<void> {
  // At the default bound. Without one, every burst request waits for its hash: minutes on two cores.
  const queue = loadConfig({}).PASSWORD_HASH_QUEUE;
  console.log(
    `# real logins, one after another from the burst's first answer on, while ${ADDRESSES} addresses each send their rate limit's worth (AUTH_RATE_LIMIT) of logins at once (scrypt N=2^17, hash concurrency ${defaultHashConcurrency()}, PASSWORD_HASH_QUEUE ${queue}); goal: every real login answered within 5 s`,
  );
  // From a new browser, and from one the client logged in from before (its device cookie takes turns as that device).
  const rows = [];
  for (const who of ['clients', 'one client'] as const)
    for (const known of [false, true]) rows.push(await loginsDuringBurst(queue, who, known));
  console.log(textTable(['real logins', 'device cookie', 'a login alone ms', 'answers', 'median ms', 'max ms', 'burst answers'], rows));
}
