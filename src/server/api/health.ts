// Liveness and readiness for the orchestrator and the container HEALTHCHECK.
import type { FastifyInstance } from 'fastify';

export async function healthRoutes(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { status: 'ok' };
  });
  app.get('/readyz', async (request, reply) => {
    reply.header('cache-control', 'no-store');
    try {
      await app.store.ping();
      return { status: 'ready' };
    } catch (error) {
      request.log.warn({ err: error }, 'store not reachable');
      return reply.code(503).send({ status: 'unavailable' });
    }
  });
}
