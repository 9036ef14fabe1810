// An error that carries the HTTP status the error page shows (SPEC §8: statusCode,
// status or a response's status, default 500).
import { t } from './i18n.ts';

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The field of a form or body the error is about (the API's `field`, e.g. "email"). */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'HttpError';
  }
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
  const status = [e.statusCode, e.status, response?.status].find(
    (s): s is number => typeof s === 'number' && s >= 400 && s <= 599,
  );
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
