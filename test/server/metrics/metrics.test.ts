// Prometheus metrics on METRICS_PORT, never on the public port: after a few
// requests the named series are there, labelled by route, not by raw URL.
import t from 'tap';
import { startServer } from '../../helpers/app.ts';
import { forEachTarget } from '../../helpers/db.ts';
import { contactBody } from '../leads/helpers.ts';
import type { MailTransport } from '../../../src/server/mail/transport.ts';

const failingMail: MailTransport = {
  description: 'test:failing',
  send: async () => {
    throw new Error('mail server down');
  },
  close() {},
};

/** The sample lines of one series (name{labels} value), without HELP/TYPE. */
function samples(text: string, name: string): string[] {
  return text.split('\n').filter((line) => line.startsWith(`${name}{`) || line.startsWith(`${name} `));
}

forEachTarget(
  t,
  "the metrics listener serves the site's series after requests",
  async (t, target) => {
    const { app, url } = await startServer(t, {
      mailTransport: failingMail,
      env: { ...target.env, METRICS_PORT: '0', LEAD_RATE_LIMIT: '1', FEEDS: 'unreachable=http://127.0.0.1:9/feed.xml' },
    });
    t.ok(app.metrics.listener, 'listening');
    const metricsUrl = `http://127.0.0.1:${app.metrics.listener!.address().port}`;
    t.not(new URL(metricsUrl).port, new URL(url).port, 'a port of its own');

    t.equal((await fetch(`${url}/franchise`)).status, 200);
    t.equal((await fetch(`${url}/api/property?id=999999`)).status, 404);
    t.equal((await fetch(`${url}/api/content-list`)).status, 200);
    t.equal((await fetch(`${url}/nothing/such/page/${Date.now()}`)).status, 404);
    const lead = () =>
      fetch(`${url}/api/leads`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(contactBody()) });
    t.equal((await lead()).status, 201);
    t.equal((await lead()).status, 429, 'over the lead limit');
    await app.feedPulls.idle();

    const res = await fetch(`${metricsUrl}/metrics`);
    t.equal(res.status, 200);
    t.match(res.headers.get('content-type'), /^text\/plain/);
    const text = await res.text();

    const requests = samples(text, 'http_request_duration_seconds_count');
    t.ok(
      requests.some((l) => l.includes('route="main:franchise"') && l.includes('status_code="200"')),
      'a page by its route name',
    );
    t.ok(
      requests.some((l) => l.includes('route="/api/property"') && l.includes('status_code="404"')),
      'an API read by its pattern, whatever the query',
    );
    t.ok(
      requests.some((l) => l.includes('route="not found"')),
      'an unknown page under one label',
    );
    t.notOk(
      requests.some((l) => /route="[^"]*(no\/such|999999)/.test(l)),
      'no raw URL as a label',
    );
    t.ok(
      samples(text, 'ssr_render_duration_seconds_count').some(
        (l) => l.includes('route="main:franchise"') && l.includes('outcome="complete"'),
      ),
      'SSR render time',
    );
    t.ok(
      samples(text, 'store_query_duration_seconds_count').some((l) => l.includes('operation="select"') && l.includes('outcome="ok"')),
      'store query time',
    );
    t.ok(
      samples(text, 'store_query_duration_seconds_count').some((l) => l.includes('operation="insert"')),
      "the lead's insert",
    );
    t.match(samples(text, 'mail_outbox_backlog'), [/^mail_outbox_backlog [1-9]/], 'the unsent lead mail');
    t.match(samples(text, 'mail_outbox_oldest_age_seconds'), [/^mail_outbox_oldest_age_seconds \d/]);
    t.ok(
      samples(text, 'rate_limit_rejections_total').some((l) => l.includes('route="/api/leads"') && / 1$/.test(l)),
      'the 429',
    );
    t.ok(
      samples(text, 'feed_pulls_total').some((l) => l.includes('source="unreachable"') && l.includes('result="failed"')),
      'the failed pull',
    );
    t.ok(samples(text, 'nodejs_eventloop_lag_seconds').length, 'event-loop delay');
    t.ok(samples(text, 'nodejs_eventloop_lag_p99_seconds').length);

    t.equal((await fetch(`${metricsUrl}/`)).status, 404, 'the listener answers /metrics only');
  },
  { template: 'demo' },
);

t.test('/metrics is not on the public port, and no listener without METRICS_PORT', async (t) => {
  for (const env of [{ METRICS_PORT: '0' }, {}] as Array<Record<string, string>>) {
    const { app, url } = await startServer(t, { env });
    const res = await fetch(`${url}/metrics`);
    t.equal(res.status, 404, `public /metrics with ${JSON.stringify(env)}`);
    t.notMatch(await res.text(), 'http_request_duration_seconds');
    t.equal(app.metrics.listener === null, env.METRICS_PORT === undefined);
  }
});
