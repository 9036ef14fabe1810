// The site's Prometheus series, in a registry of the app's own (tests build
// many apps in one process; prom-client's global registry would refuse the
// second). What each measures is in docs/operations.md, "Metrics".
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export interface Instruments {
  registry: Registry;
  requestDuration: Histogram<'method' | 'route' | 'status_code'>;
  ssrRender: Histogram<'route' | 'outcome'>;
  storeQuery: Histogram<'operation' | 'outcome'>;
  outboxBacklog: Gauge;
  outboxOldestAge: Gauge;
  feedPulls: Counter<'source' | 'result'>;
  feedImportRefusals: Counter<'source' | 'reason'>;
  feedPhotos: Counter<'result'>;
  rateLimitRejections: Counter<'route'>;
}

// Store queries are mostly well under 5 ms; pages and renders up to seconds.
const QUERY_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const PAGE_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export interface OutboxState {
  backlog: number;
  oldestAgeSeconds: number;
}

export interface InstrumentOptions {
  /** Adds prom-client's defaults: event-loop delay, memory, GC, handles. */
  processMetrics: boolean;
  /** Read at each scrape; when it fails (the store is down) both gauges read NaN. */
  outboxState: () => Promise<OutboxState>;
}

export function createInstruments({ processMetrics, outboxState }: InstrumentOptions): Instruments {
  const registry = new Registry();
  const registers = [registry];
  if (processMetrics) collectDefaultMetrics({ register: registry });
  // Both outbox gauges from one query per scrape.
  const unknown: OutboxState = { backlog: NaN, oldestAgeSeconds: NaN };
  let pending: Promise<OutboxState> | null = null;
  const readOutbox = () =>
    (pending ??= outboxState()
      .catch(() => unknown)
      .finally(() => setImmediate(() => (pending = null))));
  return {
    registry,
    requestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from request to the last byte of the answer, by route (the route pattern, a page route name, or "not found")',
      labelNames: ['method', 'route', 'status_code'],
      buckets: PAGE_BUCKETS,
      registers,
    }),
    ssrRender: new Histogram({
      name: 'ssr_render_duration_seconds',
      help: 'Server-side render of a page, from its start to the end of the document (or its abort), by page route name',
      labelNames: ['route', 'outcome'],
      buckets: PAGE_BUCKETS,
      registers,
    }),
    storeQuery: new Histogram({
      name: 'store_query_duration_seconds',
      help: 'Store queries, by operation (select, insert, update, delete, other)',
      labelNames: ['operation', 'outcome'],
      buckets: QUERY_BUCKETS,
      registers,
    }),
    outboxBacklog: new Gauge({
      name: 'mail_outbox_backlog',
      help: 'Mails in the outbox not sent yet',
      registers,
      async collect() {
        this.set((await readOutbox()).backlog);
      },
    }),
    outboxOldestAge: new Gauge({
      name: 'mail_outbox_oldest_age_seconds',
      help: 'Age of the oldest mail not sent yet (0 when none)',
      registers,
      async collect() {
        this.set((await readOutbox()).oldestAgeSeconds);
      },
    }),
    feedPulls: new Counter({
      name: 'feed_pulls_total',
      help: 'Scheduled feed pulls, by source and result (imported, unchanged, failed, skipped)',
      labelNames: ['source', 'result'],
      registers,
    }),
    feedImportRefusals: new Counter({
      name: 'feed_import_refusals_total',
      help: 'Scheduled feed pulls whose import was refused (counted in feed_pulls_total as failed too), by source and reason (withdrawals: FEED_MAX_WITHDRAW)',
      labelNames: ['source', 'reason'],
      registers,
    }),
    feedPhotos: new Counter({
      name: 'feed_photos_total',
      help: 'Feed photos the photo job has worked on, by result (prepared, checked: unchanged at its weekly check, failed: tried again later)',
      labelNames: ['result'],
      registers,
    }),
    rateLimitRejections: new Counter({
      name: 'rate_limit_rejections_total',
      help: 'Requests answered 429, by route',
      labelNames: ['route'],
      registers,
    }),
  };
}
