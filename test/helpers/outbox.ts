// The mails a test's app queued for one address, as the mail file the outbox
// wrote (DATA_DIR/mail/mail-<id>.eml, for mails that are not a lead's), parsed.
// Bounded waits: the outbox row first, then its file.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { parseEml, type Eml } from '../server/leads/helpers.ts';

const POLL_MS = 50;
const POLLS = 600;

const pause = () => new Promise((r) => setTimeout(r, POLL_MS));

/** The `n`-th mail (1-based) queued to `email` without a lead, once written to its file. */
export async function mailTo(app: FastifyInstance, email: string, n = 1): Promise<Eml> {
  const rows = () =>
    app.store.db.selectFrom('mail_outbox').select('id').where('recipient', '=', email).where('lead_id', 'is', null).orderBy('id').execute();
  let found = await rows();
  for (let i = 0; i < POLLS && found.length < n; i++) {
    await pause();
    found = await rows();
  }
  const row = found[n - 1];
  if (!row) throw new Error(`no mail ${n} to ${email} in the outbox`);
  const file = path.join(app.config.DATA_DIR, 'mail', `mail-${row.id}.eml`);
  for (let i = 0; i < POLLS && !fs.existsSync(file); i++) await pause();
  return parseEml(fs.readFileSync(file, 'utf8'));
}

/** The first link in `text` to a saved-search page for `purpose`, whole. */
export function savedSearchLink(text: string, purpose: 'confirm' | 'manage' | 'unsubscribe'): string {
  const link = new RegExp(`https?://\\S+?/saved-searches/${purpose}/[A-Za-z0-9_-]{43}`).exec(text)?.[0];
  if (!link) throw new Error(`no ${purpose} link in: ${text}`);
  return link;
}
