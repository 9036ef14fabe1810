// The lead forms posted without JavaScript (issue 10): a POST of form data to
// the page itself stores the lead through the lead service and answers with the
// page: the thanks (200), or the messages under the fields with what was typed
// (422). A retried POST is stored once; a body that is not form data is a 415,
// another site's Origin a 403; the forms count under the rate limit of
// POST /api/leads. On each store.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { forEachStore } from '../../helpers/db.ts';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { t as msg } from '../../../src/shared/i18n.ts';
import { contactBody, MemoryTransport } from '../leads/helpers.ts';
import { storeWithWriteLock } from '../../helpers/sqlite-write-lock.ts';

const THANKS = 'Thanks you for your request';
const FORM = 'application/x-www-form-urlencoded';
/** inject's host is localhost:80; a browser on it sends this Origin. */
const SELF = 'http://localhost';

const CONTACT = {
  name: 'Ana García',
  phone: '+34 600 12 34 56',
  email: 'ana.nojs@example.com',
  subject: 'A villa in Torrevieja',
  message: 'Hello,\r\nwe would like to visit in May.',
};
const BROKER = {
  first_name: 'Jan',
  last_name: 'de Vries',
  email: 'jan.nojs@example.nl',
  phone: '+31 6 12345678',
  postal_code: '1012 AB',
  city: 'Amsterdam',
};
const PROPERTY = { name: 'Lena Berg', email: 'lena.nojs@example.se', phone: '', message: 'Is the penthouse still available?' };

/** The page's hidden idempotency key, as a browser finds it in the HTML. */
async function keyOf(app: FastifyInstance, url: string, host?: string): Promise<string> {
  const res = await app.inject({ url, headers: host ? { host } : {} });
  if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode}`);
  const key = /<input type="hidden" name="idempotency_key" value="([^"]+)"\/>/.exec(res.body)?.[1];
  if (!key) throw new Error(`no hidden key on ${url}`);
  return key;
}

function post(app: FastifyInstance, url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': FORM, origin: SELF, ...headers },
  });
}

/** What a visitor reads: the page's text, tags and the state script dropped. */
const visible = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

const leadsIn = (store: Store) => store.db.selectFrom('leads').selectAll().orderBy('id').execute();

async function partnerId(store: Store, slug: string): Promise<number> {
  return (await store.db.selectFrom('partners').select('id').where('slug', '=', slug).executeTakeFirstOrThrow()).id;
}

/** A project the partner's site lists (its scope may leave some out). */
async function listedProject(app: FastifyInstance, partner: string): Promise<number> {
  const res = await app.inject(`/api/properties?account_id=1&partner=${partner}&per_page=1`);
  return res.json().data[0].id;
}

forEachStore(
  t,
  'each form posted to its page is stored and answered with the thanks, in every section',
  async (t, store) => {
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
    const costa = await partnerId(store, 'costa-casas');
    const project = await listedProject(app, 'costa-casas');

    const contact = await post(app, '/contact', { ...CONTACT, idempotency_key: await keyOf(app, '/contact'), extra_field: 'ignored' });
    t.equal(contact.statusCode, 200);
    t.match(contact.headers['content-type'], /^text\/html/);
    t.equal(contact.headers['cache-control'], 'private, no-store', 'an answer to one visitor');
    t.match(visible(contact.body), THANKS, 'the thanks of SPEC §3, on the page');
    t.match(visible(contact.body), msg('contact.title'), 'the contact page itself');
    const state = stateOf(contact.body);
    t.match(state.form, { posted: { kind: 'contact', result: 'sent', values: {}, errors: {} } }, 'hydrates into the same state');
    t.notMatch(contact.body, /value="Ana García"/, 'the form is empty again, for a new request');
    t.match(
      contact.body,
      /<button type="submit" class="[^"]*submit-button--done submit-button--valid"(?![^>]*disabled)/,
      'the button shows it was sent, and is enabled',
    );

    const broker = await post(app, '/costa-casas/uw-makelaar', {
      ...BROKER,
      idempotency_key: await keyOf(app, '/costa-casas/uw-makelaar'),
    });
    t.equal(broker.statusCode, 200);
    t.match(visible(broker.body), THANKS);

    const ownDomain = 'costa-casas.localhost:3000';
    const property = await post(
      app,
      `/for-sale/${project}`,
      { ...PROPERTY, idempotency_key: await keyOf(app, `/for-sale/${project}`, ownDomain) },
      { host: ownDomain, origin: `http://${ownDomain}` },
    );
    t.equal(property.statusCode, 200, "on the partner's own domain");
    t.match(visible(property.body), THANKS);
    t.match(stateOf(property.body).form, { posted: { kind: 'property', projectId: project, result: 'sent' } });

    const [a, b, c, ...more] = await leadsIn(store);
    t.equal(more.length, 0, 'three leads');
    t.match(a, {
      kind: 'contact',
      partner_id: null,
      page: '/contact',
      name: 'Ana García',
      phone: '+34 600 12 34 56',
      subject: 'A villa in Torrevieja',
      message: 'Hello,\nwe would like to visit in May.',
      client_ip: '127.0.0.1',
    });
    t.match(b, {
      kind: 'broker',
      partner_id: costa,
      page: '/costa-casas/uw-makelaar',
      first_name: 'Jan',
      last_name: 'de Vries',
      postal_code: '1012 AB',
      city: 'Amsterdam',
    });
    t.match(c, {
      kind: 'property',
      partner_id: costa,
      project_id: project,
      page: `/for-sale/${project}`,
      name: 'Lena Berg',
      phone: null,
      message: 'Is the penthouse still available?',
    });
    const outbox = await store.db.selectFrom('mail_outbox').select(['lead_id', 'recipient']).orderBy('id').execute();
    t.same(
      outbox,
      [
        { lead_id: a!.id, recipient: 'info@spainnewhomes.example' },
        { lead_id: b!.id, recipient: 'info@costa-casas.example' },
        { lead_id: c!.id, recipient: 'info@costa-casas.example' },
      ],
      'each with its mail, stored with it',
    );
  },
  { demo: true },
);

forEachStore(
  t,
  'a wrong field: 422, the message under it and every typed value kept; nothing stored',
  async (t, store) => {
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
    const key = await keyOf(app, '/old/contact');
    const res = await post(app, '/old/contact', { ...CONTACT, name: '', email: 'ana@', idempotency_key: key });
    t.equal(res.statusCode, 422);
    t.equal(res.headers['cache-control'], 'private, no-store');
    const errorOf = (id: string) => new RegExp(`<p class="field__error" id="${id}-error">([^<]*)</p>`).exec(res.body)?.[1];
    t.equal(errorOf('lead-contact-email'), msg('forms.errors.email'), 'the email message, under the email field');
    t.equal(errorOf('lead-contact-name'), msg('forms.errors.required'), 'the name is required');
    t.equal(errorOf('lead-contact-subject'), undefined, 'no message under a right field');
    t.match(
      res.body,
      /<input [^>]*id="lead-contact-email"[^>]*aria-invalid="true"[^>]*aria-describedby="lead-contact-email-error"/,
      'the field is marked and tied to its message',
    );
    t.match(res.body, /id="lead-contact-email"[^>]*value="ana@"/, 'the email as typed');
    t.match(res.body, /id="lead-contact-subject"[^>]*value="A villa in Torrevieja"/, 'the subject as typed');
    t.match(
      res.body,
      /<textarea [^>]*id="lead-contact-message"[^>]*>\s*Hello,\r?\nwe would like to visit in May.<\/textarea>/,
      'the message as typed',
    );
    t.match(visible(res.body), msg('forms.errors.summary'), 'the summary beside the button');
    t.notMatch(visible(res.body), THANKS);
    t.match(
      stateOf(res.body).form,
      {
        key,
        posted: { kind: 'contact', result: 'invalid', values: { email: 'ana@', name: '' }, errors: { email: msg('forms.errors.email') } },
      },
      'the same key: nothing was stored under it',
    );
    t.equal((await leadsIn(store)).length, 0, 'nothing stored');

    const fixed = await post(app, '/old/contact', { ...CONTACT, idempotency_key: key });
    t.equal(fixed.statusCode, 200, 'sent again, right');
    t.match((await leadsIn(store))[0], { page: '/old/contact', email: 'ana.nojs@example.com' });

    const missingKey = await post(app, '/old/contact', CONTACT);
    t.equal(missingKey.statusCode, 400, 'without the hidden key: 400');
    t.match(missingKey.json().message, /idempotency_key/);
  },
  { demo: true },
);

forEachStore(
  t,
  'the same POST again (a reload, a double click) is stored once; another fill of a cached page is not lost',
  async (t, store) => {
    const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
    const key = await keyOf(app, '/contact');
    const fields = { ...CONTACT, idempotency_key: key };
    const first = await post(app, '/contact', fields);
    const again = await post(app, '/contact', fields);
    t.equal(first.statusCode, 200);
    t.equal(again.statusCode, 200, 'a retry is thanked too');
    t.match(visible(again.body), THANKS);
    const racing = await Promise.all(Array.from({ length: 4 }, () => post(app, '/contact', { ...fields, email: 'racing@example.com' })));
    t.same(
      racing.map((r) => r.statusCode),
      [200, 200, 200, 200],
    );
    t.equal((await leadsIn(store)).length, 2, 'one lead per request, however often it was sent');

    // A CDN gives two visitors the same page, so the same hidden key.
    const other = await post(app, '/contact', { ...fields, name: 'Bo Berg', email: 'bo@example.com' });
    t.equal(other.statusCode, 200);
    const leads = await leadsIn(store);
    t.same(
      leads.map((l) => l.email),
      ['ana.nojs@example.com', 'racing@example.com', 'bo@example.com'],
      "the second visitor's request is stored too",
    );
    t.equal(new Set(leads.map((l) => l.idempotency_key)).size, 3);
  },
  { demo: true },
);

t.test('what is not a form from this site is refused, never a 500', async (t) => {
  const app = await testApp(t, { mailTransport: new MemoryTransport() });
  const key = await keyOf(app, '/contact');
  const fields = { ...CONTACT, idempotency_key: key };
  const count = async () =>
    (
      await app.store.db
        .selectFrom('leads')
        .select(({ fn }) => fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  const json = await app.inject({ method: 'POST', url: '/contact', payload: fields, headers: { origin: SELF } });
  t.equal(json.statusCode, 415, 'JSON: 415');
  t.equal(json.json().message, msg('formPost.notForm'), 'saying what to send');
  const multipart = await app.inject({
    method: 'POST',
    url: '/contact',
    payload: '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nAna\r\n--x--\r\n',
    headers: { 'content-type': 'multipart/form-data; boundary=x', origin: SELF },
  });
  t.equal(multipart.statusCode, 415, 'multipart: 415');
  t.equal(multipart.json().message, msg('formPost.notForm'));
  const text = await app.inject({
    method: 'POST',
    url: '/uw-makelaar',
    payload: 'name=Ana',
    headers: { 'content-type': 'text/plain', origin: SELF },
  });
  t.equal(text.statusCode, 415, 'text: 415');
  const empty = await app.inject({ method: 'POST', url: '/contact', headers: { origin: SELF } });
  t.equal(empty.statusCode, 415, 'no body: 415');
  const huge = await post(app, '/contact', { ...fields, message: 'x'.repeat(70 * 1024) });
  t.equal(huge.statusCode, 413, 'over the size limit: 413');
  const long = await post(app, '/contact', { ...fields, message: '€'.repeat(5001) });
  t.equal(long.statusCode, 422, 'a message one character too long is a field error, not a size error');
  t.match(long.body, msg('forms.errors.tooLong', { max: 5000 }));

  const foreign = await post(app, '/contact', fields, { origin: 'https://evil.example' });
  t.equal(foreign.statusCode, 403, "another site's Origin: 403");
  t.equal(foreign.json().message, msg('formPost.crossOrigin'));
  t.equal((await post(app, '/contact', fields, { origin: 'null' })).statusCode, 403, 'an opaque origin: 403');
  t.equal((await post(app, '/contact', fields, { origin: 'http://localhost:8080' })).statusCode, 403, 'another port: 403');
  for (const site of ['same-site', 'cross-site'])
    t.equal((await post(app, '/contact', fields, { 'sec-fetch-site': site })).statusCode, 403, `Sec-Fetch-Site: ${site}: 403`);
  const withoutOrigin = { 'content-type': FORM };
  const refererOther = await app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(fields).toString(),
    headers: { ...withoutOrigin, referer: 'https://evil.example/page' },
  });
  t.equal(refererOther.statusCode, 403, "without Origin, another site's Referer: 403");
  t.equal(await count(), 0, 'nothing stored');

  const refererSelf = await app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams(fields).toString(),
    headers: { ...withoutOrigin, referer: `${SELF}/contact` },
  });
  t.equal(refererSelf.statusCode, 200, "this site's Referer: accepted");
  const neither = await app.inject({
    method: 'POST',
    url: '/contact',
    payload: new URLSearchParams({ ...fields, email: 'other@example.com' }).toString(),
    headers: withoutOrigin,
  });
  t.equal(neither.statusCode, 200, 'neither header: accepted');
  t.equal(await count(), 2);

  t.equal((await post(app, '/search', fields)).statusCode, 404, 'a page without a lead form: 404, as before');
  t.equal((await post(app, '/costa-casaz/contact', fields)).statusCode, 404, 'an unknown partner: 404');
  const unknownProject = await post(app, '/for-sale/99999999', { ...PROPERTY, idempotency_key: key });
  t.equal(unknownProject.statusCode, 404, 'an unknown project: its 404 page');
  t.match(unknownProject.headers['content-type'], /^text\/html/);
  const api = await app.inject({
    method: 'POST',
    url: '/api/leads',
    payload: new URLSearchParams(contactBody() as Record<string, string>).toString(),
    headers: { 'content-type': FORM },
  });
  t.equal(api.statusCode, 415, 'POST /api/leads still takes JSON only');
  t.equal(await count(), 2, 'nothing more stored');
});

forEachStore(
  t,
  'the forms count under the rate limit of POST /api/leads: 429 with the message and the values kept',
  async (t, store) => {
    const app = await testApp(t, { store, mailTransport: new MemoryTransport(), env: { LEAD_RATE_LIMIT: '3' } });
    const key = await keyOf(app, '/contact');
    t.equal((await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody() })).statusCode, 201);
    t.equal((await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody() })).statusCode, 201);
    t.equal((await post(app, '/contact', { ...CONTACT, idempotency_key: key })).statusCode, 200, 'the third lead, by form');

    const limited = await post(app, '/contact', { ...CONTACT, email: 'late@example.com', idempotency_key: key });
    t.equal(limited.statusCode, 429);
    t.ok(Number(limited.headers['retry-after']) > 0, 'says when to retry');
    t.match(visible(limited.body), msg('forms.errors.rateLimited'), 'the message, on the page');
    t.match(limited.body, /id="lead-contact-email"[^>]*value="late@example.com"/, 'what was typed is kept');
    t.match(stateOf(limited.body).form, { posted: { result: 'limited' } });
    t.equal(
      (await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody() })).statusCode,
      429,
      'and the API counts the form posts too',
    );
    t.equal((await leadsIn(store)).length, 3);
  },
  { demo: true },
);

t.test('a form posted while an import holds SQLite (its write lock): 503 with the message, the values kept', async (t) => {
  const { store, lock } = await storeWithWriteLock(t);
  const app = await testApp(t, { store, mailTransport: new MemoryTransport() });
  const key = await keyOf(app, '/contact');

  lock.hold();
  const busy = await post(app, '/contact', { ...CONTACT, idempotency_key: key });
  t.equal(busy.statusCode, 503);
  t.equal(busy.headers['retry-after'], '30', 'says when to retry');
  t.match(busy.headers['content-type'], /^text\/html/, 'a page the visitor reads, not the API error');
  t.match(visible(busy.body), msg('errors.storeBusy'), 'the message, on the page');
  t.match(busy.body, /id="lead-contact-email"[^>]*value="ana.nojs@example.com"/, 'what was typed is kept');
  t.match(stateOf(busy.body).form, { key, posted: { result: 'busy' } }, 'the same key, for the retry');
  t.equal((await leadsIn(store)).length, 0, 'nothing stored');

  lock.release();
  const retried = await post(app, '/contact', { ...CONTACT, idempotency_key: key });
  t.equal(retried.statusCode, 200);
  t.match(visible(retried.body), THANKS);
  t.equal((await leadsIn(store)).length, 1);
});
