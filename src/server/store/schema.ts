// Table types for Kysely. Timestamps are ISO-8601 strings so that the same
// queries run on SQLite and PostgreSQL.
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { ListingIndexing } from '../../shared/partner.ts';

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

export interface Database extends CatalogueTables {
  partners: PartnersTable;
  content_pages: ContentPagesTable;
}

export type PartnerRow = Selectable<PartnersTable>;
export type NewPartnerRow = Insertable<PartnersTable>;
export type PartnerUpdate = Updateable<PartnersTable>;
export type ContentPageRow = Selectable<ContentPagesTable>;

// --- the catalogue (migration 0002) -----------------------------------------

// The value sets are the API's (src/shared/catalogue.ts): one definition.
import type { FileKind, PlaceKind, ProjectStage, UnitStatus } from '../../shared/catalogue.ts';
export type { FileKind, ProjectStage, UnitStatus };
export type GeoKind = PlaceKind;

export interface GeoPlacesTable {
  id: Generated<number>;
  kind: GeoKind;
  parent_id: number | null;
  name: string;
  slug: string;
  path: string;
  lat: number | null;
  lng: number | null;
}

export interface CategoriesTable {
  id: number;
  key: string;
  name: string;
}

export interface ProjectsTable {
  id: Generated<number>;
  source: string;
  ref: string;
  name: string;
  developer: string | null;
  category_id: number;
  stage: ProjectStage;
  /** Plain text (migration 0008 added the rest). */
  description: string;
  /** Sanitised rich text of the same description. */
  description_html: Generated<string>;
  /** JSON: { [ISO 639-1 code]: { text, html } } for every language the feed gives. */
  descriptions: Generated<string>;
  /** JSON: { [ISO 639-1 code]: url } of the listing on the exporter's site. */
  urls: Generated<string>;
  amenities: string;
  country_id: number;
  region_id: number;
  town_id: number;
  location_detail: string | null;
  lat: number | null;
  lng: number | null;
  delivery_date: string | null;
  price_min: number | null;
  price_max: number | null;
  beds_min: number | null;
  beds_max: number | null;
  baths_min: number | null;
  baths_max: number | null;
  built_min: number | null;
  built_max: number | null;
  plot_min: number | null;
  plot_max: number | null;
  units_total: number;
  units_available: number;
  withdrawn_at: string | null;
  listed_at: string;
  updated_at: string;
  /** The newest drop of an available unit's price (migration 0013); null: none recorded. */
  price_dropped_at: string | null;
}

export interface ProjectCategoriesTable {
  project_id: number;
  category_id: number;
}

export interface UnitsTable {
  id: Generated<number>;
  project_id: number;
  source: string;
  feed_id: string;
  ref: string | null;
  category_id: number;
  /** 0: the feed does not say (a NOT NULL column from before unknowns were kept; the API answers null). */
  bedrooms: number;
  bathrooms: number;
  built_area: number | null;
  plot_area: number | null;
  terrace_area: number | null;
  solarium_area: number | null;
  garden_area: number | null;
  floor: string | null;
  price: number;
  status: UnitStatus;
  pool: number;
  /** The feed's <date>, or the import's time when the feed gives none. */
  feed_date: string;
  /** A hash of everything the feed says about the unit (migration 0008); null for rows from before. */
  content_hash: string | null;
  withdrawn_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface ImagesTable {
  id: Generated<number>;
  project_id: number;
  unit_id: number | null;
  position: number;
  url: string;
  caption: string | null;
  floorplan: number;
}

export interface ProjectFilesTable {
  id: Generated<number>;
  project_id: number;
  kind: FileKind;
  title: string;
  url: string;
  registered_only: number;
  position: number;
}

export interface PartnerScopesTable {
  partner_id: number;
  kind: 'region' | 'project';
  target_id: number;
}

/** Rows: 'version', bumped by every import; 'partners', bumped by triggers on partners and partner_scopes (migration 0017). */
export interface CatalogueMetaTable {
  key: string;
  value: string;
}

export interface CatalogueTables {
  geo_places: GeoPlacesTable;
  categories: CategoriesTable;
  projects: ProjectsTable;
  project_categories: ProjectCategoriesTable;
  units: UnitsTable;
  images: ImagesTable;
  project_files: ProjectFilesTable;
  partner_scopes: PartnerScopesTable;
  catalogue_meta: CatalogueMetaTable;
}

// --- leads and their mail (migration 0004) -----------------------------------

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

export interface Database {
  leads: LeadsTable;
  mail_outbox: MailOutboxTable;
}

export type LeadRow = Selectable<LeadsTable>;
export type NewLeadRow = Insertable<LeadsTable>;
export type MailOutboxRow = Selectable<MailOutboxTable>;

// --- client accounts (migration 0005) ------------------------------------------

export interface ClientsTable {
  id: Generated<number>;
  /** Lower-cased and trimmed: the unique index is the case-insensitive check. */
  email: string;
  /** PHC string: $scrypt$ln=17,r=8,p=1$salt$hash (services/accounts/passwords.ts). */
  password_hash: string;
  name: string | null;
  phone: string | null;
  /** The partner whose site the client registered on; null: the main site. */
  partner_id: number | null;
  created_at: string;
  updated_at: string;
  /** The profile's switch of the favorites alerts, 1 on (default) or 0 off (migration 0016). */
  favorite_alerts: Generated<number>;
  /** Changes dated after this go in the next favorites mail; null: since each favorite was added. */
  favorite_alerts_since: Generated<string | null>;
  /** When the last favorites mail was queued. */
  favorite_alert_sent_at: Generated<string | null>;
}

/** A login. The token itself is never stored: token_hash is its SHA-256 (hex). */
export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  revoked_at: string | null;
}

/** A password reset link, single-use: token_hash is the SHA-256 of the link's token. */
export interface PasswordResetsTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

export interface FavoritesTable {
  client_id: number;
  project_id: number;
  created_at: string;
}

export interface Database {
  clients: ClientsTable;
  sessions: SessionsTable;
  password_resets: PasswordResetsTable;
  favorites: FavoritesTable;
}

export type ClientRow = Selectable<ClientsTable>;
export type SessionRow = Selectable<SessionsTable>;

// --- feeds pulled on a schedule (migration 0009) -------------------------------

export type FeedPullResult = 'imported' | 'unchanged' | 'failed';

/** One source of FEEDS: how its last pull went, what the next one sends, and its lease. */
export interface FeedPullsTable {
  source: string;
  /** The feed's URL without its password. */
  url: string;
  include_resales: number;
  /** Validators of the last successfully imported answer, sent back as If-None-Match / If-Modified-Since. */
  etag: string | null;
  last_modified: string | null;
  /** When the last pull started; null: never pulled (a row is made when a pull is first tried). */
  pulled_at: string | null;
  duration_ms: number | null;
  result: FeedPullResult | null;
  /** The last pull's reason for failing; null unless result is 'failed'. */
  error: string | null;
  /** When the feed was last imported (answered 200 and imported), and that import's counts (JSON). */
  imported_at: string | null;
  counts: string | null;
  next_pull_at: string | null;
  /** The lease: the instance pulling it now, until when (a crashed instance's lease lapses). */
  locked_by: string | null;
  locked_until: string | null;
}

export interface Database {
  feed_pulls: FeedPullsTable;
}

export type FeedPullRow = Selectable<FeedPullsTable>;

// --- rate limits shared by every instance (migration 0011) ---------------------

/** The hits of one limit's key in its current fixed window (services/rate-limits.ts). */
export interface RateLimitsTable {
  name: string;
  key: string;
  hits: number;
  /** ISO-8601: when this window ends; the next hit after it starts a new one. */
  window_ends: string;
}

export interface Database {
  rate_limits: RateLimitsTable;
}

// --- saved searches (migration 0012) --------------------------------------------

import type { Frequency, SavedSearchStatus, TokenPurpose } from '../../shared/saved-searches.ts';

export interface SavedSearchAddressesTable {
  id: Generated<number>;
  /** Lower-cased and trimmed. */
  email: string;
  created_at: string;
  /** When it first confirmed a search; null: never (forgotten as soon as it has none). */
  confirmed_at: string | null;
  /** Since when it has no search; forgotten 30 days later. */
  emptied_at: string | null;
}

export interface SavedSearchesTable {
  id: Generated<number>;
  address_id: number;
  /** null: saved on the main site. */
  partner_id: number | null;
  /** The canonical address of the search page under /search (shared/saved-searches.ts). */
  search: string;
  /** The same filters as JSON (SavedFilters), for matching. */
  filters: string;
  /** How mails and pages name it, made when saved. */
  title: string;
  frequency: Frequency;
  status: SavedSearchStatus;
  created_at: string;
  updated_at: string;
  /** A pending search is forgotten after this. */
  expires_at: string | null;
  confirmed_at: string | null;
  /** Instant: its last alert mail; daily and weekly: the end of the last digest's window (services/saved-searches/alerts.ts). */
  last_alert_at: string | null;
}

/** A mailed link; only the SHA-256 of its token is kept. */
export interface SavedSearchTokensTable {
  id: Generated<number>;
  token_hash: string;
  purpose: TokenPurpose;
  address_id: number;
  search_id: number | null;
  created_at: string;
  expires_at: string;
}

export interface Database {
  saved_search_addresses: SavedSearchAddressesTable;
  saved_searches: SavedSearchesTable;
  saved_search_tokens: SavedSearchTokensTable;
}

export type SavedSearchRow = Selectable<SavedSearchesTable>;

// --- unit history (migration 0013) -------------------------------------------

import type { HistoryStatus } from '../../shared/price-history.ts';
export type { HistoryStatus };

/** One change of a unit's price or status, recorded by an import. */
export interface UnitHistoryTable {
  id: Generated<number>;
  unit_id: number;
  project_id: number;
  /** The import's time. */
  changed_at: string;
  price_before: number;
  price: number;
  status_before: HistoryStatus;
  status: HistoryStatus;
}

export interface Database {
  unit_history: UnitHistoryTable;
}

// --- scheduled runs (migration 0014) -----------------------------------------

/** A period's work done once across instances (jobs/claim-period.ts). */
export interface ScheduledRunsTable {
  job: string;
  /** The period's name, e.g. the local date of a daily run (jobs/local-hour.ts). */
  period: string;
  ran_at: string;
}

export interface Database {
  scheduled_runs: ScheduledRunsTable;
}

// --- favorites alerts (migration 0016) ----------------------------------------

/** The one-click unsubscribe link of a favorites mail; only the SHA-256 of its token is kept. */
export interface FavoriteAlertLinksTable {
  id: Generated<number>;
  token_hash: string;
  client_id: number;
  created_at: string;
  expires_at: string;
}

export interface Database {
  favorite_alert_links: FavoriteAlertLinksTable;
}
