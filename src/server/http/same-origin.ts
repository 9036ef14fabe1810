// Whether a cookie-carrying POST comes from a page of this site. SameSite=Lax
// lets a page of the same site (another port or subdomain) send the cookie,
// so the forms posted without JavaScript and the body-less logout check where
// the request came from.
import type { FastifyRequest } from 'fastify';

/**
 * A POST comes from a page of this site: the browser's Sec-Fetch-Site, where
 * it sends one, is not same-site or cross-site, and the Origin header's host
 * (or, without one, the Referer's) is the request's host. No header at all:
 * allowed (a client that is not a browser, or a privacy tool that strips
 * them). Default ports are ignored on both sides, so a TLS proxy that passes
 * Host on is no trouble.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'same-site' || site === 'cross-site') return false;
  const source = request.headers.origin ?? request.headers.referer;
  if (source === undefined) return true;
  let host: string;
  try {
    host = new URL(source).host;
  } catch {
    // 'null' (a sandboxed frame, a privacy setting) or garbage.
    return false;
  }
  return withoutDefaultPort(host) === withoutDefaultPort(request.host);
}

const withoutDefaultPort = (host: string) => host.toLowerCase().replace(/:(80|443)$/, '');
