// The partners (white-label sites) and the content pages.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ListingIndexing } from '../../../shared/partner.ts';
import type { Language } from '../../../shared/languages.ts';

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
  /** How a partner's copies of the listings are indexed (migration 0006). */
  listing_indexing: Generated<ListingIndexing>;
  /** The languages its site offers, comma-separated in the site's order; null: every one (migration 0034). */
  languages: string | null;
  /** The language its own domain's root serves (migration 0034). */
  root_language: Generated<Language>;
  created_at: string;
  updated_at: string;
}

export interface ContentPagesTable {
  id: Generated<number>;
  slug: string;
  /** null: a page of the main site, shown on every partner's site unless it has its own. */
  partner_id: number | null;
  /** The language it is written in (migration 0033: 'en' before). */
  language: Generated<Language>;
  title: string;
  summary: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface SiteTables {
  partners: PartnersTable;
  content_pages: ContentPagesTable;
}

export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;
