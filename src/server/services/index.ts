// The services the API routes and the page renderer share (DESIGN §2).
import type { Store } from '../store/db.ts';
import { PartnerService } from './partners.ts';
import { ContentService } from './content.ts';
import { CatalogueService, type CatalogueOptions } from './catalogue/index.ts';
import { AccountService, type AccountOptions } from './accounts/index.ts';
import { scryptParams } from './accounts/passwords.ts';
import { RateLimitService } from './rate-limits.ts';
import { SavedSearchService, type SavedSearchOptions } from './saved-searches/index.ts';
import { FavoriteAlertService } from './favorite-alerts/index.ts';
import { ExchangeRateService } from './exchange-rates/index.ts';

export interface Services {
  partners: PartnerService;
  content: ContentService;
  catalogue: CatalogueService;
  accounts: AccountService;
  rateLimits: RateLimitService;
  savedSearches: SavedSearchService;
  favoriteAlerts: FavoriteAlertService;
  exchangeRates: ExchangeRateService;
}

export interface ServiceOptions {
  accounts?: AccountOptions;
  catalogue?: CatalogueOptions;
  /** Default: the accounts' SITE_URL and clock. */
  savedSearches?: SavedSearchOptions;
  /** How old exchange rates may be and still be offered (default 7 days). */
  exchangeRatesMaxAgeDays?: number;
}

/** `options.accounts` comes from the config (buildApp); without it: OWASP's cost and the default SITE_URL. */
export function createServices(store: Store, options: ServiceOptions = {}): Services {
  const partners = new PartnerService(store.db);
  const catalogue = new CatalogueService(store.db, options.catalogue);
  const accounts = options.accounts ?? { hashParams: scryptParams(17), siteUrl: 'http://localhost:3000' };
  return {
    partners,
    content: new ContentService(store.db),
    catalogue,
    accounts: new AccountService(store.db, partners, catalogue, accounts),
    rateLimits: new RateLimitService(store.db),
    savedSearches: new SavedSearchService(store.db, options.savedSearches ?? { siteUrl: accounts.siteUrl, now: accounts.now }),
    favoriteAlerts: new FavoriteAlertService(store.db, { siteUrl: accounts.siteUrl, dialect: store.dialect }),
    exchangeRates: new ExchangeRateService(store.db, options.exchangeRatesMaxAgeDays ?? 7),
  };
}
