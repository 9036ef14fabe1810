// Errors a write refuses with, phrased for the person who gave the input: the
// field it is about and what is wrong with it. Never a raw SQL message.
// statusCode lets an API route answer them as they are (400, 404, 409).

import { refine, validate, type Struct } from 'superstruct';

/**
 * SQLite's write lock is held by another connection (an import's transaction): a write whose busy
 * timeout ran out, or is 0, or a read transaction that cannot become a write (SQLITE_BUSY_SNAPSHOT).
 */
export const isStoreBusy = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('SQLITE_BUSY');
};

/** When a write the store was too busy for may be sent again (Retry-After, seconds). */
export const STORE_BUSY_RETRY_S = 30;

export class InputError extends Error {
  readonly statusCode: number = 400;
  constructor(
    /** The input field (the CLI flag without its dashes). */
    readonly field: string,
    /** What is wrong, e.g. 'must be a colour like #13206a (got "red")'. */
    readonly problem: string,
  ) {
    super(`${field} ${problem}`);
    this.name = 'InputError';
  }
}

/** The value is well formed but already taken (a slug or a domain). */
export class ConflictError extends InputError {
  override readonly statusCode: number = 409;
  constructor(field: string, problem: string) {
    super(field, problem);
    this.name = 'ConflictError';
  }
}

/** The thing the input refers to does not exist (e.g. an unknown partner slug). */
export class NotFoundError extends InputError {
  override readonly statusCode: number = 404;
  constructor(field: string, problem: string) {
    super(field, problem);
    this.name = 'NotFoundError';
  }
}

/**
 * The column a unique constraint refused, on either dialect, or null when the
 * error is something else. SQLite: 'UNIQUE constraint failed: partners.domain';
 * PostgreSQL: code 23505 with the constraint's name (partners_domain_key).
 */
export function uniqueViolation(error: unknown): string | null {
  const e = error as { code?: unknown; message?: unknown; constraint?: unknown; detail?: unknown } | null;
  if (!e || typeof e !== 'object') return null;
  if (e.code === '23505') {
    // detail: 'Key (partner_id, slug)=(1, costs) already exists.'
    const columns = /Key \(([^)]+)\)=/.exec(String(e.detail ?? ''))?.[1];
    return columns?.split(', ').at(-1) ?? /_([a-z]+)_key$/.exec(String(e.constraint ?? ''))?.[1] ?? 'value';
  }
  if (typeof e.code === 'string' && e.code.startsWith('SQLITE_CONSTRAINT') && typeof e.message === 'string') {
    const m = /UNIQUE constraint failed: ([\w.]+(?:, [\w.]+)*)/.exec(e.message);
    if (m) return m[1]!.split(', ').at(-1)!.split('.').at(-1)!;
  }
  return null;
}

/**
 * Checks (and coerces) an input against a superstruct object, or throws one
 * InputError for the first bad field. `expect` says what each field must be;
 * a rule made with `rule()` speaks for itself.
 */
export function checkInput<T>(input: unknown, struct: Struct<T, unknown>, expect: Record<string, string>): T {
  const [error, value] = validate(input, struct, { coerce: true });
  if (!error) return value;
  const failure = error.failures()[0] ?? error;
  const field = String(failure.path[0] ?? failure.key ?? 'input');
  if (failure.type === 'never') throw new InputError(field, 'is not a field this accepts');
  // Optional fields coerce '' to null, so an empty value here is a required one.
  if (failure.value === undefined || failure.value === '') throw new InputError(field, 'is required');
  if (failure.refinement && rules.has(failure.refinement)) throw new InputError(field, failure.message);
  throw new InputError(field, `must be ${expect[field] ?? 'valid'} (got ${JSON.stringify(failure.value)})`);
}

const rules = new Set<string>();

/** A refinement whose failure message (the string the check returns) is shown as it is. */
export function rule<T, S>(struct: Struct<T, S>, name: string, check: (value: T) => true | string): Struct<T, S> {
  rules.add(name);
  return refine(struct, name, (value) => check(value));
}
