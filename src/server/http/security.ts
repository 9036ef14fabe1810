// Security headers (DESIGN §7): a CSP with a fresh nonce per request (handed to
// React for its inline bootstrap script and to the page's <style>), HSTS,
// frame-ancestors, nosniff and a strict referrer policy.
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config.ts';

function originOf(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return null;
  }
}

export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  const tiles = originOf(config.MAP_TILE_URL);
  const https = config.SITE_URL.startsWith('https:');
  await app.register(helmet, {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', ...(tiles ? [tiles] : [])],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'frame-src': ["'self'"],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
}
