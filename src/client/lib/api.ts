// The client side of the API: a fetcher for SWR (GET by key) and a JSON POST.
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';

async function parse(response: Response): Promise<unknown> {
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new HttpError(response.status, typeof message === 'string' ? message : response.statusText);
  }
  return body;
}

function network(error: unknown): never {
  if (error instanceof HttpError) throw error;
  throw new HttpError(503, t('messages.networkError'));
}

export function getJson<T = unknown>(key: string): Promise<T> {
  return fetch(key, { headers: { accept: 'application/json' }, credentials: 'same-origin' })
    .then(parse, network) as Promise<T>;
}

export function postJson<T = unknown>(url: string, body: unknown): Promise<T> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  }).then(parse, network) as Promise<T>;
}
