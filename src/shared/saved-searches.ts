// Saved searches (issue 13): the bodies and answers of their API, and the one
// form a saved search takes. A search is saved as the address of its search
// page under `/search` (search-url.ts's canonical form, without sort, view or
// page): '/search/spain/alicante?cat=1,12&bedrooms=2&bbox=-0.9,37.9,-0.6,38.1'.
// The same string is what the browser sends, what the store keeps (and
// compares, so one search is saved once) and, under the section's root, the
// link back to the results. The bodies' structs are in saved-search-bodies.ts:
// the browser imports this module on every search page, and superstruct would
// come with them (issue 12).
import { geoFromSegments, parseSearchUrl } from './search-url.ts';
import { savedFilters, type SavedFilters } from './saved-search-path.ts';

export const FREQUENCIES = ['instant', 'daily', 'weekly'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const SAVED_SEARCH_STATUSES = ['pending', 'active', 'stopped'] as const;
export type SavedSearchStatus = (typeof SAVED_SEARCH_STATUSES)[number];
export type TokenPurpose = 'confirm' | 'manage' | 'unsubscribe';

/** An unconfirmed search is forgotten after this many days. */
export const CONFIRM_DAYS = 7;
/** An address without searches is forgotten after this many days. */
export const FORGET_DAYS = 30;
/** The body a one-click unsubscribe POST carries (RFC 8058). */
export const ONE_CLICK = { name: 'List-Unsubscribe', value: 'One-Click' } as const;
/** An alert mail lists at most this many projects; a link to the search shows the rest. */
export const ALERT_MAX_PROJECTS = 10;
/** Daily and weekly digests go out at this local hour (weekly ones on WEEKLY_DIGEST_WEEKDAY, 1: Monday). */
export const DIGEST_HOUR = 8;
export const DIGEST_TIME_ZONE = 'Europe/Madrid';
export const WEEKLY_DIGEST_WEEKDAY = 1;

export { savedFilters, savedSearchPath, type SavedFilters } from './saved-search-path.ts';

const ADDRESS = /^\/search((?:\/[a-z0-9-]+){0,3})\/?(?:\?([^#]*))?$/i;
const SEARCH_MAX = 1000;

/** A posted `search` as filters, or null when it is not the address of a search page. */
export function readSavedSearch(value: string): SavedFilters | null {
  const m = value.length <= SEARCH_MAX ? ADDRESS.exec(value.trim()) : null;
  if (!m || geoFromSegments(m[1]!.split('/').filter(Boolean)) === null) return null;
  return savedFilters(parseSearchUrl({ '*': m[1]!.slice(1) }, m[2] ?? ''));
}

// --- bodies (their structs: saved-search-bodies.ts) -------------------------------

export const MANAGE_ACTIONS = ['frequency', 'delete', 'resume', 'delete-all'] as const;
export type ManageAction = (typeof MANAGE_ACTIONS)[number];
export interface ManageBody {
  token?: string;
  action: ManageAction;
  id?: number;
  frequency?: Frequency;
}

// --- answers --------------------------------------------------------------------

export interface SaveAnswer {
  data: { status: SavedSearchStatus };
}

export interface SavedSearchView {
  id: number;
  title: string;
  /** The results on the site where it was saved (absolute). */
  href: string;
  /** The name of that site. */
  site: string;
  frequency: Frequency;
  status: SavedSearchStatus;
}

export interface SavedSearchList {
  data: { email: string; searches: SavedSearchView[] };
}
