// Security headers (DESIGN §7): a CSP with a fresh nonce per request (handed to
// React for its inline bootstrap script and to the page's <style>), HSTS,
// frame-ancestors, nosniff and a strict referrer policy.
//
// Written here rather than by @fastify/helmet: with per-request nonces, that
// plugin built a whole helmet middleware (its options parsed and checked
// again) on every request, about 2.5 % of a search page's CPU. The headers are
// the ones helmet 8 sends with the options this file gave it; only the CSP
// changes per request, and only by its two nonces.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

declare module 'fastify' {
  interface FastifyReply {
    /** This response's CSP nonces: for React's inline scripts and for the page's <style>. */
    cspNonce: { script: string; style: string };
  }
}

function originOf(template: string): string | null {
  try {
    const url = new URL(template.replace(/\{[a-z]\}/g, 'a'));
    return `${url.protocol}//${url.host.replace(/^a\./, '*.')}`;
  } catch {
    return null;
  }
}

/** The CSP with `script` and `style` standing for the nonces, as helmet writes one: `name value…` joined by `;`. */
function contentSecurityPolicy(config: Config, nonces: { script: string; style: string }): string {
  const tiles = originOf(config.MAP_TILE_URL);
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", `'nonce-${nonces.script}'`]],
    ['style-src', ["'self'", `'nonce-${nonces.style}'`]],
    ['img-src', ["'self'", 'data:', ...(tiles ? [tiles] : [])]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'"]],
    ['frame-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ...(config.SITE_URL.startsWith('https:') ? [['upgrade-insecure-requests', []] as [string, string[]]] : []),
  ];
  return directives.map(([name, values]) => [name, ...values].join(' ')).join(';');
}

/** Every header but the CSP: the same on every response. */
const FIXED_HEADERS: [string, string][] = [
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Cross-Origin-Resource-Policy', 'same-site'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'SAMEORIGIN'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
];

/** Random bytes read from the system 128 requests' worth at a time (as Node's randomUUID does), 32 per request. */
const NONCE_BYTES = 32;
let pool = Buffer.alloc(0);
let used = 0;
function nonceHex(): string {
  if (used === pool.length) {
    pool = randomBytes(NONCE_BYTES * 128);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString('hex', used - NONCE_BYTES, used);
}

export async function securityHeaders(app: FastifyInstance, config: Config): Promise<void> {
  // The policy split where the nonces go, once: each request joins five strings.
  const [beforeScript, betweenNonces, afterStyle] = contentSecurityPolicy(config, { script: '\u0000', style: '\u0000' }).split(
    '\u0000',
  ) as [string, string, string];
  app.decorateReply('cspNonce', null as never);
  app.addHook('onRequest', (_request, reply, done) => {
    // Both nonces from one slice of the pool (16 bytes each, hex, as before).
    const random = nonceHex();
    const script = random.slice(0, 32);
    const style = random.slice(32);
    reply.cspNonce = { script, style };
    // On the raw response, as helmet did: they go out whatever sends the reply.
    const raw = reply.raw;
    raw.setHeader('Content-Security-Policy', beforeScript + script + betweenNonces + style + afterStyle);
    for (const [name, value] of FIXED_HEADERS) raw.setHeader(name, value);
    done();
  });
}
