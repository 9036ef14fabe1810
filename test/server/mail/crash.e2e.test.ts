// A process killed (kill -9) in the middle of handing a lead's mail to the SMTP
// server: the lead was acknowledged, so its mail must still go, once. A second
// process on the same store takes the row over when the dead one's short lease
// lapses (src/server/mail/outbox.ts), on SQLite and on PostgreSQL.
import t from 'tap';
import { forEachTarget } from '../../helpers/db.ts';
import { httpRequest } from '../../helpers/http.ts';
import { waitFor } from '../../helpers/processes.ts';
import { startSite } from '../../helpers/site-process.ts';
import { fakeSmtp } from '../../helpers/smtp.ts';
import { contactBody } from '../leads/helpers.ts';
import { OUTBOX_DEFAULTS } from '../../../src/server/mail/outbox.ts';

forEachTarget(t, 'a process killed mid-send: another on the same store sends the mail, once', async (t, target) => {
  const smtp = await fakeSmtp(t, { holdFirst: true });
  const env = { ...target.env, SEED_DEMO: 'false', SMTP_URL: `smtp://127.0.0.1:${smtp.port}` };
  const first = await startSite(t, 'first', env);
  const lead = await httpRequest(first.port, { method: 'POST', path: '/api/leads', json: contactBody() });
  t.equal(lead.status, 201, 'the lead is acknowledged');
  await waitFor('the first process to be handing the mail over', () => smtp.held.length === 1, 60_000);
  process.kill(-first.process.child.pid!, 'SIGKILL');
  await first.process.stop();

  const store = await target.open();
  const row = () => store.db.selectFrom('mail_outbox').selectAll().executeTakeFirstOrThrow();
  const dead = await row();
  t.equal(dead.sent_at, null, 'the dead process never marked it sent');
  t.ok(Date.parse(dead.claimed_until!) <= Date.now() + OUTBOX_DEFAULTS.leaseMs, 'its claim ends within a lease of its death');

  await startSite(t, 'second', env);
  await waitFor('the second process to send the mail', () => smtp.received.length === 1, 180_000);
  await waitFor('the row to be marked sent', async () => (await row()).sent_at, 30_000);
  t.equal(smtp.received.length, 1, 'the mail went once');
  t.match(smtp.received[0]!.data, /Ana Garc/, "the lead's mail");
  t.equal((await row()).attempts, 2, 'on the second attempt');
  t.ok(OUTBOX_DEFAULTS.leaseMs + OUTBOX_DEFAULTS.pollMs <= 60_000, 'a lease and a poll fit in a minute');
});
