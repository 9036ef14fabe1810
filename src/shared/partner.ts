// The partner as the API and the pages see it (SPEC §3), and the body of
// POST /api/partner/get-data (SPEC §7).
import { object, string, number, optional, record, pattern, size, enums, type Infer } from 'superstruct';
import { DEFAULT_COLORS } from './constants.ts';
import type { DerivedColors } from './brand-colors.ts';
import type { Language } from './languages.ts';

export const HexColor = pattern(string(), /^#[0-9a-fA-F]{6}$/);

export const PartnerColors = object({
  primary: HexColor,
  secondary: HexColor,
  heading_color: HexColor,
});
export type PartnerColors = Infer<typeof PartnerColors>;

/**
 * How search engines treat a partner's copies of the listings (its for-sale
 * and search pages): 'canonical' names the main site's page of the same
 * listing as the canonical one; 'noindex' asks engines to leave them out
 * (`noindex, follow`). Either way they are in no sitemap.
 */
export const LISTING_INDEXING = ['canonical', 'noindex'] as const;
export const ListingIndexing = enums(LISTING_INDEXING);
export type ListingIndexing = Infer<typeof ListingIndexing>;
export const DEFAULT_LISTING_INDEXING: ListingIndexing = 'canonical';

export interface PublicPartner {
  id: number;
  slug: string;
  domain: string | null;
  name: string;
  logo: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  colors: PartnerColors;
  /** What the pages draw from the three (shared/brand-colors.ts), worked out by the server: the browser only writes them. */
  derived_colors: DerivedColors;
  listing_indexing: ListingIndexing;
  /** The languages its site offers, in the site's order (every one unless it chose). */
  languages: Language[];
  /** The language its own domain's root serves; the others are under their prefix there (`/en/…`). */
  root_language: Language;
}

export const GetPartnerBody = object({
  partner: optional(size(string(), 0, 100)),
  domain: optional(size(string(), 0, 253)),
  lang: optional(size(string(), 0, 10)),
  lang_id: optional(number()),
  site_suff: optional(size(string(), 0, 100)),
  theaders: optional(record(string(), string())),
});
export type GetPartnerBody = Infer<typeof GetPartnerBody>;

/** Answer of get-data: id 0 means not found (SPEC §3). */
export interface GetPartnerResponse {
  partner: PublicPartner | { id: 0; domain: null; colors: PartnerColors };
}

export const NO_PARTNER = { id: 0 as const, domain: null, colors: { ...DEFAULT_COLORS } };
