// One error handler for the whole app: bad input is a 400 that says what is
// wrong, a known HTTP error keeps its status, anything else is logged and is a
// 500 without internals.
import type { FastifyInstance, FastifyError } from 'fastify';
import { StructError } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { bodyErrorMessage } from '../plugins/json-bodies.ts';

export function describeStructError(error: StructError): string {
  const field = error.path.length ? error.path.join('.') : error.key !== undefined ? String(error.key) : 'body';
  const failures = error.failures();
  const first = failures[0] ?? error;
  if (first.value === undefined && first.type !== 'never') return `${field} is required`;
  if (first.type === 'never') return `${field} is not allowed`;
  const expected = first.message.replace(/,? but received:? .*$/s, '').replace(/\ba integer\b/g, 'an integer');
  return `${field}: ${expected}`;
}

export function errorBody(statusCode: number, message: string) {
  const error = statusCode === 400 ? 'Bad Request' : statusCode === 404 ? 'Not Found' : statusCode === 429 ? 'Too Many Requests' : statusCode >= 500 ? 'Internal Server Error' : 'Error';
  return { statusCode, error, message };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | StructError | HttpError, request, reply) => {
    // An error is about this request only: no CDN may keep it.
    reply.header('cache-control', 'no-store');
    if (error instanceof StructError) {
      return reply.code(400).send(errorBody(400, describeStructError(error)));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, bodyErrorMessage(error) ?? error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, t('errors.genericTitle')));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.code(404).send(errorBody(404, NOT_FOUND_MESSAGE));
  });
}
