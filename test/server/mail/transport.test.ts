// The two ways a lead mail leaves: without SMTP_URL a parseable .eml file under
// DATA_DIR/mail/ with the lead's fields in the body and the right To; with it,
// SMTP (against a small fake server here). And whatever a visitor types, the
// mail has exactly the headers we set: no Bcc, one Reply-To address.
import t from 'tap';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import addressparser from 'nodemailer/lib/addressparser';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/wait.ts';
import { fakeSmtp } from '../../helpers/smtp.ts';
import { contactBody, brokerBody, parseEml } from '../leads/helpers.ts';
import { composeLeadMail, oneLine } from '../../../src/server/mail/compose.ts';
import type { LeadRow } from '../../../src/server/store/schema.ts';

async function waitForFile(file: string, ms = 30_000): Promise<string> {
  const deadline = Date.now() + ms;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`${file} not written after ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
  return fs.readFileSync(file, 'utf8');
}

async function postLead(app: FastifyInstance, payload: Record<string, unknown>): Promise<number> {
  const res = await app.inject({ method: 'POST', url: '/api/leads', payload });
  if (res.statusCode !== 201) throw new Error(`${res.statusCode} ${res.body}`);
  return res.json().data.id;
}

t.test('without SMTP_URL a lead is written as a parseable .eml file', async (t) => {
  const app = await testApp(t);
  const id = await postLead(app, contactBody({ partner: 'costa-casas', page: '/costa-casas/contact' }));
  const file = path.join(app.config.DATA_DIR, 'mail', `lead-${id}.eml`);
  const eml = parseEml(await waitForFile(file));

  t.equal(eml.header('to'), 'info@costa-casas.example', "To is the partner's address");
  t.equal(eml.header('from'), 'Spain New Homes <no-reply@spainnewhomes.example>');
  t.same(
    addressparser(eml.header('reply-to') ?? '').map((a) => ('address' in a ? a.address : null)),
    ['ana@example.com'],
    'Reply-To is the visitor',
  );
  t.equal(eml.header('subject'), 'Contact request — Costa Casas Inmobiliaria');
  t.ok(eml.header('message-id'), 'has a Message-ID');
  t.ok(eml.header('date'), 'has a Date');
  for (const text of [
    'Name: Ana García',
    'Email: ana@example.com',
    'Phone: +34 600 12 34 56',
    'Subject: A villa in Torrevieja',
    'Hello,\nI would like to visit in May.\nThanks',
    'Page: http://localhost:3000/costa-casas/contact',
  ])
    t.ok(eml.body.includes(text), `the body has ${JSON.stringify(text)}`);
  t.same(fs.readdirSync(path.dirname(file)), [`lead-${id}.eml`], 'no temporary file is left behind');

  const row = await waitFor(
    'the outbox row to be marked sent',
    async () => {
      const found = await app.store.db.selectFrom('mail_outbox').selectAll().where('lead_id', '=', id).executeTakeFirstOrThrow();
      return found.sent_at ? found : undefined;
    },
    30_000,
  );
  t.ok(row.sent_at, 'the outbox row is marked sent');
  t.equal(`<${row.message_id?.replace(/^<|>$/g, '')}>`, eml.header('message-id'), 'with the Message-ID of the file');
});

t.test('header injection through the body fields is neutralised', async (t) => {
  const app = await testApp(t);
  const id = await postLead(
    app,
    contactBody({
      // Allowed on one line: it must stay a display name, not become an address.
      name: 'Eve <evil@example.com>, Bob "the builder" =?UTF-8?B?QmNjOg==?=',
      subject: 'Hi: there; Bcc: evil@example.com',
      // A message may have line breaks: they stay in the body.
      message: 'Hello\r\nBcc: victim@example.com\r\nContent-Type: text/html\r\n\r\n<b>spoofed</b>\r\n.\r\nMAIL FROM:<x@y.z>',
    }),
  );
  const eml = parseEml(await waitForFile(path.join(app.config.DATA_DIR, 'mail', `lead-${id}.eml`)));
  t.notOk(eml.headers.has('bcc'), 'no Bcc header');
  t.notOk(eml.headers.has('cc'), 'no Cc header');
  t.same(eml.headers.get('content-type')?.length, 1, 'one Content-Type');
  t.match(eml.header('content-type'), /^multipart\/alternative/, 'text and HTML, as we built them');
  t.same(eml.parts, ['text/plain', 'text/html'], 'no part the visitor added');
  t.notOk(eml.html?.includes('<b>spoofed</b>'), 'markup typed by the visitor is escaped in the HTML part');
  t.ok(eml.html?.includes('&lt;b&gt;spoofed&lt;/b&gt;'));
  t.equal(eml.header('to'), 'info@spainnewhomes.example', 'To is only the office');
  const replyTo = addressparser(eml.header('reply-to') ?? '');
  t.equal(replyTo.length, 1, 'Reply-To is one mailbox');
  t.equal((replyTo[0] as { address: string }).address, 'ana@example.com', "the visitor's checked address");
  t.equal(eml.header('subject'), 'Contact request — Spain New Homes', 'the subject has none of the visitor input');
  t.ok(eml.body.includes('Bcc: victim@example.com'), 'the text is in the body, as text');
  t.ok(eml.body.includes('Subject: Hi: there; Bcc: evil@example.com'));
  const known = new Set([
    'from',
    'to',
    'reply-to',
    'subject',
    'message-id',
    'date',
    'mime-version',
    'content-type',
    'content-transfer-encoding',
  ]);
  t.same(
    [...eml.headers.keys()].filter((h) => !known.has(h)),
    [],
    'no header we did not set',
  );
});

t.test('compose strips control characters from every header value, whatever the store holds', async (t) => {
  t.equal(oneLine('a\r\nBcc: b\u2028c\u0085d\te'), 'a Bcc: b c d e');
  const lead: LeadRow = {
    id: 7,
    kind: 'broker',
    idempotency_key: 'k',
    partner_id: null,
    project_id: null,
    page: '/uw-makelaar\r\nX: y',
    name: null,
    first_name: 'Jan\r\nBcc: x@y.z',
    last_name: 'Vries',
    email: 'jan@example.nl\r\nBcc: x@y.z',
    phone: null,
    subject: null,
    message: null,
    postal_code: null,
    city: null,
    client_ip: null,
    user_agent: null,
    created_at: '2030-01-01T00:00:00.000Z',
    page_url: null,
    client_id: null,
    favorites: null,
  };
  const mail = composeLeadMail(lead, 'office@example.com\r\nBcc: x@y.z', { from: 'a@b.c', siteName: 'Site\r\nBcc: x@y.z' });
  for (const value of [mail.to, mail.subject, (mail.replyTo as { name: string }).name, (mail.replyTo as { address: string }).address])
    t.notMatch(String(value), /[\r\n]/, `no line break in ${JSON.stringify(value)}`);
  t.notMatch(String(mail.text), /\nBcc:/, 'single-line values stay on their line in the body');
  t.equal(mail.disableFileAccess, true, 'no file is ever attached from input');
  t.equal(mail.disableUrlAccess, true, 'no URL is ever fetched from input');
});

t.test('with SMTP_URL the mail goes over SMTP to the right recipient', async (t) => {
  const smtp = await fakeSmtp(t);
  const app = await testApp(t, { env: { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: 'Leads <leads@spainnewhomes.example>' } });
  await postLead(app, brokerBody({ partner: 'sol-homes', page: '/sol-homes/uw-makelaar' }));
  await waitFor('the SMTP server to receive the message', () => smtp.received.length > 0, 30_000);
  t.equal(smtp.received.length, 1, 'one message delivered');
  const [message] = smtp.received as [(typeof smtp.received)[number]];
  t.same(message.to, ['RCPT TO:<hola@sol-homes.example>'], 'the only recipient is the partner');
  t.match(message.from, /^MAIL FROM:<leads@spainnewhomes\.example>/);
  const eml = parseEml(message.data);
  t.equal(eml.header('subject'), 'Broker request — Sol Homes Makelaardij');
  t.ok(eml.body.includes('First name: Jan') && eml.body.includes('Postal code: 1012 AB') && eml.body.includes('City: Amsterdam'));
  t.equal(fs.existsSync(path.join(app.config.DATA_DIR, 'mail')), false, 'no file written');
});

t.test('with SMTP_URL unreachable the lead is kept and the mail waits for a retry', async (t) => {
  // A port nobody listens on.
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as net.AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const app = await testApp(t, { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } });
  const id = await postLead(app, contactBody());
  const row = () => app.store.db.selectFrom('mail_outbox').selectAll().where('lead_id', '=', id).executeTakeFirstOrThrow();
  await waitFor('the failed attempt to be recorded', async () => Boolean((await row()).last_error), 30_000);
  t.match(await row(), { attempts: 1, sent_at: null, last_error: /ECONNREFUSED|connect/i });
  t.ok(await app.store.db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst(), 'the lead is kept');
});
