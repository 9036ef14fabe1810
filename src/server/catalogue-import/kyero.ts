// A streaming Kyero v3 reader: bytes in, one checked property record out at a
// time. saxes parses chunk by chunk; only the <property> being read is held
// (as a small element tree), so memory stays flat whatever the feed's size.
//
// Two kinds of trouble, kept apart:
//   - a property that misses or garbles a required field (an id or a ref to key
//     it by, price, type, town or province) is yielded as { ok: false, reason }
//     and the feed goes on;
//   - a document that is not well-formed XML, or whose root is not <root>, is
//     fatal: readKyero throws a FeedError, and the importer rolls back.
//
// The format, with this project's extensions, is described in README.md.
import { SaxesParser } from 'saxes';
import { decodeHTML } from 'entities/decode';
import type { FileKind, ProjectStage, UnitStatus } from '../store/schema.ts';
import { categoryFor } from './categories.ts';
import { FeedDecoder, repairDoubleEncoding, type DecodingReport } from './encoding.ts';
import { properPlaceName } from './places.ts';
import { escapeMarkup, plainField, richText, type RichText } from './rich-text.ts';
import { parseAmount, parseCount, parseFeedDate, parseFlag, parseMonth, parseUrl, slugify, squash } from './text.ts';

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
  /** The stable key within a feed: Kyero <id>, else 'ref:' and its <ref>. */
  id: string;
  /**
   * Kyero <date> as an ISO-8601 UTC timestamp, null when absent or unreadable.
   * Only a hint: the importer compares a property's whole content.
   */
  date: string | null;
  ref: string | null;
  /** <new_build>: false for a resale, null when the feed does not say (read as new build). */
  newBuild: boolean | null;
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
  /** null: not given, or given as 0 (feeds write 0 for unknown). Areas likewise. */
  bedrooms: number | null;
  bathrooms: number | null;
  pool: boolean;
  built: number | null;
  plot: number | null;
  terrace: number | null;
  solarium: number | null;
  garden: number | null;
  /**
   * Every language's description as the feed wrote it (markup or plain text,
   * mended), keyed by ISO 639-1 code, in feed order; '' keys text written
   * straight into <desc>, in no language. describe() makes the rich and plain
   * text: the importer does it once per development, not per unit.
   */
  descriptions: Record<string, string>;
  /** <url> per language (the listing on the exporter's site). */
  urls: Record<string, string>;
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
  /**
   * For a language element of <desc>: its content as markup, with markup
   * written as XML elements (<en><p>…</p></en>) serialised back, for richText.
   */
  markup?: string;
}

/** What reading the feed had to mend, for the import's summary. */
export interface ReadReport {
  decoding: DecodingReport;
  /** Runs of text encoded twice by the exporter, repaired. */
  repairedText: number;
}

export const newReadReport = (): ReadReport => ({ decoding: { declared: 'utf-8', transcodedBytes: 0 }, repairedText: 0 });

/**
 * Every HTML entity a feed may write outside CDATA (&eacute; &nbsp; &euro; …),
 * resolved by the `entities` package, beside XML's own five.
 */
function htmlEntities(xml: Record<string, string>): Record<string, string> {
  return new Proxy(xml, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      if (name in target) return target[name];
      const decoded = decodeHTML(`&${name};`);
      return decoded === `&${name};` ? undefined : decoded;
    },
  });
}

/** Chunks of the feed: a file or HTTP stream, any async iterable, or an array / generator of them. */
export type FeedInput = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * Reads a Kyero v3 feed from a byte stream (a file stream, an HTTP response
 * body, any async iterable of chunks) and yields its properties in order.
 * Throws FeedError when the document is malformed or is not a Kyero feed.
 */
export async function* readKyero(input: FeedInput, report: ReadReport = newReadReport()): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true, fileName: '' });
  parser.ENTITIES = htmlEntities(parser.ENTITIES);

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
      const parent = stack[stack.length - 1]!;
      const markupOf = parent.name === '#markup' ? parent.children[0] : parent.markup !== undefined ? parent : undefined;
      if (markupOf) {
        // Markup inside a description: serialised into the language's text, not a tree.
        if (++nodes > MAX_NODES) tooLarge = true;
        markupOf.markup += `<${name}>`;
        stack.push({ name: '#markup', attrs: NO_ATTRIBUTES, text: '', children: [markupOf] });
        return;
      }
      if (++nodes > MAX_NODES) {
        tooLarge = true;
        // Keep depth balanced with a throwaway element that collects nothing.
        stack.push({ name: '#skip', attrs: {}, text: '', children: [] });
        return;
      }
      const el: El = { name, attrs: lowerKeys(tag.attributes as Record<string, string>), text: '', children: [] };
      if (parent.name === 'desc' && stack.length === 2) el.markup = '';
      parent.children.push(el);
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

  const onText = (text: string, raw: boolean) => {
    let el = stack[stack.length - 1];
    if (!el || tooLarge) return;
    textSize += text.length;
    if (textSize > MAX_TEXT) {
      tooLarge = true;
      return;
    }
    if (el.name === '#markup') el = el.children[0]!;
    el.text += text;
    // CDATA holds markup as written; parsed text is escaped back for the markup.
    if (el.markup !== undefined) el.markup += raw ? text : escapeMarkup(text);
  };
  parser.on('text', (text) => onText(text, false));
  parser.on('cdata', (text) => onText(text, true));

  const repaired = (text: string): string => {
    const fixed = repairDoubleEncoding(text);
    report.repairedText += fixed.repaired;
    return fixed.text;
  };

  parser.on('closetag', (tag) => {
    depth--;
    if (!stack.length) return;
    const el = stack.pop()!;
    if (el.name === '#markup') {
      const lang = el.children[0]!;
      lang.markup += `</${tag.name.toLowerCase()}>`;
      lang.text += ' ';
      return;
    }
    el.text = repaired(el.text);
    if (el.markup) el.markup = repaired(el.markup);
    if (stack.length) return;
    out.push(tooLarge ? reject(el, startLine, ['property: too large (more than 5000 elements or 256 KB of text)']) : toItem(el, startLine));
  });

  const decoder = new FeedDecoder();
  report.decoding = decoder.report;
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

/** 'en', 'EN', 'en-GB', 'es_ES' → the ISO 639-1 code; anything else is no language. */
function languageCode(name: string): string | null {
  const m = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/i.exec(name);
  return m ? m[1]!.toLowerCase() : null;
}

/** A multilingual element's texts by language, in feed order; the first non-empty one of repeated keys. */
function languages(el: El | undefined, text: (c: El) => string): Map<string, string> {
  const out = new Map<string, string>();
  for (const c of el?.children ?? []) {
    const code = languageCode(c.name);
    if (!code || out.has(code)) continue;
    const value = text(c).trim();
    if (value) out.set(code, value);
  }
  return out;
}

/**
 * A multilingual field (<title><en>…</en><es>…</es></title>): English when it has
 * text, else the first language that has. Also accepts text directly inside the element.
 */
function languageText(el: El | undefined): string {
  if (!el) return '';
  // Most are plain (<feature>Lift</feature>) or hold one language: no map for them.
  if (!el.children.length) return el.text.trim();
  if (el.children.length === 1) return (languageCode(el.children[0]!.name) && el.children[0]!.text.trim()) || el.text.trim();
  const texts = languages(el, (c) => c.text);
  return texts.get('en') ?? texts.values().next().value ?? el.text.trim();
}

const MAX_DESCRIPTION = 20_000;

/** <desc>: every language as rich text; the one shown is English, else the first. */
function descriptions(el: El | undefined): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [code, markup] of languages(el, (c) => c.markup ?? c.text)) all[code] = markup.slice(0, MAX_DESCRIPTION * 2);
  const untagged = (el?.text ?? '').trim();
  if (untagged && !Object.keys(all).length) all[''] = untagged.slice(0, MAX_DESCRIPTION * 2);
  return all;
}

export interface Described {
  /** The description to show: English, else the feed's first language, else text in no language. */
  description: RichText;
  /** Every language's, by ISO 639-1 code (text in no language is not filed under one). */
  descriptions: Record<string, RichText>;
}

/** A property's descriptions as rich and plain text; languages whose text is empty are left out. */
export function describe(p: Pick<FeedProperty, 'descriptions'>): Described {
  const all: Record<string, RichText> = {};
  let untagged: RichText | null = null;
  for (const [code, raw] of Object.entries(p.descriptions)) {
    const text = richText(raw);
    if (!text.text) continue;
    if (code) all[code] = text;
    else untagged = text;
  }
  return { description: all.en ?? Object.values(all)[0] ?? untagged ?? { text: '', html: '' }, descriptions: all };
}

function urls(el: El | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [code, raw] of languages(el, (c) => c.text)) {
    const url = parseUrl(raw);
    if (url && /^https?:/.test(url)) out[code] = url;
  }
  return out;
}

function reject(el: El, line: number, problems: string[]): FeedItem {
  const id = (textOf(el, 'id') || (textOf(el, 'ref') && `ref:${textOf(el, 'ref')}`)).slice(0, 100) || null;
  return { ok: false, id, line, reason: problems.join('; ') };
}

function toItem(el: El, line: number): FeedItem {
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
    locationDetail: squash(textOf(el, 'location_detail')).slice(0, 200) || null,
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

function features(el: El | undefined): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  for (const f of childrenNamed(el, 'feature')) {
    const text = plainField(languageText(f)).slice(0, 100);
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
    out.push({ url, caption: plainField(languageText(child(image, 'title'))).slice(0, 300) || null, floorplan: isFloorplan(image) });
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
    out.push({ kind, url, title: plainField(languageText(child(doc, 'title'))).slice(0, 200) || DOCUMENT_TITLES[kind] });
  }
  return out;
}
