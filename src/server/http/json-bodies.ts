// JSON request bodies, for every route: at most BODY_LIMIT bytes (413, as any body)
// and MAX_JSON_DEPTH levels of arrays and objects (400), checked on the text
// before it is parsed. Deep nesting was a 500 on every POST: parsing copes,
// but a superstruct failure prints the value it refused, and printing
// [[[[…]]]] 5,000 levels deep overflows the stack. The largest body the site
// takes (a lead's 5,000-character message, escaped) is under 32 KB; none
// nests more than three levels.
//
// Parsing stays Fastify's own (secure-json-parse: `__proto__` and
// `constructor.prototype` are refused); an object with a key `toString` or
// `valueOf` is refused too (400), for the same printing: `${value}` of such an
// object throws. bodyErrorMessage() words Fastify's body errors for the API's
// error answer (api/errors.ts).
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../shared/errors.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';

/** Of any body (the app's bodyLimit), JSON or not. */
export const BODY_LIMIT = 64 * 1024;
export const MAX_JSON_DEPTH = 32;

export function installJsonBodies(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (exceedsDepth(body as string, MAX_JSON_DEPTH))
      return done(new HttpError(400, t('errors.body.tooDeep', { max: MAX_JSON_DEPTH })), undefined);
    void parse(request, body as string, (error, value) => {
      const key = error ? undefined : shadowingKey(value);
      done(key ? new HttpError(400, t('errors.body.forbiddenKey', { key })) : error, key ? undefined : value);
    });
  });
}

/** Keys whose value would replace how an object turns into text. */
const SHADOWING = new Set(['toString', 'valueOf']);

/** The first such key of an object anywhere in `value` (a parsed body, already known to be shallow). */
function shadowingKey(value: unknown): string | undefined {
  if (Array.isArray(value)) {
    for (const item of value) {
      const key = shadowingKey(item);
      if (key) return key;
    }
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (SHADOWING.has(key)) return key;
      const inner = shadowingKey(item);
      if (inner) return inner;
    }
  }
  return undefined;
}

/** Whether arrays and objects nest deeper than `max` in `text` (brackets inside strings do not count). */
export function exceedsDepth(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // a backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}

/** Fastify's body errors, by code, as the site words them. */
const BODY_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'errors.body.tooLarge',
  FST_ERR_CTP_INVALID_JSON_BODY: 'errors.body.malformed',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'errors.body.empty',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'errors.body.mediaType',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'errors.body.contentLength',
};

/** The message for a body Fastify refused before any route saw it; undefined for other errors. */
export function bodyErrorMessage(error: { code?: unknown }): string | undefined {
  const key = typeof error.code === 'string' ? BODY_ERRORS[error.code] : undefined;
  return key && t(key, { kb: BODY_LIMIT / 1024 });
}
