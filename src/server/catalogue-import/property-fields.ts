// From a <property>'s element tree to a checked unit record (toItem), or to
// the reasons it is refused: the rules of docs/catalogue-import.md, "The format".
import type { ProjectStage, UnitStatus } from '../store/schema.ts';
import { categoryFor } from './categories.ts';
import { descriptions } from './descriptions.ts';
import { child, languages, textOf, type El } from './feed-element.ts';
import type { FeedItem, FeedProperty } from './feed-property.ts';
import { detailBesidesTown, properPlaceName } from './places.ts';
import { documents, features, images, media } from './property-media.ts';
import { plainField } from './rich-text.ts';
import { parseAmount, parseCount, parseFeedDate, parseFlag, parseMonth, parseUrl, slugify, squash } from './text.ts';

/** PostgreSQL's integer is 32-bit: amounts beyond this are refused. */
const MAX_PRICE = 2_000_000_000;
const MAX_AREA = 10_000_000;
const MAX_ROOMS = 99;

function urls(el: El | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, raw] of languages(el, (c) => c.text)) {
    const url = parseUrl(raw);
    if (url && /^https?:/.test(url)) out[code] = url;
  }
  return out;
}

export function reject(el: El, line: number, problems: string[]): FeedItem {
  const id = (textOf(el, 'id') || (textOf(el, 'ref') && `ref:${textOf(el, 'ref')}`)).slice(0, 100) || null;
  return { ok: false, id, line, reason: problems.join('; ') };
}

export function toItem(el: El, line: number): FeedItem {
  const problems: string[] = [];

  // Without <id>, a property is keyed by its <ref>; the prefix keeps the two kinds of key apart.
  const ref = squash(textOf(el, 'ref')).slice(0, 100) || null;
  const id = squash(textOf(el, 'id')) || (ref ? `ref:${ref}` : '');
  if (!id) problems.push('id: missing, and no <ref> to key the property by');
  else if (id.length > 104) problems.push('id: longer than 100 characters');

  // <date> is a hint: absent or unreadable, the property is compared by content.
  const date = parseFeedDate(textOf(el, 'date'));

  const rawPrice = textOf(el, 'price');
  const amount = rawPrice ? parseAmount(rawPrice) : null;
  if (!rawPrice) problems.push('price: missing');
  else if (amount === null || !Number.isFinite(amount)) problems.push(`price: not an amount (got "${clip(rawPrice)}")`);
  else if (Math.round(amount) <= 0) problems.push(`price: must be more than 0 (got "${clip(rawPrice)}")`);
  else if (amount > MAX_PRICE) problems.push(`price: too large (got "${clip(rawPrice)}")`);

  const currency = textOf(el, 'currency').toUpperCase();
  if (currency && currency !== 'EUR' && currency !== '€') problems.push(`currency: only EUR is listed (got "${clip(currency)}")`);
  const freq = textOf(el, 'price_freq').toLowerCase();
  if (freq && freq !== 'sale') problems.push(`price_freq: not for sale (got "${clip(freq)}")`);

  const type = squash(textOf(el, 'type'));
  if (!type) problems.push('type: missing');
  else if (!categoryFor(type)) problems.push(`type: not a property type (got "${clip(type)}")`);

  const town = properPlaceName(squash(textOf(el, 'town')), 'town');
  if (!town) problems.push('town: missing');
  else if (!slugify(town)) problems.push(`town: not a place name (got "${clip(town)}")`);
  const province = properPlaceName(squash(textOf(el, 'province')), 'province');
  if (!province) problems.push('province: missing');
  else if (!slugify(province)) problems.push(`province: not a place name (got "${clip(province)}")`);
  let country = squash(textOf(el, 'country'));
  if (!slugify(country)) country = 'Spain';

  if (problems.length) return reject(el, line, problems);

  const location = child(el, 'location');
  let lat = coordinate(textOf(location, 'latitude'), 90);
  let lng = coordinate(textOf(location, 'longitude'), 180);
  // Half a position, or the 0,0 some feeds write for 'unknown', is no position.
  if (lat === null || lng === null || (lat === 0 && lng === 0)) lat = lng = null;

  const surface = child(el, 'surface_area');
  const area = (name: string) => optionalCount(textOf(surface, name), MAX_AREA);

  const developmentRef = squash(textOf(el, 'development_ref')).slice(0, 100) || null;
  const deliveryDate = parseMonth(textOf(el, 'delivery_date'));

  const property: FeedProperty = {
    id,
    date,
    ref,
    newBuild: textOf(el, 'new_build') ? parseFlag(textOf(el, 'new_build')) : null,
    price: Math.round(amount!),
    type: type.slice(0, 80),
    town: town.slice(0, 100),
    province: province.slice(0, 100),
    country: country.slice(0, 100),
    locationDetail: detailBesidesTown(squash(textOf(el, 'location_detail')), town)?.slice(0, 200) ?? null,
    lat,
    lng,
    bedrooms: optionalCount(textOf(el, 'beds'), MAX_ROOMS),
    bathrooms: optionalCount(textOf(el, 'baths'), MAX_ROOMS),
    pool: parseFlag(textOf(el, 'pool')) ?? false,
    built: area('built'),
    plot: area('plot'),
    terrace: area('terrace'),
    solarium: area('solarium'),
    garden: area('garden'),
    descriptions: descriptions(child(el, 'desc')),
    urls: urls(child(el, 'url')),
    features: features(child(el, 'features')),
    images: images(child(el, 'images')),
    documents: documents(child(el, 'documents')),
    media: media(el),
    developmentRef,
    developmentName: plainField(textOf(el, 'development_name')).slice(0, 200) || null,
    developer: plainField(textOf(el, 'developer')).slice(0, 200) || null,
    deliveryDate,
    stage: stage(textOf(el, 'stage')),
    status: status(textOf(el, 'status')),
    floor: squash(textOf(el, 'floor')).slice(0, 20) || null,
    line,
  };
  return { ok: true, property };
}

const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

function coordinate(raw: string, bound: number): number | null {
  if (!raw) return null;
  const n = Number(raw.replace(',', '.'));
  return Number.isFinite(n) && Math.abs(n) <= bound ? n : null;
}

/** An optional measure: absent, unreadable or 0 means unknown (null), never a rejection. */
function optionalCount(raw: string, max: number): number | null {
  return (raw && parseCount(raw, max)) || null;
}

function stage(raw: string): ProjectStage | null {
  const s = slugify(raw);
  if (!s) return null;
  if (/^(off-?plan|sobre-plano|planned|project)$/.test(s)) return 'off_plan';
  if (/^(under-?construction|in-construction|en-construccion|building)$/.test(s)) return 'under_construction';
  if (/^(key-?ready|completed|finished|ready|terminado|llave-en-mano)$/.test(s)) return 'key_ready';
  return null;
}

function status(raw: string): UnitStatus {
  const s = slugify(raw);
  if (/sold|vendid/.test(s)) return 'sold';
  if (/reserv|offer|option/.test(s)) return 'reserved';
  return 'available';
}
