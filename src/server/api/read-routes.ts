// Serves every read of api/reads.ts over HTTP: GET with a query string (cacheable
// by a CDN) and POST with a JSON body, as the spec names the calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reads, runRead } from './reads.ts';
import type { ReadContext } from './read.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { pageCache, privateNoStore } from '../http/caching.ts';

/**
 * The context of the reads of one request. The host's partner and each slug's
 * are looked up once, however many reads the request runs; the page renderer
 * passes the host's one it already resolved. `client`: the request's logged-in
 * client (request.client()).
 */
export function readContext(
  app: FastifyInstance,
  request: FastifyRequest,
  hostPartner?: Promise<PublicPartner | null>,
  client: { id: number } | null = null,
): ReadContext {
  const { partners } = app.services;
  let host = hostPartner;
  const slugs = new Map<string, Promise<PublicPartner | null>>();
  const bySlug = (slug: string) => {
    const key = slug.toLowerCase();
    if (!slugs.has(key)) slugs.set(key, partners.bySlug(key));
    return slugs.get(key)!;
  };
  return {
    services: app.services,
    partner: async (slug) => (await (host ??= partners.byHost(request.hostname))) ?? (slug ? bySlug(slug) : null),
    client,
  };
}

export async function readRoutes(app: FastifyInstance): Promise<void> {
  for (const endpoint of Object.values(reads)) {
    const handler = async (input: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const client = endpoint.personal ? await request.client() : null;
      const result = await runRead(endpoint, input ?? {}, readContext(app, request, undefined, client));
      if (endpoint.personal) privateNoStore(reply);
      else pageCache(request, reply, app.config, 200);
      return result;
    };
    app.get(endpoint.path, (request, reply) => handler(request.query, request, reply));
    app.post(endpoint.path, (request, reply) => handler(request.body, request, reply));
  }
}
