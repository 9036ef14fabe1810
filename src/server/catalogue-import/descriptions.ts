// <desc>: every language's description as the feed wrote it, and, once per
// development, as the rich and plain text the site shows (rich-text.ts).
import type { FeedProperty } from './feed-property.ts';
import { languages, type El } from './feed-element.ts';
import { richText, type RichText } from './rich-text.ts';
import { descriptionLanguage } from '../../shared/catalogue.ts';

const MAX_DESCRIPTION = 20_000;

/** <desc>: every language as rich text. */
export function descriptions(el: El | undefined): Record<string, string> {
  const all: Record<string, string> = {};
  for (const [code, markup] of languages(el, (c) => c.markup ?? c.text)) all[code] = markup.slice(0, MAX_DESCRIPTION * 2);
  const untagged = (el?.text ?? '').trim();
  if (untagged && !Object.keys(all).length) all[''] = untagged.slice(0, MAX_DESCRIPTION * 2);
  return all;
}

export interface Described {
  /** The description an English page shows (English, else Spanish, else the feed's first language), else text in no language. */
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
  const shown = descriptionLanguage(Object.keys(all), 'en');
  return { description: (shown ? all[shown] : untagged) ?? { text: '', html: '' }, descriptions: all };
}
