// Every user-visible string comes from the locale files (locales/<language>.json,
// keys as in en.json). Keys are dotted paths; {name} placeholders are filled from
// vars; a message that depends on a number has a form per plural category (tp).
// The browser's bundle is built per language and holds that language's strings
// only (build.mjs); the server holds every language's and renders each request
// in its own (the language source, set per render).
import en from '../../locales/en.json' with { type: 'json' };
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';

export type Messages = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends object ? Leaves<T[K], `${P}${K}.`> : never;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;
/** A message with a form per plural category (`{"one": "{count} bedroom", "other": "{count} bedrooms"}`). */
type PluralLeaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends { other: string }
    ? `${P}${K}`
    : T[K] extends string
      ? never
      : T[K] extends object
        ? PluralLeaves<T[K], `${P}${K}.`>
        : never;
}[keyof T & string];
export type PluralKey = PluralLeaves<Messages>;

// The browser bundle's language, defined by build.mjs; absent on the server (English, the default).
declare const __BUILT_LANGUAGE__: Language | undefined;
const BUILT: Language = typeof __BUILT_LANGUAGE__ === 'string' ? __BUILT_LANGUAGE__ : DEFAULT_LANGUAGE;

let source: () => Language | undefined = () => undefined;
/** The language writeIn() holds while its work runs; it comes before the source. */
let written: Language | undefined;

/** Where t() learns the language of what is being rendered (the server's render of a request); the built one otherwise. */
export function setLanguageSource(next: () => Language | undefined): void {
  source = next;
}

/** The language of the strings being written now. */
export function currentLanguage(): Language {
  return written ?? source() ?? BUILT;
}

/**
 * `write()`'s strings, numbers and dates in `language` (a mail's, or an answer's
 * in a language asked for: outside any page's render). Synchronous only:
 * nothing else runs until it returns, so no other request or job sees its
 * language, and a page's render pays nothing for it.
 */
export function writeIn<T>(language: Language, write: () => T): T {
  const before = written;
  written = language;
  try {
    const out = write();
    if (out instanceof Promise)
      throw new TypeError('writeIn() takes synchronous work only: after an await, t() would be in another language');
    return out;
  } finally {
    written = before;
  }
}

export function lookup(messages: unknown, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** A language's strings by dotted key (t() is a map lookup, not a walk per call), its lists (tList), its plural rules. */
interface Catalog {
  strings: Map<string, string>;
  lists: Map<string, unknown[]>;
  plurals: Intl.PluralRules;
}

const catalogs = new Map<Language, Catalog>();

// A language's catalog starts as a copy of the built language's (English on the server): a string its file lacks stays English.
function catalogOf(language: Language): Catalog {
  let catalog = catalogs.get(language);
  if (!catalog) {
    const built = catalogs.get(BUILT);
    catalog = { strings: new Map(built?.strings), lists: new Map(built?.lists), plurals: new Intl.PluralRules(language) };
    catalogs.set(language, catalog);
  }
  return catalog;
}

function flatten(catalog: Catalog, node: unknown, prefix: string): void {
  if (typeof node === 'string') catalog.strings.set(prefix, node);
  else if (Array.isArray(node)) catalog.lists.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(catalog, v, prefix ? `${prefix}.${k}` : k);
}

/**
 * More of a language's strings (a subtree of its file, from its root): the
 * browser's page chunks bring the sections only their page shows (build.mjs,
 * src/client/messages-split.mjs); the server adds every language's whole file at start.
 */
export function addMessages(tree: unknown, language: Language = BUILT): void {
  flatten(catalogOf(language), tree, '');
}

addMessages(en);

const current = (): Catalog => catalogOf(currentLanguage());

/** Whether the locale has a string at `key` (a key made at run time, as a category's). */
export function hasMessage(key: string): boolean {
  return current().strings.has(key);
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const value = current().strings.get(key);
  if (value === undefined) return key;
  return vars ? fill(value, vars) : value;
}

/**
 * A message with a form per plural category of the language (CLDR's, through
 * Intl.PluralRules: English has one and other, Polish one, few, many and other),
 * the form for `count` filled with `vars`; `{count}` is the number itself unless vars say otherwise.
 */
export function tp(key: PluralKey, count: number, vars?: Record<string, string | number>): string {
  const { strings, plurals } = current();
  const value = strings.get(`${key}.${plurals.select(count)}`) ?? strings.get(`${key}.other`);
  return value === undefined ? key : fill(value, { count, ...vars });
}

/** Each text of the locale cut once at its {placeholders}: text, name, text, … (a page fills some hundreds). */
const templates = new Map<string, string[]>();

function fill(text: string, vars: Record<string, string | number>): string {
  let parts = templates.get(text);
  if (!parts) templates.set(text, (parts = text.split(/\{(\w+)\}/)));
  let out = parts[0]!;
  for (let i = 1; i < parts.length; i += 2) {
    const name = parts[i]!;
    out += (name in vars ? String(vars[name]) : `{${name}}`) + parts[i + 1]!;
  }
  return out;
}

/** A list of strings or objects from the locale file (e.g. the franchise benefits); `vars` fill a list of strings' {name} placeholders. */
export function tList<T = string>(key: string, vars?: Record<string, string | number>): T[] {
  const value = current().lists.get(key);
  if (!value) return [];
  return (vars ? value.map((v) => (typeof v === 'string' ? fill(v, vars) : v)) : value) as T[];
}
