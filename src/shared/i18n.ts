// Every user-visible string comes from locales/en.json (the only locale in use,
// SPEC §1). Keys are dotted paths; {name} placeholders are filled from vars; a
// message that depends on a number has a form per plural category (tp).
import en from '../../locales/en.json' with { type: 'json' };

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

/** The strings' language (SPEC §1: English); plural forms follow its rules. */
export const LOCALE = 'en';
const pluralRules = new Intl.PluralRules(LOCALE);

export function lookup(messages: unknown, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/** Every string of the locale by its dotted key, built once: t() is a map lookup, not a walk per call. */
const strings = new Map<string, string>();
/** The lists (tList), by their dotted key. */
const lists = new Map<string, unknown[]>();

function flatten(node: unknown, prefix: string): void {
  if (typeof node === 'string') strings.set(prefix, node);
  else if (Array.isArray(node)) lists.set(prefix, node);
  else if (node && typeof node === 'object') for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k);
}

/**
 * More of the locale (a subtree of en.json, from its root): the browser's page
 * chunks bring the sections only their page shows (build.mjs,
 * src/client/messages-split.mjs); the server has the whole file from the start.
 */
export function addMessages(tree: unknown): void {
  flatten(tree, '');
}

addMessages(en);

/** Whether the locale has a string at `key` (a key made at run time, as a category's). */
export function hasMessage(key: string): boolean {
  return strings.has(key);
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const value = strings.get(key);
  if (value === undefined) return key;
  return vars ? fill(value, vars) : value;
}

/**
 * A message with a form per plural category of the language (CLDR's, through
 * Intl.PluralRules: English has one and other, Polish one, few, many and other),
 * the form for `count` filled with `vars`; `{count}` is the number itself unless vars say otherwise.
 */
export function tp(key: PluralKey, count: number, vars?: Record<string, string | number>): string {
  const value = strings.get(`${key}.${pluralRules.select(count)}`) ?? strings.get(`${key}.other`);
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
  const value = lists.get(key);
  if (!value) return [];
  return (vars ? value.map((v) => (typeof v === 'string' ? fill(v, vars) : v)) : value) as T[];
}
