// Cache headers for a CDN in front (DESIGN §8). Anonymous pages and reads may be
// cached briefly at the edge; anything personal is never stored. Every answer
// can differ by host (a partner's own domain), so Host is always in Vary; with
// TRUST_PROXY, X-Forwarded-Host too, since a trusted proxy's X-Forwarded-Host
// is the host that chooses the partner (Fastify's request.hostname takes it
// only from a sender TRUST_PROXY covers).
// A page or read also differs by whether a session comes with the request: its
// anonymous copy says so (Vary: Cookie, Authorization), or a cache that stores
// it would hand it to a logged-in client too (test/deploy/instances.e2e.test.ts).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants.ts';
import type { Config } from '../config.ts';

export const ASSET_CACHE = 'public, max-age=31536000, immutable';

type CacheConfig = Pick<Config, 'PAGE_MAX_AGE_S' | 'TRUST_PROXY'>;

/** The headers that name the host an answer is for. */
function hostHeaders(config: Pick<Config, 'TRUST_PROXY'>): string {
  return config.TRUST_PROXY.trim() ? 'Host, X-Forwarded-Host' : 'Host';
}

/** What a page or read differs by: the host, and the session (cookie or Bearer token) if any. */
function sessionVary(config: Pick<Config, 'TRUST_PROXY'>): string {
  return `${hostHeaders(config)}, Cookie, Authorization, Accept-Encoding`;
}

/** Shareable for PAGE_MAX_AGE_S; varies on the host, and on the session when `bySession` (a page or read). */
export function publicCache(reply: FastifyReply, config: CacheConfig, bySession = false): void {
  const ttl = config.PAGE_MAX_AGE_S;
  reply.header('cache-control', `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 5}`);
  reply.header('vary', bySession ? sessionVary(config) : `${hostHeaders(config)}, Accept-Encoding`);
}

export function privateNoStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
  reply.header('vary', sessionVary(reply.server.config));
}

export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** A request that carries credentials gets an answer that is its own. */
export function isPersonal(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization) || Boolean(request.cookies?.[SESSION_COOKIE]);
}

/** Cache headers for a page or read: public when anonymous and successful, never stored otherwise. */
export function pageCache(request: FastifyRequest, reply: FastifyReply, config: CacheConfig, status: number): void {
  if (isPersonal(request)) privateNoStore(reply);
  else if (status === 200) publicCache(reply, config, true);
  else noStore(reply);
}
