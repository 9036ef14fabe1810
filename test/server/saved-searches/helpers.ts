// Shared by the saved-search tests: the app on a store with a small catalogue
// (accounts' helpers), a save, and the token of the link a mail carries.
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { MemoryTransport } from '../leads/helpers.ts';

export const SEARCH = '/search/spain/alicante/torrevieja?cat=1,12&bedrooms=2&priceto=300000';

export function saveBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { email: 'Buyer@Example.com', search: SEARCH, frequency: 'daily', ...extra };
}

export function save(
  app: FastifyInstance,
  body: Record<string, unknown> = saveBody(),
  headers: Record<string, string> = {},
  remoteAddress?: string,
): Promise<LightMyRequestResponse> {
  return app.inject({ method: 'POST', url: '/api/saved-searches', payload: body, headers, ...(remoteAddress ? { remoteAddress } : {}) });
}

/** The text of the n-th mail sent (waits for it). */
export async function mailText(transport: MemoryTransport, n: number): Promise<string> {
  await transport.waitFor(n);
  return String(transport.sent[n - 1]!.message.text);
}

/** The token of a link to /saved-searches/{purpose}/ in a text. */
export function linkToken(text: string, purpose: 'confirm' | 'manage' | 'unsubscribe'): string {
  const m = new RegExp(`/saved-searches/${purpose}/([A-Za-z0-9_-]{43})`).exec(text);
  if (!m) throw new Error(`no ${purpose} link in: ${text}`);
  return m[1]!;
}

/** Follows a confirmation link: the manage token it leads to. */
export async function confirmed(app: FastifyInstance, token: string, host?: string): Promise<string> {
  const res = await app.inject({ url: `/saved-searches/confirm/${token}`, ...(host ? { headers: { host } } : {}) });
  if (res.statusCode !== 303) throw new Error(`confirm: ${res.statusCode} ${res.body}`);
  return linkToken(String(res.headers.location), 'manage');
}
