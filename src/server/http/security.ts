// Security headers (DESIGN §7) by @fastify/helmet: a CSP with two fresh nonces
// per request (reply.cspNonce, handed to React for its inline bootstrap script
// and to the page's <style>), HSTS, frame-ancestors, nosniff and a strict
// referrer policy, on every answer.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { EMBED_ORIGINS } from '../../shared/embeds.ts';

function originOf(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return null;
  }
}

/** The policy's directives in the order they are written; helmet adds each request's nonces to script-src and style-src. */
function directives(config: Config): Record<string, string[]> {
  const tiles = originOf(config.MAP_TILE_URL);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'style-src': ["'self'"],
    'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'"],
    'connect-src': ["'self'"],
    // The videos' and tours' players, and nothing else (src/shared/embeds.ts).
    'frame-src': ["'self'", ...EMBED_ORIGINS],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'self'"],
    ...(config.SITE_URL.startsWith('https:') ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: { useDefaults: false, directives: directives(config) },
    crossOriginResourcePolicy: { policy: 'same-site' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}
