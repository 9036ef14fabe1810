// The API's answers as the pages' code receives them: a refusal that says when
// to try again (Retry-After: a rate limit, an import holding the store) is a
// RetryLater with the server's message; another refusal an HttpError with its
// field; no answer at all the network error of SPEC §8.
import t from 'tap';
import { getJson, postJson, underPagePrefix } from '../../../src/client/lib/api.ts';
import { HttpError, RetryLater } from '../../../src/shared/errors.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

function answering(status: number, body: unknown, headers: Record<string, string> = {}): typeof fetch {
  return async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

t.test('the answers of the API, as the forms get them', async (t) => {
  const real = globalThis.fetch;
  t.teardown(() => void (globalThis.fetch = real));

  globalThis.fetch = answering(503, { statusCode: 503, message: msg('errors.storeBusy') }, { 'retry-after': '30' });
  const busy = await postJson('/api/leads', {}).catch((e: unknown) => e);
  t.ok(busy instanceof RetryLater, 'a refusal with Retry-After is one to retry');
  t.match(busy, { statusCode: 503, message: msg('errors.storeBusy'), retryAfterS: 30 });

  globalThis.fetch = answering(400, { statusCode: 400, message: 'email: is required', field: 'email', fieldMessage: 'is required' });
  const bad = await postJson('/api/leads', {}).catch((e: unknown) => e);
  t.ok(bad instanceof HttpError && !(bad instanceof RetryLater), 'a bad field is not');
  t.match(bad, { statusCode: 400, field: 'email', fieldMessage: 'is required' });

  globalThis.fetch = async () => {
    throw new TypeError('fetch failed');
  };
  const offline = await getJson('/api/content').catch((e: unknown) => e);
  t.ok(offline instanceof HttpError && !(offline instanceof RetryLater));
  t.match(offline, { statusCode: 503, message: msg('messages.networkError') });
});

t.test("a post goes under the page's own language prefix: none from a page in its host's root language", async (t) => {
  t.equal(underPagePrefix('/api/leads', '/de/contact', 'de'), '/de/api/leads');
  t.equal(underPagePrefix('/api/leads', '/de', 'de'), '/de/api/leads');
  t.equal(underPagePrefix('/api/leads', '/contact', 'en'), '/api/leads', 'English on the main site');
  t.equal(underPagePrefix('/api/leads', '/contact', 'nl'), '/api/leads', "Dutch at the root of a partner's Dutch domain");
  t.equal(underPagePrefix('/api/leads', '/en/contact', 'en'), '/en/api/leads', 'English under /en there');
  t.equal(underPagePrefix('/api/leads', '/denia-homes/contact', 'de'), '/api/leads', 'a path that only starts like a code');
});
