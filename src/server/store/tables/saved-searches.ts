// Saved searches, their addresses and mailed links (migration 0012); the mails' language (0032).
import type { Generated, Selectable } from 'kysely';
import type { Language } from '../../../shared/languages.ts';
import type { Frequency, SavedSearchStatus, TokenPurpose } from '../../../shared/saved-searches.ts';

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
  /** Its mails' language: the page's it was saved on (migration 0032). */
  language: Generated<Language>;
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

export interface SavedSearchTables {
  saved_search_addresses: SavedSearchAddressesTable;
  saved_searches: SavedSearchesTable;
  saved_search_tokens: SavedSearchTokensTable;
}

export type SavedSearchRow = Selectable<SavedSearchesTable>;
