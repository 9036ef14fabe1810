// The store's tables for Kysely, one file per area in tables/. Timestamps are
// ISO-8601 strings and ids integers, so the same queries run, and rows look
// the same, on SQLite and PostgreSQL.
import type { AccountTables } from './tables/accounts.ts';
import type { CatalogueTables } from './tables/catalogue.ts';
import type { CoordinationTables } from './tables/coordination.ts';
import type { LeadAndMailTables } from './tables/leads-and-mail.ts';
import type { SavedSearchTables } from './tables/saved-searches.ts';
import type { SiteTables } from './tables/site.ts';

export interface Database extends SiteTables, CatalogueTables, LeadAndMailTables, AccountTables, SavedSearchTables, CoordinationTables {}

export type * from './tables/accounts.ts';
export type * from './tables/catalogue.ts';
export type * from './tables/coordination.ts';
export type * from './tables/leads-and-mail.ts';
export type * from './tables/saved-searches.ts';
export type * from './tables/site.ts';
