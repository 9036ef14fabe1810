// One error handler for the whole app: bad input is a 400 that says what is
// wrong, a known HTTP error keeps its status, a write SQLite's lock refused (an
// import holds it) is a 503 to retry, anything else is logged and is a 500
// without internals. A bad field is named twice: in `message` for people,
// and as `field` (its path, e.g. "email" or "unit.price") for code, so the
// client marks the field without reading the message.
import { STATUS_CODES } from 'node:http';
import type { FastifyInstance, FastifyError } from 'fastify';
import { StructError } from 'superstruct';
import { HttpError, NOT_FOUND_MESSAGE, type FieldProblem } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';
import { bodyErrorMessage } from '../http/json-bodies.ts';
import { InputError, isStoreBusy, STORE_BUSY_RETRY_S } from '../store/errors.ts';

/** The path of the field a struct failure is about ("unit.price"), or 'body' for the body as a whole. */
function structErrorField(error: StructError): string {
  return error.path.length ? error.path.join('.') : error.key !== undefined ? String(error.key) : 'body';
}

/** A struct failure as people read it ("email is required", "page: Expected a number") and as code does. */
function structProblem(error: StructError): { message: string; field: string; fieldMessage: string } {
  const field = structErrorField(error);
  const failures = error.failures();
  const first = failures[0] ?? error;
  if (first.value === undefined && first.type !== 'never')
    return { message: `${field} ${t('errors.field.required')}`, field, fieldMessage: t('forms.errors.required') };
  if (first.type === 'never')
    return { message: `${field} ${t('errors.field.notAllowed')}`, field, fieldMessage: t('errors.field.notAllowed') };
  // superstruct's own wording describes the value; a refinement's message is already a sentence for people.
  const expected = first.message.replace(/,? but received:? .*$/s, '').replace(/\ba integer\b/g, 'an integer');
  return { message: `${field}: ${expected}`, field, fieldMessage: expected };
}

export interface ErrorBody extends Partial<FieldProblem> {
  statusCode: number;
  /** The status's reason phrase (node:http's STATUS_CODES). */
  error: string;
  message: string;
}

export function errorBody(statusCode: number, message: string, about?: Partial<FieldProblem>): ErrorBody {
  const error = STATUS_CODES[statusCode] ?? 'Error';
  if (!about?.field) return { statusCode, error, message };
  return { statusCode, error, message, field: about.field, ...(about.fieldMessage ? { fieldMessage: about.fieldMessage } : {}) };
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | StructError | HttpError | InputError, request, reply) => {
    // An error is about this request only: no CDN may keep it.
    reply.header('cache-control', 'no-store');
    if (error instanceof StructError) {
      const { message, ...about } = structProblem(error);
      return reply.code(400).send(errorBody(400, message, about.field === 'body' ? undefined : about));
    }
    if (error instanceof HttpError) {
      // A refusal because something failed underneath (a store that cannot count, say) says what failed.
      if (error.statusCode >= 500 && error.cause !== undefined)
        request.log.error({ err: error.cause, refusal: error.name }, 'request refused');
      if (error.retryAfterS) reply.header('retry-after', String(error.retryAfterS));
      return reply.code(error.statusCode).send(errorBody(error.statusCode, error.message, error));
    }
    if (error instanceof InputError) {
      return reply.code(400).send(errorBody(400, error.message, { field: error.field, fieldMessage: error.problem }));
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.code(status).send(errorBody(status, bodyErrorMessage(error) ?? error.message));
    }
    // SQLite's one writer is an import: the write may succeed once it has committed.
    if (isStoreBusy(error)) {
      request.log.warn({ err: error }, 'request refused: the store is busy');
      reply.header('retry-after', String(STORE_BUSY_RETRY_S));
      return reply.code(503).send(errorBody(503, t('errors.storeBusy')));
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send(errorBody(500, t('errors.genericTitle')));
  });
  app.setNotFoundHandler((request, reply) => {
    reply.header('cache-control', 'no-store');
    reply.code(404).send(errorBody(404, NOT_FOUND_MESSAGE));
  });
}
