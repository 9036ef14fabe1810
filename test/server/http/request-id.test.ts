// The request id: the load balancer's X-Request-Id (or the configured header)
// when sane, else a generated UUID; echoed in the answer and on every log line
// of the request.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { logCollector } from '../../helpers/logs.ts';
import type { TapTest } from '../../helpers/db.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function loggedApp(t: TapTest, env: Record<string, string> = {}) {
  const logs = logCollector();
  const app = await testApp(t, { logger: true, logStream: logs.stream, env: { LOG_LEVEL: 'info', ...env } });
  return { app, logs };
}

t.test('a sane X-Request-Id is kept, echoed and on every log line of the request', async (t) => {
  const { app, logs } = await loggedApp(t);
  const res = await app.inject({
    url: '/api/partner/get-data',
    method: 'POST',
    payload: { partner: 'costa-casas' },
    headers: { 'x-request-id': 'lb-7f3a:42' },
  });
  t.equal(res.statusCode, 200);
  t.equal(res.headers['x-request-id'], 'lb-7f3a:42');
  const mine = logs.lines.filter((l) => l.reqId === 'lb-7f3a:42');
  t.ok(
    mine.some((l) => l.msg === 'incoming request'),
    'the incoming line',
  );
  t.ok(
    mine.some((l) => l.msg === 'request completed'),
    'the completed line',
  );
  t.ok(
    logs.lines.filter((l) => 'req' in l || 'res' in l).every((l) => l.reqId === 'lb-7f3a:42'),
    'no request line without it',
  );
});

t.test('without one, an id is generated, echoed and logged; each request gets its own', async (t) => {
  const { app, logs } = await loggedApp(t);
  const first = await app.inject('/healthz');
  const second = await app.inject('/nothing/such/page');
  const a = String(first.headers['x-request-id']);
  const b = String(second.headers['x-request-id']);
  t.match(a, UUID);
  t.match(b, UUID);
  t.not(a, b);
  t.ok(logs.lines.some((l) => l.reqId === a && l.msg === 'request completed'));
  t.equal(second.statusCode, 404, 'error answers carry it too');
});

t.test('an id that is too long or has other characters is replaced, not trusted', async (t) => {
  const { app, logs } = await loggedApp(t);
  for (const bad of ['x'.repeat(129), 'two words', 'quote"d', 'caf\u00e9', '']) {
    const res = await app.inject({ url: '/healthz', headers: { 'x-request-id': bad } });
    t.equal(res.statusCode, 200);
    t.match(String(res.headers['x-request-id']), UUID, JSON.stringify(bad.slice(0, 20)));
  }
  t.notOk(logs.lines.some((l) => String(l.reqId).includes(' ')));
});

t.test('REQUEST_ID_HEADER names another header', async (t) => {
  const { app } = await loggedApp(t, { REQUEST_ID_HEADER: 'X-Correlation-Id' });
  const res = await app.inject({ url: '/healthz', headers: { 'x-correlation-id': 'abc-123', 'x-request-id': 'ignored' } });
  t.equal(res.headers['x-correlation-id'], 'abc-123');
  t.equal(res.headers['x-request-id'], undefined);
});
