// One load run, in its own process so it can be pinned to its own core:
// `tsx bench/load.ts '{"url":…,"connections":10,"duration":8,"warmup":2}'`.
// Warms up first (discarded), then measures, and prints one JSON line with
// requests/s and latency percentiles computed from every response's own time.
import { pathToFileURL } from 'node:url';
import autocannon, { type Options, type Result } from 'autocannon';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds measured. */
  duration: number;
  /** Seconds of load before measuring, discarded. */
  warmup: number;
  /** Request headers (e.g. Accept-Encoding). */
  headers?: Record<string, string>;
}

export interface LoadResult {
  url: string;
  seconds: number;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p99: number; mean: number; max: number };
  bytesPerResponse: number;
  statuses: Record<string, number>;
  errors: number;
  timeouts: number;
}

function run(options: Options, onResponse?: (status: number, bytes: number, ms: number) => void): Promise<Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', (_client: unknown, status: number, bytes: number, ms: number) => onResponse(status, bytes, ms));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export async function load(options: LoadOptions): Promise<LoadResult> {
  const base = {
    url: options.url,
    connections: options.connections,
    timeout: 10,
    ...(options.headers ? { headers: options.headers } : {}),
  };
  if (options.warmup > 0) await run({ ...base, duration: options.warmup });

  let latencies = new Float64Array(1 << 16);
  let count = 0;
  let bytes = 0;
  const started = process.hrtime.bigint();
  const result = await run({ ...base, duration: options.duration }, (_status, size, ms) => {
    if (count === latencies.length) {
      const bigger = new Float64Array(latencies.length * 2);
      bigger.set(latencies);
      latencies = bigger;
    }
    latencies[count++] = ms;
    bytes += size;
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const sorted = latencies.slice(0, count).sort();
  let sum = 0;
  for (const v of sorted) sum += v;
  return {
    url: options.url,
    seconds,
    requests: count,
    requestsPerSecond: count / seconds,
    latencyMs: { p50: percentile(sorted, 50), p99: percentile(sorted, 99), mean: sum / count, max: sorted[count - 1] ?? NaN },
    bytesPerResponse: count ? bytes / count : 0,
    statuses: Object.fromEntries(Object.entries(result.statusCodeStats).map(([code, s]) => [code, s.count])),
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions;
  load(options).then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`),
    (error: unknown) => {
      process.stderr.write(`load failed: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
