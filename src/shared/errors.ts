// An error that carries the HTTP status the error page shows (SPEC §8: statusCode,
// status or a response's status, default 500).
import { t } from './i18n.ts';

/** What an error about one field says: its path (e.g. "email", "unit.price") and what is wrong with it, alone. */
export interface FieldProblem {
  field: string;
  /** The text a form shows under the field, e.g. 'Check your credentials'. */
  fieldMessage: string;
}

export class HttpError extends Error {
  readonly field?: string;
  readonly fieldMessage?: string;
  /** Sent as Retry-After: when the same request may succeed. */
  readonly retryAfterS?: number;
  constructor(
    readonly statusCode: number,
    message: string,
    about?: FieldProblem,
  ) {
    super(message);
    this.name = 'HttpError';
    if (about) ({ field: this.field, fieldMessage: this.fieldMessage } = about);
  }
}

/** An error whose request may succeed later: answered with Retry-After (api/errors.ts). */
export class RetryLater extends HttpError {
  constructor(
    statusCode: number,
    message: string,
    override readonly retryAfterS: number,
  ) {
    super(statusCode, message);
  }
}

/** A 400 about one field: its message names the field, for people reading the API. */
export function fieldError(field: string, problem: string): HttpError {
  return new HttpError(400, `${field}: ${problem}`, { field, fieldMessage: problem });
}

export const NOT_FOUND_MESSAGE = t('errors.notFound');
export const PARTNER_NOT_FOUND_MESSAGE = t('errors.partnerNotFound');

export interface ErrorState {
  statusCode: number;
  message: string;
}

export function toErrorState(error: unknown): ErrorState {
  const e = (error ?? {}) as Record<string, unknown>;
  const response = e.response as Record<string, unknown> | undefined;
  const status = [e.statusCode, e.status, response?.status].find((s): s is number => typeof s === 'number' && s >= 400 && s <= 599);
  const message = typeof e.message === 'string' && e.message ? e.message : t('errors.genericTitle');
  return { statusCode: status ?? 500, message };
}

/** Thrown by a guard: the visitor belongs elsewhere (e.g. /login for a page that needs an account). */
export class Redirect extends Error {
  constructor(
    readonly location: string,
    readonly statusCode = 302,
  ) {
    super(`Redirect to ${location}`);
    this.name = 'Redirect';
  }
}
