// Every user-visible string comes from locales/en.json (the only locale in use,
// SPEC §1). Keys are dotted paths; {name} placeholders are filled from vars.
import en from '../../locales/en.json' with { type: 'json' };

export type Messages = typeof en;
type Leaves<T, P extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : T[K] extends object ? Leaves<T[K], `${P}${K}.`> : never;
}[keyof T & string];
export type MessageKey = Leaves<Messages>;

export function lookup(messages: unknown, key: string): unknown {
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

export function t(key: MessageKey, vars?: Record<string, string | number>): string {
  const value = lookup(en, key);
  if (typeof value !== 'string') return key;
  return vars ? value.replace(/\{(\w+)\}/g, (m, name: string) => (name in vars ? String(vars[name]) : m)) : value;
}

/** A list of strings or objects from the locale file (e.g. the franchise benefits). */
export function tList<T = string>(key: string): T[] {
  const value = lookup(en, key);
  return Array.isArray(value) ? (value as T[]) : [];
}
