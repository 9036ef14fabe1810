// The client side of the API: a fetcher for SWR (GET by key) and a JSON POST.
// Once a client has logged in, every call carries its session token as
// `Authorization: Bearer …` (SPEC §7); src/client/lib/auth.tsx sets it.
// A POST goes under the page's language's prefix (`/de/api/…`), as the page's
// own address does: the server writes the mails it causes in that language.
import { HttpError, RetryLater } from '../../shared/errors.ts';
import { currentLanguage, t } from '../../shared/i18n.ts';
import { withPrefix, type Language } from '../../shared/languages.ts';
import { withoutPrefix } from '../../shared/seo.ts';

async function parse(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const { message, field, fieldMessage } = (body ?? {}) as { message?: unknown; field?: unknown; fieldMessage?: unknown };
    const text = typeof message === 'string' ? message : response.statusText;
    // A refusal for now (a rate limit, an import holding the store): it says when to try again.
    const retryAfterS = Number(response.headers.get('retry-after'));
    if (retryAfterS > 0) throw new RetryLater(response.status, text, retryAfterS);
    const about = typeof field === 'string' && typeof fieldMessage === 'string' ? { field, fieldMessage } : undefined;
    throw new HttpError(response.status, text, about);
  }
  return body;
}

let bearer: string | null = null;

/** The session token sent with every call from now on; null: none (the HttpOnly cookie still goes). */
export function setBearerToken(token: string | null): void {
  bearer = token;
}

function headers(extra: Record<string, string>): Record<string, string> {
  return bearer ? { ...extra, authorization: `Bearer ${bearer}` } : extra;
}

function network(error: unknown): never {
  if (error instanceof HttpError) throw error;
  throw new HttpError(503, t('messages.networkError'));
}

export function getJson<T = unknown>(key: string): Promise<T> {
  return fetch(key, { headers: headers({ accept: 'application/json' }), credentials: 'same-origin' }).then(parse, network) as Promise<T>;
}

/**
 * An API path under the page's own language prefix, so the server knows the visitor's language:
 * `/de/api/…` from `/de/…`; none from a page without one, which is in its host's root language
 * (English, or a partner's own on its domain: `/en/api/…` from `/en/…` there).
 */
export function underPagePrefix(url: string, pathname: string, language: Language): string {
  const prefix = `/${language}`;
  return withoutPrefix(pathname, prefix) !== pathname ? withPrefix(prefix, url) : url;
}

export function postJson<T = unknown>(url: string, body: unknown): Promise<T> {
  return fetch(underPagePrefix(url, globalThis.location?.pathname ?? '/', currentLanguage()), {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', accept: 'application/json' }),
    credentials: 'same-origin',
    body: JSON.stringify(body),
  }).then(parse, network) as Promise<T>;
}
