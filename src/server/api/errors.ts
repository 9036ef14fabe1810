// One error handler for the whole app: bad input is a 400 that says what is
// wrong, a known HTTP error keeps its status, anything else is logged and is a
// 500 without internals. A bad field is named twice: in `message` for people,
// and as `field` (its path, e.g. "email" or "unit.price") for code, so the
// client marks the field without reading the message.
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyError } from 'fastify';
import { StructError } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { InputError } from '../store/errors.ts';

/** The path of the field a struct failure is about ("unit.price"), or 'body' for the body as a whole. */
export function structErrorField(error: StructError): string {
  return error.path.length ? error.path.join('.') : error.key !== undefined ? String(error.key) : 'body';
}

export function describeStructError(error: StructError): string {
  const field = structErrorField(error);
  const failures = error.failures();
  const first = failures[0] ?? error;
  if (first.value === undefined && first.type !== 'never') return `${field} is required`;
  if (first.type === 'never') return `${field} is not allowed`;
  const expected = first.message.replace(/,? but received:? .*$/s, '').replace(/\ba integer\b/g, 'an integer');
  return `${field}: ${expected}`;
}

export interface ErrorBody {
  statusCode: number;
  /** The status's reason phrase (node:http's STATUS_CODES). */
  error: string;
  message: string;
  /** The field the error is about, when it is about one. */
  field?: string;
}

export function errorBody(statusCode: number, message: string, field?: string): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  return field === undefined ? { statusCode, error, message } : { statusCode, error, message, field };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | StructError | HttpError | InputError, request, reply) => {
    // An error is about this request only: no CDN may keep it.
    reply.header('cache-control', 'no-store');
    if (error instanceof StructError) {
      const field = structErrorField(error);
      return reply.code(400).send(errorBody(400, describeStructError(error), field === 'body' ? undefined : field));
    }
    if (error instanceof HttpError || error instanceof InputError) {
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error.field));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, error.message));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, t('errors.genericTitle')));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.code(404).send(errorBody(404, NOT_FOUND_MESSAGE));
  });
}
