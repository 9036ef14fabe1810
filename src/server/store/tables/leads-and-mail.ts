// Leads and the mail outbox (migration 0004).
import type { Generated, Insertable, Selectable } from 'kysely';
export type LeadKindColumn = 'contact' | 'broker' | 'property' | 'favorites';

/** A request a visitor sent with a contact, broker or property form (SPEC §3). */
export interface LeadsTable {
  id: Generated<number>;
  kind: LeadKindColumn;
  /** Made by the browser per form fill: a retried submission finds its lead again. */
  idempotency_key: string;
  /** The partner whose site it came from (by host, then slug); null: the main site. */
  partner_id: number | null;
  project_id: number | null;
  /** The path of the page the form was on. */
  page: string;
  name: string | null;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  subject: string | null;
  message: string | null;
  postal_code: string | null;
  city: string | null;
  client_ip: string | null;
  user_agent: string | null;
  created_at: string;
  /** The page's full address on the site it was sent from (migration 0010; null before). */
  page_url: Generated<string | null>;
  /** The logged-in client who sent it (migration 0010). */
  client_id: Generated<number | null>;
  /** JSON FavoriteSnapshot[]: the client's favorites when it was sent (migration 0010). */
  favorites: Generated<string | null>;
}

/**
 * One mail to send, written in the lead's own transaction. The worker claims a
 * due row (claimed_by, claimed_until: a lease, so a crashed worker's claim
 * lapses), sends it, and marks it sent or schedules the next attempt.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** null: a mail that is not a lead's (accounts, migration 0005); `message` then holds it. */
  lead_id: number | null;
  recipient: string;
  attempts: Generated<number>;
  next_attempt_at: string;
  claimed_by: string | null;
  claimed_until: string | null;
  last_error: string | null;
  sent_at: string | null;
  message_id: string | null;
  created_at: string;
  /** A mail without a lead: JSON {subject, text}, composed when queued, erased once sent. */
  message: string | null;
}

export interface LeadAndMailTables {
  leads: LeadsTable;
  mail_outbox: MailOutboxTable;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;
