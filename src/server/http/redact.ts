// What the request log may not show: session tokens and the tokens of mailed
// links. Fastify logs each request's method and URL, not its headers or
// body; still, the Authorization and Cookie headers and Set-Cookie are
// redacted should anything log them, and the token in a mailed link's path
// (a reset link, a saved search's confirm, manage and unsubscribe links, the
// favorites alerts' unsubscribe link) or query is masked in the logged URL.
import type { FastifyRequest } from 'fastify';

const TOKEN_IN_URL =
  /(\/client-reset-password\/|\/saved-searches\/(?:confirm|manage|unsubscribe)\/|\/favorite-alerts\/unsubscribe\/|[?&]token=)[^/?#&]+/gi;

export function redactUrl(url: string): string {
  return url.replace(TOKEN_IN_URL, '$1[redacted]');
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
