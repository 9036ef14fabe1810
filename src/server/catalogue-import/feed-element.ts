// The small element tree the reader builds for one <property>, and the look-ups
// that read it: children by name, trimmed text, and multilingual elements
// (<en>, <es>, … in any case, 'en-GB' and 'es_ES' read as their ISO 639-1 code).

export interface El {
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

export const NO_ATTRIBUTES: Record<string, string> = Object.freeze({}) as Record<string, string>;

export function lowerKeys(attrs: Record<string, string>): Record<string, string> {
  // Most elements have none: no object, and no for-in (which cost 3 % of reading).
  const keys = Object.keys(attrs);
  if (!keys.length) return NO_ATTRIBUTES;
  const out: Record<string, string> = {};
  for (const k of keys) out[k.toLowerCase()] = attrs[k]!;
  return out;
}

export const child = (el: El | undefined, name: string): El | undefined => el?.children.find((c) => c.name === name);
export const childrenNamed = (el: El | undefined, name: string): El[] => el?.children.filter((c) => c.name === name) ?? [];
/** The trimmed text of the first child of that name; '' when absent. */
export const textOf = (el: El | undefined, name: string): string => (child(el, name)?.text ?? '').trim();

/** 'en', 'EN', 'en-GB', 'es_ES' → the ISO 639-1 code; anything else is no language. */
export function languageCode(name: string): string | null {
  const m = /^([a-z]{2})(?:[-_][a-z]{2,4})?$/i.exec(name);
  return m ? m[1]!.toLowerCase() : null;
}

/** A multilingual element's texts by language, in feed order; the first non-empty one of repeated keys. */
export function languages(el: El | undefined, text: (c: El) => string): Map<string, string> {
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
export function languageText(el: El | undefined): string {
  if (!el) return '';
  // Most are plain (<feature>Lift</feature>) or hold one language: no map for them.
  if (!el.children.length) return el.text.trim();
  if (el.children.length === 1) return (languageCode(el.children[0]!.name) && el.children[0]!.text.trim()) || el.text.trim();
  const texts = languages(el, (c) => c.text);
  return texts.get('en') ?? texts.values().next().value ?? el.text.trim();
}
