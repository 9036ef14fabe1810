// The partner as the API and the pages see it (SPEC §3), and the body of
// POST /api/partner/get-data (SPEC §7).
import { object, string, number, optional, record, pattern, size, type Infer, nullable } from 'superstruct';
import { DEFAULT_COLORS } from './constants.ts';

export const HexColor = pattern(string(), /^#[0-9a-fA-F]{6}$/);

export const PartnerColors = object({
  primary: HexColor,
  secondary: HexColor,
  heading_color: HexColor,
});
export type PartnerColors = Infer<typeof PartnerColors>;

export const PartnerContact = object({
  email: nullable(string()),
  phone: nullable(string()),
  address: nullable(string()),
  city: nullable(string()),
});

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

export function colorsOf(partner: { colors: PartnerColors } | null | undefined): PartnerColors {
  return partner?.colors ?? { ...DEFAULT_COLORS };
}
