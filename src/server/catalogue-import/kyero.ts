// A streaming Kyero v3 reader: bytes in, one checked property record out at a
// time. saxes parses chunk by chunk; only the <property> being read is held
// (as a small element tree), so memory stays flat whatever the feed's size.
//
// Two kinds of trouble, kept apart:
//   - a property that misses or garbles a required field (id, date, price,
//     type, town, province) is yielded as { ok: false, reason } and the feed
//     goes on;
//   - a document that is not well-formed XML, or whose root is not <root>, is
//     fatal: readKyero throws a FeedError, and the importer rolls back.
//
// The format, with this project's extensions, is described in README.md.
import { SaxesParser } from 'saxes';
import type { FileKind, ProjectStage, UnitStatus } from '../store/schema.ts';
import { categoryFor } from './categories.ts';
import {
  HTML_ENTITIES, parseAmount, parseCount, parseFeedDate, parseFlag, parseMonth, parseUrl, slugify, squash,
} from './text.ts';

export interface FeedImage {
  url: string;
  caption: string | null;
  floorplan: boolean;
}

export interface FeedDocument {
  kind: FileKind;
  title: string;
  url: string;
}

/** One Kyero <property>: a unit, checked and normalised. */
export interface FeedProperty {
  /** Kyero <id>: the stable key within a feed. */
  id: string;
  /** Kyero <date> as an ISO-8601 UTC timestamp: a change means the property was updated. */
  date: string;
  ref: string | null;
  /** Whole euros. */
  price: number;
  /** The <type> as written (tidied); see categoryFor. */
  type: string;
  town: string;
  province: string;
  country: string;
  locationDetail: string | null;
  lat: number | null;
  lng: number | null;
  bedrooms: number;
  bathrooms: number;
  pool: boolean;
  built: number | null;
  plot: number | null;
  terrace: number | null;
  solarium: number | null;
  garden: number | null;
  description: string;
  features: string[];
  images: FeedImage[];
  documents: FeedDocument[];
  // Extensions (README.md): grouping into developments and what Kyero lacks.
  developmentRef: string | null;
  developmentName: string | null;
  developer: string | null;
  deliveryDate: string | null;
  stage: ProjectStage | null;
  status: UnitStatus;
  floor: string | null;
  /** The line of the feed where the property starts. */
  line: number;
}

export type FeedItem =
  | { ok: true; property: FeedProperty }
  | { ok: false; id: string | null; line: number; reason: string };

/** The feed cannot be read at all: not XML, not Kyero, or the bytes stopped coming. */
export class FeedError extends Error {
  override name = 'FeedError';
}

/** Bounds on one property, so that a hostile feed cannot make one record huge. */
const MAX_NODES = 5000;
const MAX_TEXT = 256 * 1024;
/** PostgreSQL's integer is 32-bit: amounts beyond this are refused. */
const MAX_PRICE = 2_000_000_000;
const MAX_AREA = 10_000_000;
const MAX_ROOMS = 99;

interface El {
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: El[];
}

/** Chunks of the feed: a file or HTTP stream, any async iterable, or an array / generator of them. */
export type FeedInput = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * Reads a Kyero v3 feed from a byte stream (a file stream, an HTTP response
 * body, any async iterable of chunks) and yields its properties in order.
 * Throws FeedError when the document is malformed or is not a Kyero feed.
 */
export async function* readKyero(input: FeedInput): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true, fileName: '' });
  Object.assign(parser.ENTITIES, HTML_ENTITIES);

  let depth = 0;
  let rootSeen = false;
  // Inside a <property>: the open elements, outermost first.
  const stack: El[] = [];
  let nodes = 0;
  let textSize = 0;
  let tooLarge = false;
  let startLine = 0;
  let out: FeedItem[] = [];

  parser.on('opentag', (tag) => {
    depth++;
    const name = tag.name.toLowerCase();
    if (depth === 1) {
      if (name !== 'root') throw new FeedError(`not a Kyero feed: the root element is <${tag.name}>, not <root>`);
      rootSeen = true;
      return;
    }
    if (stack.length) {
      if (++nodes > MAX_NODES) {
        tooLarge = true;
        // Keep depth balanced with a throwaway element that collects nothing.
        stack.push({ name: '#skip', attrs: {}, text: '', children: [] });
        return;
      }
      const el: El = { name, attrs: lowerKeys(tag.attributes as Record<string, string>), text: '', children: [] };
      stack[stack.length - 1]!.children.push(el);
      stack.push(el);
      return;
    }
    if (depth === 2 && name === 'property') {
      nodes = 0;
      textSize = 0;
      tooLarge = false;
      startLine = parser.line;
      stack.push({ name, attrs: {}, text: '', children: [] });
    }
  });

  const onText = (text: string) => {
    const el = stack[stack.length - 1];
    if (!el || tooLarge) return;
    textSize += text.length;
    if (textSize > MAX_TEXT) {
      tooLarge = true;
      return;
    }
    el.text += text;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);

  parser.on('closetag', () => {
    depth--;
    if (!stack.length) return;
    const el = stack.pop()!;
    if (stack.length) return;
    out.push(tooLarge ? reject(el, startLine, ['property: too large (more than 5000 elements or 256 KB of text)']) : toItem(el, startLine));
  });

  const decoder = new Decoder();
  try {
    for await (const chunk of input) {
      parser.write(decoder.decode(chunk));
      if (out.length) {
        const ready = out;
        out = [];
        yield* ready;
      }
    }
    parser.write(decoder.end());
    parser.close();
  } catch (error) {
    throw asFeedError(error);
  }
  if (!rootSeen) throw new FeedError('not a Kyero feed: the document is empty');
  yield* out;
}

/** saxes says 'feed:12:5: unexpected close tag.'; keep it to one readable line. */
function asFeedError(error: unknown): Error {
  if (error instanceof FeedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const m = /^(\d+):(\d+): (.*)$/s.exec(message);
  if (m) return new FeedError(`malformed XML at line ${m[1]}, column ${m[2]}: ${m[3]!.replace(/\.$/, '')}`);
  // Anything else (a failed download, a read error) keeps its own message.
  return error instanceof Error ? error : new Error(message);
}

/**
 * UTF-8 by default; a feed that declares ISO-8859-1 or Windows-1252 in its
 * XML declaration is decoded as such (Spanish feeds still do).
 */
class Decoder {
  private decoder: TextDecoder | undefined;
  private head: Uint8Array[] = [];
  private headSize = 0;

  decode(chunk: Uint8Array | string): string {
    if (typeof chunk === 'string') return chunk;
    if (!this.decoder) {
      this.head.push(chunk);
      this.headSize += chunk.length;
      // The declaration is in the first bytes; wait for enough of them.
      if (this.headSize < 256) return '';
      return this.start();
    }
    return this.decoder.decode(chunk, { stream: true });
  }

  end(): string {
    const rest = this.decoder ? '' : this.start();
    return rest + this.decoder!.decode();
  }

  private start(): string {
    const bytes = Buffer.concat(this.head);
    this.head = [];
    const decl = /^(?:\uFEFF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(bytes.subarray(0, 256).toString('latin1'));
    const declared = decl?.[1]?.toLowerCase();
    const label = declared && /^(iso-8859-1|iso-8859-15|latin1|latin-1|windows-1252|cp1252)$/.test(declared) ? 'windows-1252' : 'utf-8';
    this.decoder = new TextDecoder(label);
    return this.decoder.decode(bytes, { stream: true });
  }
}

const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

function lowerKeys(attrs: Record<string, string>): Record<string, string> {
  let out = NO_ATTRIBUTES;
  for (const k in attrs) {
    if (out === NO_ATTRIBUTES) out = {};
    out[k.toLowerCase()] = attrs[k]!;
  }
  return out;
}

// --- from elements to a property ------------------------------------------------

const child = (el: El | undefined, name: string): El | undefined => el?.children.find((c) => c.name === name);
const childrenNamed = (el: El | undefined, name: string): El[] => el?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the first child of that name; '' when absent. */
const textOf = (el: El | undefined, name: string): string => (child(el, name)?.text ?? '').trim();

/**
 * A multilingual field (<desc><en>…</en><es>…</es></desc>): English when it has
 * text, else the first language that has; the first non-empty one of repeated
 * keys. Also accepts plain text directly inside the element.
 */
function languageText(el: El | undefined): string {
  if (!el) return '';
  let first = '';
  let english = '';
  for (const c of el.children) {
    const text = c.text.trim();
    if (!text) continue;
    if (c.name === 'en' && !english) english = text;
    if (!first) first = text;
  }
  return english || first || el.text.trim();
}

function reject(el: El, line: number, problems: string[]): FeedItem {
  const id = textOf(el, 'id').slice(0, 100) || null;
  return { ok: false, id, line, reason: problems.join('; ') };
}

function toItem(el: El, line: number): FeedItem {
  const problems: string[] = [];

  const id = squash(textOf(el, 'id'));
  if (!id) problems.push('id: missing');
  else if (id.length > 100) problems.push('id: longer than 100 characters');

  const rawDate = textOf(el, 'date');
  const date = rawDate ? parseFeedDate(rawDate) : null;
  if (!rawDate) problems.push('date: missing');
  else if (!date) problems.push(`date: not a date like 2024-05-31 12:00:00 (got "${clip(rawDate)}")`);

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

  const town = squash(textOf(el, 'town'));
  if (!town) problems.push('town: missing');
  else if (!slugify(town)) problems.push(`town: not a place name (got "${clip(town)}")`);
  const province = squash(textOf(el, 'province'));
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
    date: date!,
    ref: squash(textOf(el, 'ref')).slice(0, 100) || null,
    price: Math.round(amount!),
    type: type.slice(0, 80),
    town: town.slice(0, 100),
    province: province.slice(0, 100),
    country: country.slice(0, 100),
    locationDetail: squash(textOf(el, 'location_detail')).slice(0, 200) || null,
    lat,
    lng,
    bedrooms: optionalCount(textOf(el, 'beds'), MAX_ROOMS) ?? 0,
    bathrooms: optionalCount(textOf(el, 'baths'), MAX_ROOMS) ?? 0,
    pool: parseFlag(textOf(el, 'pool')) ?? false,
    built: area('built'),
    plot: area('plot'),
    terrace: area('terrace'),
    solarium: area('solarium'),
    garden: area('garden'),
    description: languageText(child(el, 'desc')).slice(0, 20_000),
    features: features(child(el, 'features')),
    images: images(child(el, 'images')),
    documents: documents(child(el, 'documents')),
    developmentRef,
    developmentName: squash(textOf(el, 'development_name')).slice(0, 200) || null,
    developer: squash(textOf(el, 'developer')).slice(0, 200) || null,
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

/** An optional number: absent or unreadable means unknown (null), never a rejection. */
function optionalCount(raw: string, max: number): number | null {
  return raw ? parseCount(raw, max) : null;
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

function features(el: El | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of childrenNamed(el, 'feature')) {
    const text = squash(languageText(f)).slice(0, 100);
    const key = text.toLowerCase();
    if (text && !seen.has(key) && out.length < 60) {
      seen.add(key);
      out.push(text);
    }
  }
  return out;
}

function isFloorplan(image: El): boolean {
  if (parseFlag(image.attrs.floorplan ?? '') === true) return true;
  if (parseFlag(textOf(image, 'floorplan')) === true) return true;
  return childrenNamed(child(image, 'tags'), 'tag').some((t) => slugify(t.text).replace(/-/g, '') === 'floorplan');
}

/** In the order of their id attribute (Kyero numbers them), then of the feed; one entry per URL. */
function images(el: El | undefined): FeedImage[] {
  const list = childrenNamed(el, 'image')
    .map((image, index) => ({ image, index, order: Number(image.attrs.id) }))
    .sort((a, b) => (Number.isFinite(a.order) ? a.order : Infinity) - (Number.isFinite(b.order) ? b.order : Infinity) || a.index - b.index);
  const out: FeedImage[] = [];
  const seen = new Set<string>();
  for (const { image } of list) {
    const url = parseUrl(textOf(image, 'url') || image.text);
    if (!url || seen.has(url) || out.length >= 100) continue;
    seen.add(url);
    out.push({ url, caption: squash(languageText(child(image, 'title'))).slice(0, 300) || null, floorplan: isFloorplan(image) });
  }
  return out;
}

const DOCUMENT_KINDS: Record<string, FileKind> = {
  pricelist: 'price_list', prices: 'price_list', floorplan: 'floor_plan', floorplans: 'floor_plan', plans: 'floor_plan',
  brochure: 'brochure', dossier: 'brochure',
};
export const DOCUMENT_TITLES: Record<FileKind, string> = { price_list: 'Price list', floor_plan: 'Floor plan', brochure: 'Brochure' };

function documents(el: El | undefined): FeedDocument[] {
  const out: FeedDocument[] = [];
  const seen = new Set<string>();
  for (const doc of childrenNamed(el, 'document')) {
    const kind = DOCUMENT_KINDS[slugify(doc.attrs.kind ?? textOf(doc, 'kind')).replace(/-/g, '').replace(/_/g, '')];
    const url = parseUrl(textOf(doc, 'url'));
    if (!kind || !url || seen.has(url) || out.length >= 50) continue;
    seen.add(url);
    out.push({ kind, url, title: squash(languageText(child(doc, 'title'))).slice(0, 200) || DOCUMENT_TITLES[kind] });
  }
  return out;
}
