// What the request log may not show (issue 5): session tokens and reset
// tokens. Fastify logs each request's method and URL, not its headers or
// body; still, the Authorization and Cookie headers and Set-Cookie are
// redacted should anything log them, and the token in a reset link's path
// (/…/client-reset-password/<token>) is masked in the logged URL.
import type { FastifyRequest } from 'fastify';

const RESET_PATH = /(\/client-reset-password\/|\/saved-searches\/(?:confirm|manage|unsubscribe)\/|[?&]token=)[^/?#&]+/gi;

export function redactUrl(url: string): string {
  return url.replace(RESET_PATH, '$1[redacted]');
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.host,
        remoteAddress: request.ip,
        remotePort: request.socket?.remotePort,
      }),
    },
  };
}
