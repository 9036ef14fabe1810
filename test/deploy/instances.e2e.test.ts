// Several instances, tested (issue 11): two real server processes on one
// PostgreSQL database behind HAProxy, with Varnish in front as the CDN, both
// run from the reference setups in deploy/. Needs TEST_DATABASE_URL (CI sets
// it); without HAProxy or Varnish it fails, saying how to install them.
import t from 'tap';
import { httpRequest, type HttpAnswer, type HttpAsk } from '../helpers/http.ts';
import { stateOf } from '../helpers/html.ts';
import { waitFor } from '../helpers/processes.ts';
import { contactBody } from '../server/leads/helpers.ts';
import { bearer, registerBody, withCookie, PASSWORD } from '../server/accounts/helpers.ts';
import { FEED_REFRESH_MS, FEED_SOURCE, findTools, LEAD_RATE_LIMIT, LIMIT_MS, startStack } from './stack.ts';

t.setTimeout(900_000);

const tools = findTools();
if (!process.env.TEST_DATABASE_URL) {
  t.plan(0, 'needs TEST_DATABASE_URL: several instances share one PostgreSQL database');
} else if ('missing' in tools) {
  t.fail(tools.missing);
} else {
  t.test('two instances on one PostgreSQL, behind HAProxy and Varnish', async (t) => {
    const stack = await startStack(t, tools);
    const [app1, app2] = stack.apps;
    const via = (port: number) => (ask: HttpAsk) => httpRequest(port, ask);
    const one = via(app1.port);
    const two = via(app2.port);
    const balancer = via(stack.haproxy.port);
    const cdn = via(stack.varnish.port);
    /** The first project of the search page, through the CDN. */
    const firstProject = async () => {
      const id = /data-project="(\d+)"/.exec((await cdn(page('/search'))).body)?.[1];
      if (!id) throw new Error('no project on the search page');
      return Number(id);
    };
    /** Leads stored (201) during the test: each must get exactly one mail. */
    const leadIds: number[] = [];

    await t.test('sessions and logout work across instances', async (t) => {
      const email = 'across@example.com';
      const registered = await one({ method: 'POST', path: '/api/client-register', json: registerBody(email) });
      t.equal(registered.status, 201, 'registered on instance 1');
      const token = JSON.parse(registered.body).meta.token as string;

      t.equal(
        clientEmail(await two({ path: '/api/client', headers: bearer(token) })),
        email,
        "instance 2 knows instance 1's session (Bearer)",
      );
      t.equal(
        stateOf((await two({ path: '/', headers: withCookie(token) })).body).client?.email,
        email,
        "instance 2's pages know it (cookie)",
      );

      const login = await two({ method: 'POST', path: '/api/client-login', json: { email, password: PASSWORD } });
      t.equal(login.status, 200, 'logged in on instance 2');
      const other = JSON.parse(login.body).meta.token as string;
      t.equal(clientEmail(await one({ path: '/api/client', headers: bearer(other) })), email, "instance 1 knows instance 2's session");
      for (let i = 0; i < 4; i++)
        t.equal(clientEmail(await balancer({ path: '/api/client', headers: bearer(other) })), email, `through HAProxy, request ${i + 1}`);

      t.equal((await one({ method: 'POST', path: '/api/client-logout', headers: bearer(token) })).status, 200, 'logged out on instance 1');
      t.equal((await two({ path: '/api/client', headers: bearer(token) })).status, 401, 'the session is over on instance 2');
      t.equal(stateOf((await two({ path: '/', headers: withCookie(token) })).body).client, null, "instance 2's pages no longer know it");
      t.equal(clientEmail(await two({ path: '/api/client', headers: bearer(other) })), email, 'the other session goes on');
    });

    // From four addresses: one address gets LEAD_RATE_LIMIT leads, counted across the instances (below).
    await t.test('leads through HAProxy are stored, whichever instance takes them', async (t) => {
      for (let i = 1; i <= 4; i++) {
        const res = await balancer({
          method: 'POST',
          path: '/api/leads',
          json: contactBody({ name: `Mail once ${i}` }),
          headers: { 'x-forwarded-for': `203.0.113.${10 + i}` },
        });
        t.equal(res.status, 201, `lead ${i}`);
        if (res.status === 201) leadIds.push(JSON.parse(res.body).data.id as number);
      }
    });

    await t.test('the lead limit counts across the instances', async (t) => {
      const statuses: number[] = [];
      for (let i = 0; i < LEAD_RATE_LIMIT * 2; i++) {
        const res = await balancer({
          method: 'POST',
          path: '/api/leads',
          json: contactBody({ name: `Limit ${i}` }),
          headers: { 'x-forwarded-for': '203.0.113.20' },
        });
        statuses.push(res.status);
        if (res.status === 201) leadIds.push(JSON.parse(res.body).data.id as number);
      }
      t.equal(
        statuses.filter((s) => s === 201).length,
        LEAD_RATE_LIMIT,
        `${LEAD_RATE_LIMIT} stored of ${statuses.length} from one address, alternating instances: ${statuses.join(' ')}`,
      );
      t.equal(statuses.filter((s) => s === 429).length, LEAD_RATE_LIMIT, 'the rest refused with 429');
    });

    await t.test('the CDN serves anonymous pages from its cache, per host', async (t) => {
      for (const [host, partner] of HOSTS) {
        const first = await cdn(page('/', host));
        t.equal(first.status, 200, `${host}: 200`);
        t.not(first.headers['x-cache'], 'HIT', `${host}: the first request goes to the site`);
        const second = await cdn(page('/', host));
        t.equal(second.headers['x-cache'], 'HIT', `${host}: the second comes from the cache`);
        t.ok(Number(second.headers.age) >= 0, `${host}: with an Age`);
        t.equal(hostPartner(second), partner, `${host}: its own page`);
      }
      const property = `/for-sale/${await firstProject()}`;
      t.not((await cdn(page(property))).headers['x-cache'], 'HIT', `${property}: the first request goes to the site`);
      const again = await cdn(page(property));
      t.equal(again.headers['x-cache'], 'HIT', `${property}: a property page too comes from the cache`);
      t.equal(stateOf(again.body).client, null, "nobody's");
      t.equal(filesMessage(again.body), 'register to access all information', 'the files locked, as for any visitor');
    });

    await t.test("no partner's page comes out of the cache on another host", async (t) => {
      for (const [host, partner] of HOSTS)
        t.equal(hostPartner(await cdn(page('/', host))), partner, `${host} after every host's / was cached`);
      // A partner's pages under its slug, cached on the main host, are 404 on another partner's domain.
      t.equal((await cdn(page('/costa-casas', 'localhost'))).status, 200);
      t.equal((await cdn(page('/costa-casas', 'localhost'))).headers['x-cache'], 'HIT');
      const elsewhere = await cdn(page('/costa-casas', 'sol-homes.localhost'));
      t.equal(elsewhere.status, 404, "another partner's slug on sol-homes.localhost");
      // A client's X-Forwarded-Host must not choose a partner for the main host's cache entry.
      const forged = await cdn(page('/?forged-host=1', 'localhost', { 'x-forwarded-host': 'costa-casas.localhost' }));
      t.equal(hostPartner(forged), null, 'X-Forwarded-Host from a client is ignored');
      t.equal(hostPartner(await cdn(page('/?forged-host=1', 'localhost'))), null, 'and did not reach the cache');
    });

    await t.test('no logged-in page and no answer to a session comes out of the cache', async (t) => {
      const email = 'cached@example.com';
      const registered = await cdn({ method: 'POST', path: '/api/client-register', json: registerBody(email) });
      t.equal(registered.status, 201, 'registered through the CDN');
      const token = JSON.parse(registered.body).meta.token as string;
      t.equal((await cdn(page('/'))).headers['x-cache'], 'HIT', 'the anonymous home is in the cache');

      const credentials: Array<[string, Record<string, string>]> = [
        ['the session cookie', withCookie(token)],
        ['the session cookie among others', { cookie: `consent=all; sid=${token}; _ga=GA1.1.1` }],
        ['a Bearer token', bearer(token)],
      ];
      for (const [how, headers] of credentials) {
        for (const path of ['/', '/profile', '/favorites', `/for-sale/${await firstProject()}`]) {
          for (let i = 1; i <= 2; i++) {
            const res = await cdn(page(path, 'localhost', headers));
            t.not(res.headers['x-cache'], 'HIT', `${path} with ${how}, request ${i}: not from the cache`);
            t.equal(stateOf(res.body).client?.email, email, `${path} with ${how}, request ${i}: the client's own page`);
            if (path.startsWith('/for-sale/'))
              t.equal(filesMessage(res.body), null, `${path} with ${how}, request ${i}: the files unlocked`);
          }
        }
        for (let i = 1; i <= 2; i++) {
          const res = await cdn({ path: '/api/client', headers });
          t.not(res.headers['x-cache'], 'HIT', `/api/client with ${how}, request ${i}: not from the cache`);
          t.equal(clientEmail(res), email, `/api/client with ${how}, request ${i}`);
        }
      }

      for (const path of ['/', '/favorites']) {
        const anonymous = await cdn(page(path));
        t.equal(stateOf(anonymous.body).client, null, `${path} without a session: nobody's`);
        t.notMatch(anonymous.body, email, `${path} without a session: no trace of the client`);
      }
      t.not((await cdn(page('/profile'))).status, 200, '/profile without a session is not the profile');
      t.equal((await cdn({ path: '/api/client' })).status, 401, '/api/client without a session: 401');
      t.equal(
        (await cdn(page('/', 'localhost', { cookie: 'consent=all' }))).headers['x-cache'],
        'HIT',
        'other cookies share the anonymous entry',
      );
    });

    await t.test('a scheduled feed pull is done once per period', async (t) => {
      const { feedPulls, store } = stack;
      const pulled = () => store.db.selectFrom('feed_pulls').selectAll().where('source', '=', FEED_SOURCE).executeTakeFirst();
      // Two periods: the pull at start, then the next one, when both instances' timers come due.
      const second = await waitFor(
        "the second period's pull to be recorded",
        async () => {
          const row = await pulled();
          return feedPulls.length >= 2 && row?.pulled_at && !row.locked_by ? row : undefined;
        },
        FEED_REFRESH_MS + LIMIT_MS,
        () => `feed requests: ${JSON.stringify(feedPulls)}\n${app1.process.output()}\n${app2.process.output()}`,
      );
      t.equal(second.result, 'unchanged', 'the second pull found the feed unchanged (ETag)');
      t.equal(feedPulls.filter((p) => p.previousPull === null).length, 1, 'one pull when both instances had started');
      // Whatever the machine's speed, a pull starts only once the period since the last one is over.
      for (const [i, pull] of feedPulls.entries()) {
        if (pull.previousPull)
          t.ok(pull.at >= Date.parse(pull.previousPull) + FEED_REFRESH_MS, `request ${i + 1} came a whole period after the pull before it`);
      }
    });

    await t.test("each lead's mail is sent once", async (t) => {
      const { store, mails } = stack;
      const outbox = () => store.db.selectFrom('mail_outbox').select(['lead_id', 'sent_at']).execute();
      await waitFor(
        'every queued mail to be sent',
        async () => (await outbox()).every((row) => row.sent_at),
        LIMIT_MS,
        () => `${mails.length} received`,
      );
      // Stopped, the instances finish any send in flight: nothing more can arrive.
      for (const app of stack.apps) t.equal(await app.process.stop(), 0, `${app.process.name} stopped cleanly on SIGTERM`);
      const rows = await outbox();
      t.same(
        rows
          .filter((row) => row.lead_id !== null)
          .map((row) => row.lead_id)
          .sort(byNumber),
        [...leadIds].sort(byNumber),
        'one mail per lead stored',
      );
      t.equal(mails.length, rows.length, `${rows.length} mails queued, ${mails.length} received`);
    });
  });
}

const HOSTS: Array<[string, string | null]> = [
  ['localhost', null],
  ['costa-casas.localhost', 'costa-casas'],
  ['sol-homes.localhost', 'sol-homes'],
];

/** The message of the property page's files read, as the page embeds it: null when they are unlocked. */
function filesMessage(body: string): string | null | undefined {
  const data = stateOf(body).data as Record<string, { message?: string | null }>;
  return Object.entries(data).find(([key]) => key.startsWith('/api/project/files'))?.[1].message;
}

function page(path: string, host = 'localhost', headers: Record<string, string> = {}): HttpAsk {
  return { path, headers: { host, accept: 'text/html', ...headers } };
}

function hostPartner(res: HttpAnswer): string | null {
  return stateOf(res.body).hostPartner;
}

function clientEmail(res: HttpAnswer): string | undefined {
  return res.status === 200 ? (JSON.parse(res.body) as { data: { email: string } }).data.email : `HTTP ${res.status}`;
}

const byNumber = (a: number | null, b: number | null) => (a ?? 0) - (b ?? 0);
