// The outbox on each store: a sent mail is marked, a failed one is retried
// later with a growing wait (the lead stays), a claim is exclusive between
// workers and lapses when its worker dies, and the app starts and stops it.
import t from 'tap';
import { createTarget, forEachStore } from '../../helpers/db.ts';
import { sql } from 'kysely';
import { testApp } from '../../helpers/app.ts';
import { waitFor } from '../../helpers/wait.ts';
import { createServices } from '../../../src/server/services/index.ts';
import { LeadService } from '../../../src/server/services/leads.ts';
import { MailOutbox, OUTBOX_DEFAULTS, retryDelay } from '../../../src/server/mail/outbox.ts';
import type { Store } from '../../../src/server/store/db.ts';
import { create } from 'superstruct';
import { LEAD_BODIES } from '../../../src/shared/leads.ts';
import { brokerBody, contactBody, MemoryTransport } from '../leads/helpers.ts';
import { manualClock } from '../../helpers/clock.ts';

const FROM = 'Spain New Homes <no-reply@spainnewhomes.example>';
const OFFICE = 'info@spainnewhomes.example';

/** A clock the test moves. */
const clock = () => manualClock(Date.parse('2030-01-01T10:00:00.000Z'));

async function addLead(store: Store, body = contactBody(), host: string | null = null) {
  const leads = new LeadService(store.db, createServices(store).partners, OFFICE);
  return leads.submit(create(body, LEAD_BODIES[body.kind as 'contact']), { host, ip: '198.51.100.4', userAgent: 'test' });
}

const outboxRow = (store: Store, leadId: number) =>
  store.db.selectFrom('mail_outbox').selectAll().where('lead_id', '=', leadId).executeTakeFirstOrThrow();

forEachStore(
  t,
  'a sent mail is marked sent, with the right recipient, subject and body',
  async (t, store) => {
    const { id } = await addLead(store, contactBody({ partner: 'sol-homes', page: '/sol-homes/contact' }));
    const transport = new MemoryTransport();
    const time = clock();
    const outbox = new MailOutbox(store.db, store.dialect, transport, { from: FROM, now: time.now });
    t.equal(await outbox.runOnce(), 1, 'one mail sent');
    t.equal(await outbox.runOnce(), 0, 'and not again');

    const [{ message, meta }] = transport.sent as [(typeof transport.sent)[number]];
    t.same(meta.leadId, id);
    t.equal(message.from, FROM);
    t.equal(message.to, 'hola@sol-homes.example', "the partner's address");
    t.same(message.replyTo, { name: 'Ana García', address: 'ana@example.com' }, 'Reply-To is the visitor');
    t.equal(message.subject, 'Contact request — Sol Homes Makelaardij', 'the subject comes from en.json, without visitor input');
    const text = String(message.text);
    for (const line of [
      'Name: Ana García',
      'Email: ana@example.com',
      'Phone: +34 600 12 34 56',
      'Subject: A villa in Torrevieja',
      'Hello,\nI would like to visit in May.\nThanks',
      'Page: http://localhost:3000/sol-homes/contact',
      'Site: Sol Homes Makelaardij',
      `Reference: ${id}`,
    ])
      t.ok(text.includes(line), `the body has ${JSON.stringify(line)}`);

    const row = await outboxRow(store, id);
    t.match(row, { attempts: 1, last_error: null, claimed_by: null, claimed_until: null, sent_at: time.now().toISOString() });
    t.match(row.message_id, /@test>$/, 'the Message-ID is kept');
  },
  { seed: true },
);

forEachStore(t, 'a failed send is retried later with a growing wait, and the lead is kept', async (t, store) => {
  const { id } = await addLead(store, brokerBody());
  const transport = new MemoryTransport();
  transport.failWith = 'connect ECONNREFUSED 127.0.0.1:25';
  const time = clock();
  const outbox = new MailOutbox(store.db, store.dialect, transport, {
    from: FROM,
    now: time.now,
    retryBaseMs: 60_000,
    retryMaxMs: 240_000,
  });

  t.equal(await outbox.runOnce(), 0, 'nothing sent');
  let row = await outboxRow(store, id);
  t.match(
    row,
    { attempts: 1, sent_at: null, claimed_by: null, last_error: 'connect ECONNREFUSED 127.0.0.1:25' },
    'the attempt and its error are recorded',
  );
  t.equal(row.next_attempt_at, new Date(time.now().getTime() + 60_000).toISOString(), 'the next attempt in a minute');
  t.ok(await store.db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst(), 'the lead is kept');

  time.advance(30_000);
  t.equal(await outbox.runOnce(), 0, 'not due yet: not tried');
  t.equal((await outboxRow(store, id)).attempts, 1);

  time.advance(30_000);
  await outbox.runOnce();
  row = await outboxRow(store, id);
  t.equal(row.attempts, 2, 'tried again once due');
  t.equal(row.next_attempt_at, new Date(time.now().getTime() + 120_000).toISOString(), 'then waits twice as long');

  time.advance(120_000);
  await outbox.runOnce();
  time.advance(240_000);
  await outbox.runOnce();
  row = await outboxRow(store, id);
  t.equal(row.attempts, 4);
  t.equal(row.next_attempt_at, new Date(time.now().getTime() + 240_000).toISOString(), 'capped');

  transport.failWith = null;
  time.advance(240_000);
  t.equal(await outbox.runOnce(), 1, 'sent once the server is back');
  row = await outboxRow(store, id);
  t.match(row, { attempts: 5, last_error: null, sent_at: time.now().toISOString() });
  t.equal(transport.sent[0]!.message.to, OFFICE, 'a main-site lead goes to the office');
});

t.test('retryDelay doubles from the base up to the cap', async (t) => {
  t.same(
    [1, 2, 3, 4, 5, 6, 7].map((n) => retryDelay(n, 60_000, 3_600_000)),
    [60_000, 120_000, 240_000, 480_000, 960_000, 1_920_000, 3_600_000],
  );
  t.equal(retryDelay(10_000, 60_000, 3_600_000), 3_600_000, 'no overflow after many attempts');
});

forEachStore(t, 'a claim is exclusive between workers, and lapses when its worker dies', async (t, store, target) => {
  const { id } = await addLead(store);
  const time = clock();
  // A second process: its own connection to the same store.
  const other = target.dialect === 'postgres' ? await target.open() : store;
  const a = new MailOutbox(store.db, store.dialect, new MemoryTransport(), { from: FROM, now: time.now, leaseMs: 60_000 });
  const b = new MailOutbox(other.db, other.dialect, new MemoryTransport(), { from: FROM, now: time.now, leaseMs: 60_000 });

  const claims = await Promise.all([a.claim(), b.claim(), a.claim(), b.claim()]);
  const won = claims.filter(Boolean);
  t.equal(won.length, 1, 'exactly one worker holds the row');
  t.equal(won[0]!.lead_id, id);
  t.equal(won[0]!.attempts, 1, 'the claim counts the attempt');

  // Its worker dies without a word: the row is free again once the lease lapses.
  time.advance(30_000);
  t.equal(await b.claim(), null, 'held while the lease runs');
  time.advance(31_000);
  const taken = await b.claim();
  t.equal(taken?.lead_id, id, 'taken over after the lease');
  t.equal(taken?.attempts, 2);
});

forEachStore(t, 'a claim is renewed while its send is in progress, and lapses soon after its process dies', async (t, store, target) => {
  const { id } = await addLead(store);
  const time = clock();
  const other = target.dialect === 'postgres' ? await target.open() : store;
  // An SMTP exchange that takes as long as the test says.
  let handOver: (value: { messageId: string }) => void = () => {};
  const slow = { description: 'slow', close() {}, send: () => new Promise<{ messageId: string }>((resolve) => (handOver = resolve)) };
  const a = new MailOutbox(store.db, store.dialect, slow, { from: FROM, now: time.now, renewMs: 10 });
  const b = new MailOutbox(other.db, other.dialect, new MemoryTransport(), { from: FROM, now: time.now });
  const leaseEnd = async () =>
    Date.parse(
      (await store.db.selectFrom('mail_outbox').select('claimed_until').where('lead_id', '=', id).executeTakeFirstOrThrow()).claimed_until!,
    );

  const sending = a.runOnce();
  await waitFor(
    'the send to start',
    async () => (await store.db.selectFrom('mail_outbox').select('claimed_by').where('lead_id', '=', id).executeTakeFirst())?.claimed_by,
    30_000,
  );
  t.equal((await leaseEnd()) - time.now().getTime(), OUTBOX_DEFAULTS.leaseMs, 'claimed for a 30 s lease');
  // The send outlasts its first lease: each renewal moves the lease on.
  for (let i = 0; i < 3; i++) {
    time.advance(25_000);
    const target = time.now().getTime() + OUTBOX_DEFAULTS.leaseMs;
    await waitFor('the claim to be renewed', async () => (await leaseEnd()) === target, 30_000);
  }
  time.advance(25_000);
  t.equal(await b.claim(), null, 'another worker cannot take it 100 s into the send');
  handOver({ messageId: '<slow@test>' });
  t.equal(await sending, 1, 'sent once');
  time.advance(60_000);
  t.equal(await b.claim(), null, 'and never again');

  // A process that dies mid-send renews no more: its row is free a lease later.
  const second = await addLead(store);
  const dead = new MailOutbox(store.db, store.dialect, new MemoryTransport(), { from: FROM, now: time.now });
  t.equal((await dead.claim())?.lead_id, second.id, 'claimed, then its process dies');
  time.advance(OUTBOX_DEFAULTS.leaseMs - 1_000);
  t.equal(await b.claim(), null, 'held until the lease ends');
  time.advance(2_000);
  t.equal((await b.claim())?.lead_id, second.id, 'free 30 s after the last claim: the next poll sends it');
  t.ok(OUTBOX_DEFAULTS.leaseMs + OUTBOX_DEFAULTS.pollMs <= 60_000, 'a lease and a poll fit in a minute');
});

forEachStore(t, 'many leads and two workers: each mail is sent exactly once', async (t, store, target) => {
  for (let i = 0; i < 12; i++) await addLead(store);
  const other = target.dialect === 'postgres' ? await target.open() : store;
  const ta = new MemoryTransport();
  const tb = new MemoryTransport();
  const a = new MailOutbox(store.db, store.dialect, ta, { from: FROM });
  const b = new MailOutbox(other.db, other.dialect, tb, { from: FROM });
  const [na, nb] = await Promise.all([a.runOnce(), b.runOnce()]);
  t.equal(na + nb, 12, 'twelve sent between them');
  const leads = [...ta.sent, ...tb.sent].map((s) => s.meta.leadId).sort((x, y) => x - y);
  t.equal(new Set(leads).size, 12, 'no mail twice');
  const unsent = await store.db.selectFrom('mail_outbox').select('id').where('sent_at', 'is', null).execute();
  t.equal(unsent.length, 0);
});

forEachStore(
  t,
  'the app starts the worker when ready, a new lead is mailed at once, and close stops it',
  async (t, store) => {
    const transport = new MemoryTransport();
    const app = await testApp(t, { store, mailTransport: transport });
    const res = await app.inject({
      method: 'POST',
      url: '/api/leads',
      payload: contactBody({ partner: 'costa-casas', page: '/costa-casas/contact' }),
    });
    t.equal(res.statusCode, 201);
    await transport.waitFor(1, 30_000);
    t.equal(transport.sent[0]!.message.to, 'info@costa-casas.example');
    // The transport has it; the row is marked right after.
    const id = res.json().data.id;
    await waitFor('the outbox row to be marked sent', async () => (await outboxRow(store, id)).sent_at, 30_000);
    t.ok((await outboxRow(store, id)).sent_at, 'marked sent');
    await app.close();
    t.ok(transport.closed, 'the transport is closed with the app');
  },
  { demo: true },
);

forEachStore(
  t,
  'a transport that keeps failing never rejects a lead',
  async (t, store) => {
    const transport = new MemoryTransport();
    transport.failWith = 'SMTP 421 try again later';
    const app = await testApp(t, { store, mailTransport: transport });
    const res = await app.inject({ method: 'POST', url: '/api/leads', payload: contactBody() });
    t.equal(res.statusCode, 201, 'the visitor is thanked');
    const id = res.json().data.id;
    // Let the kicked worker try (and fail) once.
    await waitFor('the worker to try once and record the error', async () => (await outboxRow(store, id)).last_error !== null, 30_000);
    const row = await outboxRow(store, id);
    t.match(row, { attempts: 1, sent_at: null, last_error: 'SMTP 421 try again later' }, 'recorded for a retry');
    t.ok(row.next_attempt_at > new Date().toISOString(), 'scheduled for later');
    t.ok(await store.db.selectFrom('leads').select('id').where('id', '=', id).executeTakeFirst(), 'the lead is stored');
  },
  { demo: true },
);

t.test('with nothing due, a poll does not wait for the write lock of SQLite', async (t) => {
  const target = await createTarget(t, 'sqlite');
  const store = await target.open();
  const importer = await target.open();
  t.teardown(async () => {
    await store.close();
    await importer.close();
  });
  // A long import's transaction holds the write lock on its own connection.
  await sql`begin immediate`.execute(importer.db);
  const outbox = new MailOutbox(store.db, store.dialect, new MemoryTransport(), { from: FROM });
  t.equal(await outbox.claim(), null, 'nothing claimed, nothing waited for');
  await sql`rollback`.execute(importer.db);
});
