// Small parsers for the values real Kyero feeds carry: amounts written with
// spaces, dots or commas, dates with or without a time, yes/no flags, and
// names turned into URL slugs. Each returns null for what it cannot read, so
// the caller decides whether that rejects the property or drops the field.

/** Feeds repeat the same few hundred town and type names: remember their slugs. */
const slugs = new Map<string, string>();

/** 'Jávea / Xàbia' → 'javea-xabia'. Accents folded, anything else not [a-z0-9] a dash. */
export function slugify(text: string): string {
  let slug = slugs.get(text);
  if (slug === undefined) {
    slug = makeSlug(text);
    if (text.length <= 100) {
      if (slugs.size >= 10_000) slugs.clear();
      slugs.set(detach(text), slug);
    }
  }
  return slug;
}

function makeSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

/**
 * A copy of a string that does not keep alive the string it was cut from. The
 * reader's values are slices of the feed's 256 KB chunks: one kept in a map for
 * the whole import would keep its whole chunk alive (V8's sliced strings).
 */
export function detach(text: string): string {
  return text.length < 13 ? text : (' ' + text).slice(1);
}

/** White space that squash would change: any but a single inner ' ' (most fields have none: no new string then). */
const UNTIDY_SPACE = /[^\S ]| {2}|^ | $/;

/** Collapses runs of white space (feeds pad CDATA with newlines and tabs). */
export function squash(text: string): string {
  return UNTIDY_SPACE.test(text) ? text.replace(/\s+/g, ' ').trim() : text;
}

const SPACES = /[\s\u00a0\u2007\u202f']/g;

/**
 * '245000', '245 000', '245.000', '245,000', '245000.00', '1.245.000,50',
 * '€ 245.000' → a number (not rounded). A lone separator followed by exactly
 * three digits is a thousands separator ('245.000' is 245000): no price or area
 * is written with three decimals.
 */
export function parseAmount(raw: string): number | null {
  let s = raw
    .replace(SPACES, '')
    .replace(/^(€|eur)/i, '')
    .replace(/(€|eur|m2|m²|sqm)$/i, '');
  if (!s) return null;
  if (/^\d+$/.test(s)) return Number(s);
  const m = /^(\d[\d.,]*?)([.,])(\d+)$/.exec(s);
  if (!m) return null;
  const [, head, , tail] = m as unknown as [string, string, string, string];
  if (tail.length === 3) {
    // Thousands: every group after the first has three digits.
    if (!/^\d{1,3}([.,]\d{3})*$/.test(head)) return null;
    s = `${head}${tail}`.replace(/[.,]/g, '');
    return Number(s);
  }
  if (tail.length > 2) return null;
  // Decimals: the head may itself hold thousands separators of the other kind.
  if (!/^\d+$/.test(head) && !/^\d{1,3}([.,]\d{3})+$/.test(head)) return null;
  return Number(`${head.replace(/[.,]/g, '')}.${tail}`);
}

/** A whole number from 0 to max, rounding decimals ('2.0' → 2); null if not one. */
export function parseCount(raw: string, max: number): number | null {
  const n = parseAmount(raw);
  if (n === null || !Number.isFinite(n)) return null;
  const r = Math.round(n);
  return r >= 0 && r <= max ? r : null;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Kyero's 'YYYY-MM-DD HH:MM:SS' (also with a T, without seconds or time, with
 * a zone) → an ISO-8601 UTC string. A time without a zone is read as UTC.
 */
export function parseFeedDate(raw: string): string | null {
  const m = DATE.exec(raw.trim());
  if (!m) return null;
  const [y, mo, d, h = '0', mi = '0', s = '0'] = m.slice(1, 7).map((v) => v ?? undefined) as string[];
  const ms = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  const date = new Date(ms);
  // Date.UTC rolls 2024-02-30 over to March: refuse dates that do not exist.
  if (date.getUTCFullYear() !== Number(y) || date.getUTCMonth() !== Number(mo) - 1 || date.getUTCDate() !== Number(d)) return null;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null;
  let offset = 0;
  const zone = m[7];
  if (zone && zone.toUpperCase() !== 'Z') {
    const z = /^([+-])(\d{2}):?(\d{2})$/.exec(zone)!;
    offset = (z[1] === '-' ? -1 : 1) * (Number(z[2]) * 60 + Number(z[3]));
  }
  const year = date.getUTCFullYear();
  if (year < 1990 || year > 2200) return null;
  return new Date(ms - offset * 60_000).toISOString();
}

/** 'YYYY-MM' (also 'YYYY-MM-DD', 'MM/YYYY') → 'YYYY-MM'. */
export function parseMonth(raw: string): string | null {
  const s = raw.trim();
  let m = /^(\d{4})-(\d{1,2})(?:-\d{1,2})?$/.exec(s);
  if (m) return month(m[1]!, m[2]!);
  m = /^(\d{1,2})[/.-](\d{4})$/.exec(s);
  if (m) return month(m[2]!, m[1]!);
  return null;
}

function month(y: string, m: string): string | null {
  const n = Number(m);
  return n >= 1 && n <= 12 ? `${y}-${String(n).padStart(2, '0')}` : null;
}

export function parseFlag(raw: string): boolean | null {
  const s = raw.trim().toLowerCase();
  if (['1', 'true', 'yes', 'y', 'si', 'sí'].includes(s)) return true;
  if (['0', 'false', 'no', 'n', ''].includes(s)) return false;
  return null;
}

/**
 * An http(s) URL, a protocol-relative one (made https) or a site-relative path,
 * with whatever a URL may not carry (spaces, accents, brackets) percent-encoded
 * by the WHATWG URL parser, as browsers do: exporters write file names as they
 * are ('01 fachada.jpg'). null for anything else.
 */
const CLEAN_PATH = /^\/(?![/\\])[A-Za-z0-9\-._~!$&'()*+,;=:@/%?#]*$/;

export function parseUrl(raw: string): string | null {
  const s = raw.trim();
  if (!s || s.length > 2000 || s.includes('\\')) return null;
  // Most are already clean paths (/media/demo/p1-villa-1.svg): no parser needed.
  if (CLEAN_PATH.test(s)) return s;
  try {
    if (s.startsWith('/') && !s.startsWith('//')) {
      const url = new URL(s, 'http://site.invalid');
      return url.host === 'site.invalid' ? `${url.pathname}${url.search}${url.hash}` : null;
    }
    const url = new URL(s.startsWith('//') ? `https:${s}` : s);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.hostname) return url.href;
  } catch {
    // not a URL
  }
  return null;
}
