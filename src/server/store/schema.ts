// Table types for Kysely. Timestamps are ISO-8601 strings so that the same
// queries run on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface PartnersTable {
  id: Generated<number>;
  slug: string;
  domain: string | null;
  name: string;
  logo: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  color_primary: string;
  color_secondary: string;
  color_heading: string;
  created_at: string;
  updated_at: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  slug: string;
  /** null: a page of the main site, shown on every partner's site unless it has its own. */
  partner_id: number | null;
  title: string;
  summary: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  partners: PartnersTable;
  content_pages: ContentPagesTable;
}

export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;
