// The request id: the load balancer's (REQUEST_ID_HEADER, default X-Request-Id)
// when it is sane, else a new UUID. Fastify puts it on every log line of the
// request (reqId) and the answer carries it back in the same header, so a line
// in the logs, a load balancer's log and a client's report can be matched.
//
// Sane: 1 to 128 characters from a set that covers UUIDs, HAProxy's unique-id
// and cloud trace ids, with no space, quote or control character, so that a
// client cannot forge log lines or bloat them. Anything else is replaced, not
// refused: the request itself is fine.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

const SANE_ID = /^[A-Za-z0-9._:;=+/@-]{1,128}$/;

/** Fastify's genReqId for this header (a lower-case name). */
export function requestIdFrom(header: string): (request: IncomingMessage) => string {
  return (request) => {
    const given = request.headers[header];
    return typeof given === 'string' && SANE_ID.test(given) ? given : randomUUID();
  };
}

export function echoRequestId(app: FastifyInstance, header: string): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header(header, request.id);
  });
}
