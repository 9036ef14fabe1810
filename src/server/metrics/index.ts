// Prometheus metrics (docs/operations.md, "Metrics"): the series are always kept (observing
// costs next to nothing); METRICS_PORT starts the listener that serves them,
// and with it prom-client's process series (event-loop delay, memory, GC).
//
// A request's route label is Fastify's route pattern (`/api/property`), never
// the raw URL, so the series stay few: a page sets its route name instead
// (`main:for-sale`, see render/page.ts), and whatever no route matched, or a
// page answered 404, is `not found`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { outboxBacklog } from '../mail/outbox.ts';
import type { PullOutcome } from '../catalogue-import/pull.ts';
import { createInstruments, type Instruments } from './instruments.ts';
import { listenForMetrics, type MetricsListener } from './listener.ts';

export interface Metrics extends Instruments {
  /** The listener, once the app is ready (null when METRICS_PORT is unset). */
  listener: MetricsListener | null;
  feedPulled(outcome: PullOutcome): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
  interface FastifyRequest {
    /** Set by the page renderer: the page route's name, for the route label. */
    routeLabel: string | null;
  }
}

export const NOT_FOUND_ROUTE = 'not found';

export function routeLabel(request: FastifyRequest, statusCode: number): string {
  if (request.routeLabel) return request.routeLabel;
  const pattern = request.routeOptions.url;
  // The page catch-all answers every unknown path: one label for all of them.
  if (!pattern || (pattern === '/*' && statusCode === 404)) return NOT_FOUND_ROUTE;
  return pattern;
}

export function installMetrics(app: FastifyInstance): Metrics {
  const { METRICS_PORT, METRICS_HOST } = app.config;
  const instruments = createInstruments({
    processMetrics: METRICS_PORT !== undefined,
    outboxState: () =>
      outboxBacklog(app.store.db).catch((error: unknown) => {
        app.log.warn({ err: error }, 'metrics: the outbox could not be read');
        throw error;
      }),
  });
  const metrics: Metrics = {
    ...instruments,
    listener: null,
    feedPulled: (outcome) => {
      // Not a pull: the source was pulled recently enough.
      if (outcome.result === 'skipped' && outcome.reason === 'not due') return;
      instruments.feedPulls.inc({ source: outcome.source, result: outcome.result });
      if (outcome.result === 'failed' && outcome.refused)
        instruments.feedImportRefusals.inc({ source: outcome.source, reason: outcome.refused });
    },
  };
  app.decorate('metrics', metrics);
  app.decorateRequest('routeLabel', null);

  const unsubscribe = app.store.onQuery((event) => {
    const operation = OPERATIONS[event.query.query.kind] ?? 'other';
    metrics.storeQuery.observe({ operation, outcome: event.level === 'error' ? 'error' : 'ok' }, event.queryDurationMillis / 1000);
  });
  app.addHook('onClose', async () => unsubscribe());

  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request, reply.statusCode);
    metrics.requestDuration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
    if (reply.statusCode === 429) metrics.rateLimitRejections.inc({ route });
  });

  if (METRICS_PORT !== undefined) {
    app.addHook('onReady', async () => {
      metrics.listener = await listenForMetrics(metrics.registry, METRICS_HOST, METRICS_PORT, app.log);
    });
    app.addHook('onClose', async () => metrics.listener?.close());
  }
  return metrics;
}

const OPERATIONS: Record<string, string> = {
  SelectQueryNode: 'select',
  InsertQueryNode: 'insert',
  UpdateQueryNode: 'update',
  DeleteQueryNode: 'delete',
  RawNode: 'raw',
};
