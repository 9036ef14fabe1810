// Reading a sitemap or a sitemap index in tests: parsed by a real XML parser
// with namespaces (so a document that is not well formed, or uses an
// undeclared prefix, fails the test), as its entries and their alternates.
import { SaxesParser } from 'saxes';

export interface Parsed {
  root: string;
  xmlns: string | undefined;
  /** The namespace the root binds to the `xhtml` prefix. */
  xhtmlns: string | undefined;
  entries: Array<{ loc: string; lastmod: string | null; alternates: Array<{ hreflang: string; href: string }> }>;
}

export function parseSitemap(xml: string): Parsed {
  const parser = new SaxesParser({ xmlns: true });
  const out: Parsed = { root: '', xmlns: undefined, xhtmlns: undefined, entries: [] };
  const stack: string[] = [];
  let text = '';
  parser.on('error', (error) => {
    throw error;
  });
  parser.on('opentag', (tag) => {
    const attribute = (name: string) => tag.attributes[name]?.value;
    if (!stack.length) {
      out.root = tag.name;
      out.xmlns = attribute('xmlns');
      out.xhtmlns = attribute('xmlns:xhtml');
    }
    if (tag.name === 'url' || tag.name === 'sitemap') out.entries.push({ loc: '', lastmod: null, alternates: [] });
    // An alternate counts only in the XHTML namespace, as a crawler reads it.
    if (tag.local === 'link' && tag.uri === 'http://www.w3.org/1999/xhtml' && attribute('rel') === 'alternate')
      out.entries.at(-1)!.alternates.push({ hreflang: attribute('hreflang')!, href: attribute('href')! });
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
