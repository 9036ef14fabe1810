// Shared by the favorites alerts' tests: imports of a small feed at a given
// time, clients with favorites written straight into the store, and the mails
// the outbox holds (their composed message, headers included).
import type { Store } from '../../../src/server/store/db.ts';
import type { QueuedMail } from '../../../src/server/mail/compose.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { chunks, feed, property } from '../catalogue-import/feeds.ts';
import { queuedMails } from '../saved-searches/alert-helpers.ts';

export const SITE = 'https://www.example.test';

/** 2026-01-{day} at hh:mm UTC; in January Madrid is UTC+1, so 07:30 UTC is 08:30 there. */
export const at = (day: number, hh: number, mm = 0) => new Date(Date.UTC(2026, 0, day, hh, mm));
/** After 08:00 in Madrid: the day's run is due. */
export const morning = (day: number) => at(day, 7, 30);

export interface UnitSpec {
  id: string;
  dev: string;
  price: number;
  status?: 'available' | 'reserved' | 'sold';
  /** More of the feed's property (its pictures, say). */
  extra?: string;
}

export async function importUnits(store: Store, units: UnitSpec[], now: Date): Promise<void> {
  await importFeed(store, chunks(feed(...units.map((u) => property({ ...u, name: `Residencial ${u.dev}` }))), 4096), {
    source: 'test',
    now,
  });
}

export async function projectId(store: Store, dev: string): Promise<number> {
  return (await store.db.selectFrom('projects').select('id').where('ref', '=', dev).executeTakeFirstOrThrow()).id;
}

/** A client (no usable password) with `favorites` (development refs) added at `since`. */
export async function client(
  store: Store,
  email: string,
  favorites: string[],
  since: Date,
  options: { partner?: string; alerts?: boolean } = {},
): Promise<number> {
  const partner = options.partner
    ? (await store.db.selectFrom('partners').select('id').where('slug', '=', options.partner).executeTakeFirstOrThrow()).id
    : null;
  const { id } = await store.db
    .insertInto('clients')
    .values({
      email,
      password_hash: 'x',
      name: null,
      phone: null,
      partner_id: partner,
      created_at: since.toISOString(),
      updated_at: since.toISOString(),
      favorite_alerts: options.alerts === false ? 0 : 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const dev of favorites)
    await store.db
      .insertInto('favorites')
      .values({ client_id: id, project_id: await projectId(store, dev), created_at: since.toISOString() })
      .execute();
  return id;
}

/** The mails queued to `email` without a lead, oldest first. */
export async function mailsTo(store: Store, email: string): Promise<QueuedMail[]> {
  return (await queuedMails(store.db)).filter((m) => m.recipient === email);
}

/** The unsubscribe link of a mail's List-Unsubscribe header. */
export function unsubscribeLink(mail: QueuedMail): string {
  const link = /^<(.+)>$/.exec(mail.headers?.['List-Unsubscribe'] ?? '')?.[1];
  if (!link) throw new Error(`no List-Unsubscribe in ${JSON.stringify(mail.headers)}`);
  return link;
}
