// Serves every read of api/reads.ts over HTTP: GET with a query string (cacheable
// by a CDN) and POST with a JSON body, as the spec names the calls.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { reads, runRead } from './reads.ts';
import type { ReadContext } from './read.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { readVersions, type StoreVersions } from '../services/versions.ts';
import { scopeKey } from '../services/catalogue/scope.ts';
import { pageCache, privateNoStore } from '../http/caching.ts';

/**
 * The context of the reads of one request. The store's versions are read once,
 * and the host's partner and each slug's looked up once, however many reads the
 * request runs; the page renderer passes what it already read. `client`: the
 * request's logged-in client (request.client()).
 */
export function readContext(
  app: FastifyInstance,
  request: FastifyRequest,
  known: { versions?: Promise<StoreVersions>; hostPartner?: Promise<PublicPartner | null> } = {},
  client: { id: number } | null = null,
): ReadContext {
  const { partners } = app.services;
  let { versions, hostPartner: host } = known;
  const versionsOnce = () => (versions ??= readVersions(app.store.db));
  const slugs = new Map<string, Promise<PublicPartner | null>>();
  const bySlug = (slug: string) => {
    const key = slug.toLowerCase();
    let partner = slugs.get(key);
    if (!partner) slugs.set(key, (partner = versionsOnce().then((v) => partners.bySlug(key, v))));
    return partner;
  };
  const listed = new Map<string, Promise<boolean>>();
  return {
    services: app.services,
    listed: (id, scope, known) => {
      const key = `${id}:${scopeKey(scope)}`;
      let answer = listed.get(key);
      if (!answer) listed.set(key, (answer = known ?? app.services.catalogue.listed(id, scope)));
      return answer;
    },
    partner: async (slug) =>
      (await (host ??= versionsOnce().then((v) => partners.byHost(request.hostname, v)))) ?? (slug ? bySlug(slug) : null),
    versions: versionsOnce,
    client,
  };
}

export async function readRoutes(app: FastifyInstance): Promise<void> {
  for (const endpoint of Object.values(reads)) {
    const handler = async (input: unknown, request: FastifyRequest, reply: FastifyReply) => {
      // Without credentials this is null at once; with them the answer is private (pageCache).
      const client = await request.client();
      const result = await runRead(endpoint, input ?? {}, readContext(app, request, {}, client));
      if (endpoint.personal) privateNoStore(reply);
      else pageCache(request, reply, app.config, 200);
      return result;
    };
    app.get(endpoint.path, (request, reply) => handler(request.query, request, reply));
    app.post(endpoint.path, (request, reply) => handler(request.body, request, reply));
  }
}
