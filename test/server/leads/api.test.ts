// POST /api/leads on each store: a lead and its mail are stored before the
// answer, a retry with the same idempotency key is not stored twice, the
// partner comes from the host and then the slug, every field is validated
// (400 naming it, never 500), and the route is rate-limited per address.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { buildCatalogue } from '../../helpers/catalogue.ts';
import { createServices } from '../../../src/server/services/index.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { brokerBody, contactBody, MemoryTransport, propertyBody } from './helpers.ts';

const post = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}, remoteAddress?: string) =>
  app.inject({ method: 'POST', url: '/api/leads', payload: payload as object, headers, ...(remoteAddress ? { remoteAddress } : {}) });

async function leadsIn(store: Store) {
  return store.db.selectFrom('leads').selectAll().orderBy('id').execute();
}
async function outboxIn(store: Store) {
  return store.db.selectFrom('mail_outbox').selectAll().orderBy('id').execute();
}

forEachStore(
  t,
  'a contact lead is stored with its mail before the 201',
  async (t, store) => {
    const transport = new MemoryTransport();
    const app = await testApp(t, { store, mailTransport: transport });
    const body = contactBody();
    const res = await post(app, body, { 'user-agent': 'LeadTest/1.0' });
    t.equal(res.statusCode, 201, res.body);
    const id = res.json().data.id;
    t.type(id, 'number');
    t.equal(res.headers['cache-control'], 'private, no-store');

    // Read right after the answer, before anything else runs: already there.
    const [lead] = await leadsIn(store);
    t.match(lead, {
      id,
      kind: 'contact',
      idempotency_key: body.idempotency_key,
      partner_id: null,
      project_id: null,
      page: '/contact',
      name: 'Ana García',
      email: 'ana@example.com',
      phone: '+34 600 12 34 56',
      subject: 'A villa in Torrevieja',
      message: 'Hello,\nI would like to visit in May.\nThanks',
      first_name: null,
      client_ip: '127.0.0.1',
      user_agent: 'LeadTest/1.0',
    });
    t.ok(!Number.isNaN(Date.parse(lead!.created_at)), 'created_at is a timestamp');
    const [mail] = await outboxIn(store);
    t.match(mail, { lead_id: id, recipient: 'info@spainnewhomes.example' }, 'the main site mails the office');

    await transport.waitFor(1);
    t.equal(transport.sent[0]!.message.to, 'info@spainnewhomes.example', 'the worker sent it');
  },
  { demo: true },
);

forEachStore(
  t,
  'the same idempotency key answers the same id without storing again',
  async (t, store) => {
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
    const body = contactBody();
    const first = await post(app, body);
    t.equal(first.statusCode, 201);
    const again = await post(app, body);
    t.equal(again.statusCode, 200, 'a retry is 200');
    t.same(again.json(), first.json(), 'with the same id');
    t.equal(again.headers['cache-control'], 'private, no-store');

    // Sent at once, several times (a double click, a flaky network).
    const racing = contactBody();
    const answers = await Promise.all(Array.from({ length: 5 }, () => post(app, racing)));
    t.same(new Set(answers.map((a) => a.json().data.id)).size, 1, 'one id for all five');
    t.same(answers.map((a) => a.statusCode).sort(), [200, 200, 200, 200, 201], 'one of them stored it');

    t.equal((await leadsIn(store)).length, 2, 'two leads in all');
    t.equal((await outboxIn(store)).length, 2, 'and two mails');
  },
  { demo: true },
);

forEachStore(
  t,
  'the partner is recorded by host, then by slug, and gets the mail',
  async (t, store) => {
    const { partners } = createServices(store);
    const noMail = await partners.create({ slug: 'quiet-homes', name: 'Quiet Homes', domain: 'quiet-homes.es' });
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
    const costa = (await partners.bySlug('costa-casas'))!;
    const sol = (await partners.bySlug('sol-homes'))!;

    const bySlug = await post(app, contactBody({ partner: 'sol-homes', page: '/sol-homes/contact' }));
    t.equal(bySlug.statusCode, 201);
    const byHost = await post(app, brokerBody({ partner: 'sol-homes', page: '/uw-makelaar' }), { host: 'www.costa-casas.localhost:3000' });
    t.equal(byHost.statusCode, 201);
    const unknown = await post(app, contactBody({ partner: 'nobody-here', page: '/nobody-here/contact' }));
    t.equal(unknown.statusCode, 201, 'an unknown slug does not lose the lead');
    const withoutEmail = await post(app, contactBody({ partner: 'quiet-homes', page: '/quiet-homes/contact' }));
    t.equal(withoutEmail.statusCode, 201);

    const leads = await leadsIn(store);
    const mails = await outboxIn(store);
    t.match(leads[0], { partner_id: sol.id, page: '/sol-homes/contact' }, 'by slug');
    t.match(mails[0], { recipient: 'hola@sol-homes.example' }, "to the partner's address");
    t.match(leads[1], { partner_id: costa.id, kind: 'broker' }, 'the host wins over the slug');
    t.match(mails[1], { recipient: 'info@costa-casas.example' });
    t.match(leads[2], { partner_id: null }, 'unknown: the main site');
    t.match(mails[2], { recipient: 'info@spainnewhomes.example' });
    t.match(leads[3], { partner_id: noMail.id }, 'a partner without an address is recorded …');
    t.match(mails[3], { recipient: 'info@spainnewhomes.example' }, '… and the office gets the mail');
  },
  { demo: true },
);

forEachStore(
  t,
  'broker and property leads keep their own fields',
  async (t, store) => {
    const fixture = await buildCatalogue(store.db, { projects: 2, seed: 3, withdrawnShare: 0 });
    const project = fixture.projects[0]!;
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });

    const broker = await post(app, brokerBody({ postal_code: '', city: '  ' }));
    t.equal(broker.statusCode, 201, broker.body);
    const property = await post(app, propertyBody(project.id, { phone: '', message: '' }));
    t.equal(property.statusCode, 201, property.body);
    const [b, p] = await leadsIn(store);
    t.match(b, {
      kind: 'broker',
      first_name: 'Jan',
      last_name: 'de Vries',
      email: 'jan@example.nl',
      phone: '+31 6 12345678',
      postal_code: null,
      city: null,
      name: null,
    });
    t.match(p, {
      kind: 'property',
      project_id: project.id,
      name: 'Lena Berg',
      phone: null,
      message: null,
      page: `/for-sale/${project.id}`,
    });

    const missing = await post(app, propertyBody(999_999));
    t.equal(missing.statusCode, 400);
    t.match(missing.json().message, /^project_id /, 'an unknown project names the field');
    t.equal(missing.json().field, 'project_id', 'and gives it as `field`');
    t.equal((await leadsIn(store)).length, 2, 'and stores nothing');
  },
  { demo: true },
);

t.test('every field is validated: 400 naming it, never 500', async (t) => {
  const app = await testApp(t, { mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '10000' } });
  const long = (n: number) => 'x'.repeat(n);
  const cases: Array<[string, Record<string, unknown>, RegExp]> = [
    ['no kind', contactBody({ kind: undefined }), /^kind is required/],
    ['unknown kind', contactBody({ kind: 'spam' }), /^kind/],
    ['no key', contactBody({ idempotency_key: undefined }), /^idempotency_key is required/],
    ['bad key', contactBody({ idempotency_key: 'abc' }), /^idempotency_key: must be a UUID/],
    ['no page', contactBody({ page: undefined }), /^page is required/],
    ['external page', contactBody({ page: 'https://evil.example/' }), /^page: must be a path/],
    ['protocol-relative page', contactBody({ page: '//evil.example/' }), /^page: /],
    ['long page', contactBody({ page: '/' + long(600) }), /^page: /],
    ['bad partner', contactBody({ partner: 'Not A Slug' }), /^partner: must be a partner slug/],
    ['numeric partner', contactBody({ partner: 5 }), /^partner/],
    ['extra field', contactBody({ admin: true }), /^admin is not allowed/],
    ['broker field on contact', contactBody({ city: 'Madrid' }), /^city is not allowed/],
    ['project on contact', contactBody({ project_id: 1 }), /^project_id is not allowed/],
    // contact
    ['contact: no name', contactBody({ name: undefined }), /^name is required/],
    ['contact: blank name', contactBody({ name: '   ' }), /^name: Please fill in this field/],
    ['contact: long name', contactBody({ name: long(101) }), /^name: Please use at most 100 characters/],
    ['contact: name not text', contactBody({ name: 42 }), /^name/],
    ['contact: no email', contactBody({ email: undefined }), /^email is required/],
    ['contact: bad email', contactBody({ email: 'ana@' }), /^email: Please enter a valid email address/],
    ['contact: two addresses', contactBody({ email: 'ana@example.com, eve@example.com' }), /^email: /],
    ['contact: display name in email', contactBody({ email: 'Eve <eve@example.com>' }), /^email: /],
    ['contact: long email', contactBody({ email: `${long(250)}@example.com` }), /^email: /],
    ['contact: letters in phone', contactBody({ phone: 'call me' }), /^phone: Please enter a phone number/],
    ['contact: short phone', contactBody({ phone: '12' }), /^phone: /],
    ['contact: no subject', contactBody({ subject: undefined }), /^subject is required/],
    ['contact: long subject', contactBody({ subject: long(151) }), /^subject: /],
    ['contact: no message', contactBody({ message: undefined }), /^message is required/],
    ['contact: empty message', contactBody({ message: '' }), /^message: /],
    ['contact: long message', contactBody({ message: long(5001) }), /^message: Please use at most 5000/],
    ['contact: NUL in message', contactBody({ message: 'a\u0000b' }), /^message: /],
    // broker
    ['broker: no first name', brokerBody({ first_name: undefined }), /^first_name is required/],
    ['broker: long first name', brokerBody({ first_name: long(61) }), /^first_name: /],
    ['broker: no last name', brokerBody({ last_name: '' }), /^last_name: /],
    ['broker: bad email', brokerBody({ email: 'jan at example.nl' }), /^email: /],
    ['broker: bad postal code', brokerBody({ postal_code: '10#12' }), /^postal_code: Please enter a postal code/],
    ['broker: long postal code', brokerBody({ postal_code: '1234567890123' }), /^postal_code: /],
    ['broker: no phone', brokerBody({ phone: undefined }), /^phone is required/],
    ['broker: long city', brokerBody({ city: long(101) }), /^city: /],
    ['broker: name field', brokerBody({ name: 'Jan' }), /^name is not allowed/],
    // property
    ['property: no project', propertyBody(1, { project_id: undefined }), /^project_id is required/],
    ['property: project as text', propertyBody(1, { project_id: '12' }), /^project_id/],
    ['property: project zero', propertyBody(1, { project_id: 0 }), /^project_id/],
    ['property: no name', propertyBody(1, { name: undefined }), /^name is required/],
    ['property: bad email', propertyBody(1, { email: 'lena@example' }), /^email: /],
    ['property: subject', propertyBody(1, { subject: 'x' }), /^subject is not allowed/],
  ];
  for (const [what, payload, message] of cases) {
    const res = await post(app, payload);
    t.equal(res.statusCode, 400, `${what}: 400`);
    t.match(res.json().message, message, `${what}: ${res.json().message}`);
    t.equal(res.headers['cache-control'], 'private, no-store', `${what}: not cached`);
  }
  for (const [what, payload, headers] of [
    ['an array', [1, 2], {}],
    ['a string', 'hello', {}],
    ['null', 'null', { 'content-type': 'application/json' }],
    ['malformed JSON', '{"kind":', { 'content-type': 'application/json' }],
    ['text/plain', 'kind=contact', { 'content-type': 'text/plain' }],
    ['a form post', 'kind=contact&name=x', { 'content-type': 'application/x-www-form-urlencoded' }],
  ] as Array<[string, unknown, Record<string, string>]>) {
    const res = await post(app, payload, headers);
    t.ok(res.statusCode >= 400 && res.statusCode < 500, `${what}: ${res.statusCode}`);
  }
  const none = await app.inject({ method: 'POST', url: '/api/leads' });
  t.equal(none.statusCode, 400, 'no body at all');
  t.equal((await app.store.db.selectFrom('leads').select('id').execute()).length, 0, 'nothing was stored');
});

/** Line breaks spelled out: a raw U+2028 in an assertion's name would break the TAP stream. */
const printable = (s: string) => s.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

t.test('header injection: CR, LF and other line breaks are refused in every single-line field', async (t) => {
  const app = await testApp(t, { mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '10000' } });
  const breaks = [
    '\r\nBcc: victim@example.com',
    '\nBcc: victim@example.com',
    '\rBcc: victim@example.com',
    '\u2028Bcc: x',
    '\u0085Bcc: x',
    '\tBcc: x',
    '\u0000Bcc: x',
  ];
  const bodies = { contact: contactBody, broker: brokerBody, property: (extra: Record<string, unknown>) => propertyBody(1, extra) };
  const fields = {
    contact: ['name', 'phone', 'email', 'subject', 'page', 'partner', 'idempotency_key'],
    broker: ['first_name', 'last_name', 'email', 'postal_code', 'phone', 'city', 'page', 'partner', 'idempotency_key'],
    property: ['name', 'email', 'phone', 'page', 'partner', 'idempotency_key'],
  } as const;
  for (const kind of ['contact', 'broker', 'property'] as const) {
    for (const field of fields[kind]) {
      const valid = bodies[kind]({ partner: 'sol-homes' })[field] as string;
      for (const injected of breaks) {
        const res = await post(app, bodies[kind]({ partner: 'sol-homes', [field]: `${valid}${injected}` }));
        t.equal(res.statusCode, 400, `${kind}.${field} with ${printable(injected)}`);
        t.match(res.json().message, new RegExp(`^${field}`), `${kind}.${field}: names the field`);
        t.equal(res.json().field, field, `${kind}.${field}: as \`field\``);
      }
    }
  }
  t.equal((await app.store.db.selectFrom('leads').select('id').execute()).length, 0, 'nothing was stored');
});

t.test('the route is rate-limited per client address', async (t) => {
  const app = await testApp(t, { mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '3' } });
  const statuses: number[] = [];
  for (let i = 0; i < 3; i++) statuses.push((await post(app, i === 1 ? { kind: 'nonsense' } : contactBody(), {}, '10.0.0.1')).statusCode);
  t.same(statuses, [201, 400, 201], 'three requests pass, bad ones count too');
  const limited = await post(app, contactBody(), {}, '10.0.0.1');
  t.equal(limited.statusCode, 429);
  t.same(limited.json(), {
    statusCode: 429,
    error: 'Too Many Requests',
    message: 'Too many requests from your address: please wait a minute and try again.',
  });
  t.equal(limited.headers['cache-control'], 'private, no-store');
  t.ok(limited.headers['retry-after'], 'says when to retry');
  t.equal((await post(app, contactBody(), {}, '10.0.0.2')).statusCode, 201, 'another address is not limited');
  t.equal((await app.inject('/healthz')).statusCode, 200, 'other routes are not limited');
  t.equal((await app.store.db.selectFrom('leads').select('id').execute()).length, 3, 'the refused one was not stored');
});

t.test('behind a trusted proxy the forwarded address is the client', async (t) => {
  const app = await testApp(t, { mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '1', TRUST_PROXY: '10.0.0.0/8' } });
  const a = await post(app, contactBody(), { 'x-forwarded-for': '203.0.113.7' }, '10.0.0.1');
  const b = await post(app, contactBody(), { 'x-forwarded-for': '203.0.113.8' }, '10.0.0.1');
  t.same([a.statusCode, b.statusCode], [201, 201], 'two visitors behind one proxy');
  const c = await post(app, contactBody(), { 'x-forwarded-for': '203.0.113.7' }, '10.0.0.1');
  t.equal(c.statusCode, 429, 'the first visitor again is limited');
  const rows = await app.store.db.selectFrom('leads').select('client_ip').orderBy('id').execute();
  t.same(
    rows.map((r) => r.client_ip),
    ['203.0.113.7', '203.0.113.8'],
    'the visitor address is recorded',
  );
});

t.test('without a trusted proxy a forged X-Forwarded-For does not choose the address', async (t) => {
  const direct = await testApp(t, { mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '1' } });
  t.equal((await post(direct, contactBody(), { 'x-forwarded-for': '203.0.113.7' }, '10.0.0.1')).statusCode, 201);
  t.equal(
    (await post(direct, contactBody(), { 'x-forwarded-for': '203.0.113.9' }, '10.0.0.1')).statusCode,
    429,
    'without TRUST_PROXY a forged header does not help',
  );
});
