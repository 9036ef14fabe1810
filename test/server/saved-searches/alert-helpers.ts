// Shared by the alert tests: saved searches written straight into the store
// (as the API leaves them once confirmed, or pending, or stopped), and the
// mails the outbox holds, as queued.
import type { Kysely } from 'kysely';
import type { Database } from '../../../src/server/store/schema.ts';
import type { QueuedMail } from '../../../src/server/mail/compose.ts';
import { readSavedSearch, type Frequency, type SavedSearchStatus } from '../../../src/shared/saved-searches.ts';
import { describeSearch } from '../../../src/shared/saved-search-words.ts';
import { writeIn } from '../../../src/shared/i18n.ts';
import type { Language } from '../../../src/shared/languages.ts';
import { addLocaleMessages } from '../../../src/server/mail/languages.ts';

export const SITE = 'https://www.example.com';

export interface SearchSpec {
  email: string;
  search: string;
  frequency?: Frequency;
  status?: SavedSearchStatus;
  partner?: string;
  /** When it was confirmed (default: the epoch's first day of 2026). */
  confirmedAt?: Date;
  /** The language it was saved in (default: English). */
  language?: Language;
}

/** Inserts a saved search (and its address); answers its id. */
export async function addSearch(db: Kysely<Database>, spec: SearchSpec): Promise<number> {
  const at = (spec.confirmedAt ?? new Date('2026-01-01T00:00:00Z')).toISOString();
  addLocaleMessages();
  const filters = readSavedSearch(spec.search);
  if (!filters) throw new Error(`not a search: ${spec.search}`);
  await db
    .insertInto('saved_search_addresses')
    .values({ email: spec.email, created_at: at, confirmed_at: at, emptied_at: null })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const address = await db.selectFrom('saved_search_addresses').select('id').where('email', '=', spec.email).executeTakeFirstOrThrow();
  const partner = spec.partner
    ? (await db.selectFrom('partners').select('id').where('slug', '=', spec.partner).executeTakeFirstOrThrow()).id
    : null;
  const status = spec.status ?? 'active';
  const { id } = await db
    .insertInto('saved_searches')
    .values({
      address_id: address.id,
      partner_id: partner,
      search: spec.search,
      filters: JSON.stringify(filters),
      title: writeIn(spec.language ?? 'en', () => describeSearch(filters)),
      language: spec.language ?? 'en',
      frequency: spec.frequency ?? 'instant',
      status,
      created_at: at,
      updated_at: at,
      expires_at: status === 'pending' ? '2099-01-01T00:00:00.000Z' : null,
      confirmed_at: status === 'pending' ? null : at,
      last_alert_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export interface QueuedAlert extends QueuedMail {
  id: number;
  recipient: string;
}

/** Every mail queued without a lead, oldest first, as queued. */
export async function queuedMails(db: Kysely<Database>): Promise<QueuedAlert[]> {
  const rows = await db
    .selectFrom('mail_outbox')
    .select(['id', 'recipient', 'message'])
    .where('lead_id', 'is', null)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({ id: r.id, recipient: r.recipient, ...(JSON.parse(r.message ?? '{}') as QueuedMail) }));
}

/** The project names an alert's text lists, in order (the line before each place · price line). */
export function listedNames(text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => (lines[i + 1]?.includes(' · ') ? [line] : []));
}
