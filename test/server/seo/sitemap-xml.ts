// Reading a sitemap or a sitemap index in tests: parsed by a real XML parser
// (so a document that is not well formed fails the test), as its entries.
import { SaxesParser } from 'saxes';

export interface Parsed {
  root: string;
  xmlns: string | undefined;
  entries: Array<{ loc: string; lastmod: string | null }>;
}

export function parseSitemap(xml: string): Parsed {
  const parser = new SaxesParser();
  const out: Parsed = { root: '', xmlns: undefined, entries: [] };
  const stack: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    if (!stack.length) {
      out.root = tag.name;
      out.xmlns = tag.attributes.xmlns as string | undefined;
    }
    if (tag.name === 'url' || tag.name === 'sitemap') out.entries.push({ loc: '', lastmod: null });
    stack.push(tag.name);
    text = '';
  });
  parser.on('text', (t) => {
    text += t;
  });
  parser.on('closetag', (tag) => {
    stack.pop();
    const entry = out.entries.at(-1);
    if (entry && tag.name === 'loc') entry.loc = text;
    if (entry && tag.name === 'lastmod') entry.lastmod = text;
    text = '';
  });
  parser.write(xml).close();
  return out;
}

/** The W3C form the sitemaps use: no milliseconds. */
export const w3c = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, 'Z');
