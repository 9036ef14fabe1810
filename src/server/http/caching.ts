// Cache headers for a CDN in front (DESIGN §8). Anonymous pages and reads may be
// cached briefly at the edge; anything personal is never stored. Every answer
// can differ by host (a partner's own domain), so Host is always in Vary.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../shared/constants.ts';
import type { Config } from '../config.ts';

export const ASSET_CACHE = 'public, max-age=31536000, immutable';

export function publicCache(reply: FastifyReply, config: Pick<Config, 'PAGE_MAX_AGE_S'>): void {
  const ttl = config.PAGE_MAX_AGE_S;
  reply.header('cache-control', `public, max-age=0, s-maxage=${ttl}, stale-while-revalidate=${ttl * 5}`);
  reply.header('vary', 'Host, Accept-Encoding');
}

export function privateNoStore(reply: FastifyReply): void {
  reply.header('cache-control', 'private, no-store');
  reply.header('vary', 'Host, Cookie, Authorization, Accept-Encoding');
}

export function noStore(reply: FastifyReply): void {
  reply.header('cache-control', 'no-store');
}

/** A request that carries credentials gets an answer that is its own. */
export function isPersonal(request: FastifyRequest): boolean {
  return Boolean(request.headers.authorization) || Boolean(request.cookies?.[SESSION_COOKIE]);
}

/** Cache headers for a page or read: public when anonymous and successful, never stored otherwise. */
export function pageCache(request: FastifyRequest, reply: FastifyReply, config: Pick<Config, 'PAGE_MAX_AGE_S'>, status: number): void {
  if (isPersonal(request)) privateNoStore(reply);
  else if (status === 200) publicCache(reply, config);
  else noStore(reply);
}
