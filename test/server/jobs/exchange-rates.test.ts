// The exchange rates' pull against a local server standing for the ECB's: a
// good answer is stored with its validators, which the next pull sends back
// (a 304 keeps the rates); a malformed body, an error status, a body too large,
// a server that never answers and one that cannot be reached each fail the
// pull, are recorded with their reason and keep the last good rates, and so
// does a stale answer (rates older than those kept, as a lagging mirror may
// give); rates older than EXCHANGE_RATES_MAX_AGE_DAYS, kept or first pulled so,
// are not offered, and /api/rates answers what is offered: the currencies the
// site converts into, no other. The job runs at start when its options are given.
// On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
import t from 'tap';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { forEachStore, type TapTest } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { ecbDaily } from '../../helpers/ecb-rates.ts';
import { ExchangeRateService } from '../../../src/server/services/exchange-rates/index.ts';
import { pullExchangeRates } from '../../../src/server/jobs/exchange-rates.ts';
import type { RatesAnswer } from '../../../src/shared/exchange-rates.ts';

type Respond = (req: http.IncomingMessage, res: http.ServerResponse) => void;

async function ratesServer(t: TapTest, respond: { current: Respond }): Promise<{ url: string; seen: http.IncomingHttpHeaders[] }> {
  const seen: http.IncomingHttpHeaders[] = [];
  const server = http.createServer((req, res) => {
    seen.push(req.headers);
    respond.current(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => {
    server.closeAllConnections();
    server.close();
  });
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/eurofxref-daily.xml`, seen };
}

const warnings: unknown[] = [];
const log = { info() {}, warn: (obj: unknown) => warnings.push(obj) } as unknown as FastifyBaseLogger;

const today = new Date();
const day = today.toISOString().slice(0, 10);
const daysLater = (n: number) => new Date(today.getTime() + n * 86_400_000);

forEachStore(t, 'pulled, kept through failures, offered while fresh', async (t, store) => {
  const rates = new ExchangeRateService(store.db, 7);
  const respond: { current: Respond } = { current: () => {} };
  const { url, seen } = await ratesServer(t, respond);
  const row = () => store.db.selectFrom('exchange_rates').selectAll().executeTakeFirstOrThrow();

  t.equal(await rates.latest(today), null, 'none before the first pull');

  respond.current = (_req, res) => {
    res.writeHead(200, { 'content-type': 'text/xml', etag: '"v1"', 'last-modified': 'Thu, 26 Nov 2026 15:00:00 GMT' });
    res.end(ecbDaily(day));
  };
  t.equal(await pullExchangeRates(rates, url, today, log), 'updated');
  const stored = await rates.latest(today);
  t.equal(stored?.date, day);
  t.equal(stored?.rates.GBP, 0.8521);
  t.match(await row(), { etag: '"v1"', last_modified: 'Thu, 26 Nov 2026 15:00:00 GMT', error: null });

  respond.current = (req, res) => {
    res.writeHead(req.headers['if-none-match'] === '"v1"' ? 304 : 500);
    res.end();
  };
  t.equal(await pullExchangeRates(rates, url, daysLater(1), log), 'unchanged', 'its validators sent back: not modified');
  t.match(seen.at(-1), { 'if-none-match': '"v1"', 'if-modified-since': 'Thu, 26 Nov 2026 15:00:00 GMT' });
  t.match(await row(), { pulled_at: daysLater(1).toISOString(), error: null });

  const failures: Array<[string, Respond, RegExp]> = [
    ['a page that is not the rates', (_q, res) => res.end('<html><body>Maintenance</body></html>'), /no day of rates/],
    ['an error status', (_q, res) => res.writeHead(503).end(), /HTTP 503/],
    ['a body too large', (_q, res) => res.end('x'.repeat(300 * 1024)), /more than 262144 bytes/],
    ['no answer', () => {}, /timed out/],
    ['a stale answer', (_q, res) => res.end(ecbDaily(daysLater(-3).toISOString().slice(0, 10))), /older than those kept/],
  ];
  for (const [why, answer, reason] of failures) {
    respond.current = answer;
    warnings.length = 0;
    t.equal(await pullExchangeRates(rates, url, daysLater(2), log, 300), 'failed', why);
    t.match((await row()).error, reason, `${why}: its reason recorded`);
    t.equal(warnings.length, 1, `${why}: logged`);
    t.equal((await rates.latest(daysLater(2)))?.rates.GBP, 0.8521, `${why}: the last good rates kept`);
  }

  const closed = url.replace(/:\d+\//, ':1/');
  t.equal(await pullExchangeRates(rates, closed, daysLater(2), log), 'failed', 'a server that cannot be reached');
  t.equal((await rates.latest(daysLater(2)))?.rates.GBP, 0.8521, 'kept');

  t.ok(await rates.latest(daysLater(7)), 'still offered on the seventh day after their date');
  t.equal(await rates.latest(daysLater(8)), null, 'too old on the eighth: not offered');

  const app = await testApp(t, { store });
  const res = await app.inject('/api/rates');
  t.equal(res.statusCode, 200);
  t.match(res.headers['cache-control'], /public/, 'the same answer for everyone');
  t.same((res.json() as RatesAnswer).data, { date: day, rates: { USD: 1.0842, JPY: 163.42, GBP: 0.8521, SEK: 11.4375, NOK: 11.725 } });
});

forEachStore(t, 'rates the source answers already too old are kept but not offered', async (t, store) => {
  const rates = new ExchangeRateService(store.db, 7);
  const old = daysLater(-10).toISOString().slice(0, 10);
  const { url } = await ratesServer(t, { current: (_req, res) => res.end(ecbDaily(old)) });
  t.equal(await pullExchangeRates(rates, url, today, log), 'updated', 'good rates, of their day');
  t.match(await store.db.selectFrom('exchange_rates').selectAll().executeTakeFirstOrThrow(), { date: old, error: null });
  t.equal(await rates.latest(today), null, 'too old to show');
  const app = await testApp(t, { store });
  t.same(((await app.inject('/api/rates')).json() as RatesAnswer).data, null, 'no conversion');
});

forEachStore(t, '/api/rates names only the currencies offered for conversion', async (t, store) => {
  const rates = new ExchangeRateService(store.db, 7);
  const withOthers = ecbDaily(day).replace("<Cube currency='USD'", "<Cube currency='INR' rate='90.12'/><Cube currency='USD'");
  const { url } = await ratesServer(t, { current: (_req, res) => res.end(withOthers) });
  t.equal(await pullExchangeRates(rates, url, today, log), 'updated');
  t.equal((await rates.latest(today))?.rates.INR, 90.12, 'kept as published');
  const app = await testApp(t, { store });
  const data = ((await app.inject('/api/rates')).json() as RatesAnswer).data;
  t.same(Object.keys(data?.rates ?? {}).sort(), ['GBP', 'JPY', 'NOK', 'SEK', 'USD'], 'no rupee: the site converts into none');
});

forEachStore(t, 'the job pulls at start; an empty URL pulls nothing', async (t, store) => {
  const respond: { current: Respond } = { current: (_req, res) => res.end(ecbDaily(day)) };
  const { url, seen } = await ratesServer(t, respond);
  const app = await testApp(t, { store, env: { EXCHANGE_RATES_URL: url }, exchangeRates: { everyMs: 60_000 } });
  await app.ready();
  for (let i = 0; i < 100 && !(await app.services.exchangeRates.latest(today)); i++) await new Promise((r) => setTimeout(r, 20));
  t.equal((await app.services.exchangeRates.latest(today))?.date, day, 'pulled at start');
  t.equal(seen.length, 1);

  const quiet = await testApp(t, { env: { EXCHANGE_RATES_URL: '' }, exchangeRates: { everyMs: 60_000 } });
  await quiet.ready();
  t.same(((await quiet.inject('/api/rates')).json() as RatesAnswer).data, null, 'no rates, no conversion');
});
