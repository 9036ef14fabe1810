// What a partner write accepts (the partner CLI; later an admin API): every
// input is checked and coerced here, so no caller can store a partner the
// site cannot serve.
import { coerce, enums, nullable, object, optional, partial, pattern, refine, size, string, type Infer, type Struct } from 'superstruct';
import type { PartnersTable } from '../store/schema.ts';
import { HexColor, ListingIndexing } from '../../shared/partner.ts';
import { RESERVED_SLUGS } from '../../shared/routes.ts';
import { LANGUAGES, isLanguage } from '../../shared/languages.ts';
import { BrokerFields, ContactFields } from '../../shared/lead-fields.ts';
import { rule } from '../store/errors.ts';
import { OneLine, UrlText } from './text-rules.ts';

const trimmed = <T, S>(struct: Struct<T, S>) => coerce(struct, string(), (s) => s.trim());
/** Optional text: '' (e.g. `--phone ""`) clears the field. */
const optionalText = <T, S>(struct: Struct<T, S>) => optional(coerce(nullable(struct), string(), (s) => s.trim() || null));

export const PartnerSlug = rule(
  coerce(pattern(size(string(), 2, 60), /^[a-z0-9]+(?:-[a-z0-9]+)*$/), string(), (s) => s.trim().toLowerCase()),
  'PartnerSlug',
  (slug) =>
    isLanguage(slug)
      ? `"${slug}" is reserved: /${slug} is the site in that language`
      : !RESERVED_SLUGS.has(slug) || `"${slug}" is reserved: the site has its own /${slug} page`,
);

// A host name as a browser sends it in Host: labels of letters, digits and
// hyphens, at least two of them, the last starting with a letter (no IP).
const HOST_RE = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const PartnerDomain = coerce(
  nullable(pattern(string(), HOST_RE)),
  string(),
  (s) => s.trim().toLowerCase().replace(/\.$/, '') || null,
);

/** A language of the site, as the CLI writes it ('NL' too). */
const LanguageCode = coerce(enums(LANGUAGES), string(), (s) => s.trim().toLowerCase());

/**
 * The languages a partner's site offers: codes separated by commas or spaces ('nl,en'), stored in the
 * site's order as one text; 'all' (or '') for every language, stored as null.
 */
export const LanguageList = coerce(
  nullable(refine(string(), 'LanguageList', (list) => list.split(',').every(isLanguage))),
  string(),
  (s) => {
    const codes = s
      .toLowerCase()
      .split(/[\s,]+/)
      .filter(Boolean);
    if (!codes.length || (codes.length === 1 && codes[0] === 'all')) return null;
    const unknown = codes.filter((code) => !isLanguage(code));
    return unknown.length ? codes.join(',') : LANGUAGES.filter((l) => codes.includes(l)).join(',');
  },
);

const Color = coerce(HexColor, string(), (s) => s.trim().toLowerCase());
/** The lead forms' rules (one mailbox; a phone number), which the accounts use too. */
const Email = ContactFields.schema.email;
const Phone = BrokerFields.schema.phone;
/** An http(s) URL, or a path on this site such as /assets/partners/x.svg. */
const LogoUrl = refine(size(UrlText, 1, 500), 'LogoUrl', (v) => {
  if (v.startsWith('/')) return !v.startsWith('//') && !v.includes('\\');
  try {
    return ['http:', 'https:'].includes(new URL(v).protocol);
  } catch {
    return false;
  }
});

export const partnerFields = {
  slug: PartnerSlug,
  name: trimmed(size(OneLine, 1, 120)),
  domain: optional(PartnerDomain),
  logo: optionalText(LogoUrl),
  email: optionalText(Email),
  phone: optionalText(Phone),
  address: optionalText(size(OneLine, 1, 200)),
  city: optionalText(size(OneLine, 1, 100)),
  primary: optional(Color),
  secondary: optional(Color),
  heading: optional(Color),
  /** How its copies of the listings are indexed: canonical to the main site, or noindex. */
  indexing: optional(coerce(ListingIndexing, string(), (s) => s.trim().toLowerCase())),
  /** The languages its site offers (null: every one). */
  languages: optional(LanguageList),
  /** The language its domain's root serves: one it offers. */
  root: optional(LanguageCode),
};

/** A new partner; colours left out take the defaults of SPEC §3. */
export const NewPartner = object(partnerFields);
export type NewPartner = Infer<typeof NewPartner>;
/** The fields to change; null (or '') clears an optional one. */
export const PartnerChanges = partial(object(partnerFields));
export type PartnerChanges = Infer<typeof PartnerChanges>;

export const partnerExpectations: Record<keyof typeof partnerFields, string> = {
  slug: '2 to 60 lowercase letters, digits and single hyphens, such as costa-casas',
  name: 'a name of 1 to 120 characters on one line',
  domain: 'a host name such as costa-casas.es, without scheme, port or path',
  logo: 'an http(s) URL or a path starting with /, without spaces, quotes or angle brackets',
  email: 'an email address',
  phone: 'a phone number such as +34 965 71 24 80',
  address: 'an address of at most 200 characters on one line',
  city: 'a city of at most 100 characters on one line',
  primary: 'a colour like #13206a',
  secondary: 'a colour like #fffb00',
  heading: 'a colour like #fffb00',
  indexing: 'canonical or noindex',
  languages: `languages of the site separated by commas, such as nl,en, or all (${LANGUAGES.join(' ')})`,
  root: `one of the site's languages (${LANGUAGES.join(' ')})`,
};

export const columnOf = {
  slug: 'slug',
  name: 'name',
  domain: 'domain',
  logo: 'logo',
  email: 'email',
  phone: 'phone',
  address: 'address',
  city: 'city',
  primary: 'color_primary',
  secondary: 'color_secondary',
  heading: 'color_heading',
  indexing: 'listing_indexing',
  languages: 'languages',
  root: 'root_language',
} as const satisfies Record<keyof typeof partnerFields, keyof PartnersTable>;

export type PartnerField = keyof typeof partnerFields;
/** The fields an update may not clear. */
export const REQUIRED = new Set<PartnerField>(['slug', 'name', 'primary', 'secondary', 'heading', 'indexing', 'root']);
