// The test of whether a unit changed: a SHA-1 of everything the feed says
// about it (its <date> is only a hint). The fields are written one after the
// other with separators that cannot occur in feed text (XML forbids U+0001 to
// U+0003), rather than as JSON: JSON.stringify was most of the hash's cost
// (a third of a second per 10,000 developments).
import { hash } from 'node:crypto';
import type { FeedProperty } from './feed-property.ts';

/** Every field but the feed line, in a fixed order; the type makes a new field a compile error until it is listed. */
const HASHED: { [K in Exclude<keyof FeedProperty, 'line'>]: true } = {
  id: true,
  date: true,
  ref: true,
  newBuild: true,
  price: true,
  type: true,
  town: true,
  province: true,
  country: true,
  locationDetail: true,
  lat: true,
  lng: true,
  bedrooms: true,
  bathrooms: true,
  pool: true,
  built: true,
  plot: true,
  terrace: true,
  solarium: true,
  garden: true,
  descriptions: true,
  urls: true,
  features: true,
  images: true,
  documents: true,
  media: true,
  developmentRef: true,
  developmentName: true,
  developer: true,
  deliveryDate: true,
  stage: true,
  status: true,
  floor: true,
};
const FIELDS = Object.keys(HASHED) as Array<keyof typeof HASHED>;

const FIELD = '\u0001';
const PART = '\u0002';
const ITEM = '\u0003';

/** A field's value as text; null and absent are apart from '' ('\u0000' is not XML either). */
function field(value: unknown): string {
  if (value === null) return '\u0000';
  if (typeof value !== 'object') return String(value);
  if (Array.isArray(value)) {
    let out = '';
    for (const item of value)
      out += (typeof item === 'object' && item !== null ? record(item as Record<string, unknown>) : String(item)) + ITEM;
    return out;
  }
  return record(value as Record<string, unknown>);
}

function record(value: Record<string, unknown>): string {
  let out = '';
  for (const key in value) out += `${key}${PART}${value[key] === null ? '\u0000' : String(value[key])}${PART}`;
  return out;
}

/** Fields read since units were first hashed: while empty they add nothing, so a unit hashed before them keeps its hash. */
const ADDED_LATER: ReadonlySet<keyof typeof HASHED> = new Set(['media']);

/** The unit's content hash, as stored in units.content_hash. */
export function contentHash(p: FeedProperty): string {
  let text = '';
  for (const name of FIELDS) {
    const value = p[name];
    if (ADDED_LATER.has(name) && Array.isArray(value) && value.length === 0) continue;
    text += field(value) + FIELD;
  }
  return hash('sha1', text, 'base64url');
}
