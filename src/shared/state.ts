// The initial state the server embeds in each page (SPEC §4) and the client
// store's shape (SPEC §3).
import type { LayoutName } from './routes.ts';
import type { ErrorState } from './errors.ts';
import type { PublicPartner } from './partner.ts';
import type { ClientUser } from './accounts.ts';
import type { FormPageState } from './form-post.ts';
import type { Language } from './languages.ts';

/** The part of the configuration that may be sent to browsers. */
export interface PublicConfig {
  siteName: string;
  siteUrl: string;
  mapTileUrl: string;
  mapAttribution: string;
  /** The client build's stylesheets, so the hydrated head matches the server's. */
  stylesheets: string[];
}

/** Fetch bookkeeping per data key (SPEC §4: pending, error, timestamp). */
export interface FetchState {
  pending: boolean;
  error: ErrorState | null;
  timestamp: number;
}

export interface StoreState {
  headerClass: string;
  esGeo: unknown;
  esGeo0: unknown;
  esGeo1: unknown;
  esGeo2: unknown;
  esGeo4: unknown;
  searchData1: unknown;
  searchData2: unknown;
  searchData4: unknown;
  partner: PublicPartner | null;
  partner_id: number;
  partner_domain: string | null;
}

export interface InitialState {
  config: PublicConfig;
  /** API answers keyed by their SWR key (the GET address of the read). */
  data: Record<string, unknown>;
  fetch: Record<string, FetchState>;
  layout: LayoutName;
  /** The page's language (its address's first segment, or the root language); the browser's bundle is built in it. */
  language: Language;
  /** The language of the host's unprefixed addresses: English, or a partner's on its own domain. */
  rootLanguage: Language;
  error: ErrorState | null;
  serverRendered: true;
  routePath: string;
  /** The client store (SPEC §3), seeded with the partner the server resolved. */
  state: StoreState;
  /** Route name, so the client hydrates the page the server rendered. */
  route: string | null;
  /** The partner whose own domain this is, if any: then it owns every route. */
  hostPartner: string | null;
  /**
   * The logged-in client (GET /api/client's data), null for a visitor. Only a
   * request with the session cookie has one, and such a page is private, no-store.
   */
  client: ClientUser | null;
  /** The lead form's idempotency key, and what a POST of it gave (src/shared/form-post.ts). */
  form?: FormPageState;
}

export const HEADER_TRANSPARENT = 'header-transparent';
export const HEADER_SOLID = 'header-solid';

export function initialStore(partner: PublicPartner | null): StoreState {
  return {
    headerClass: HEADER_TRANSPARENT,
    esGeo: null,
    esGeo0: null,
    esGeo1: null,
    esGeo2: null,
    esGeo4: null,
    searchData1: null,
    searchData2: null,
    searchData4: null,
    partner,
    partner_id: partner?.id ?? 0,
    partner_domain: partner?.domain ?? null,
  };
}
