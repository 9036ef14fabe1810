// Text for places that take plain text only (JSON-LD, meta descriptions): no
// HTML tag and no entity, whatever a feed or an editor wrote. The importer
// writes plain text, decoded with the whole entity table; this is the last line
// of defence (the property API's description, the JSON-LD), so it decodes only
// what costs nothing to know (numeric references, the XML five, &nbsp;) and
// drops any other named entity: text that should never need it. Idempotent; loops
// until nothing changes, undoing text escaped twice ("&amp;lt;p&amp;gt;").
// The references are decoded here as XML decodes them (the `entities`
// package's decodeXML, which the tests compare it with), in a few lines rather
// than that package's decoder, 0.7 KiB gzip of the property page's first load.

// An opening, closing or self-closing tag, a comment, a doctype or CDATA
// marker: '<' followed by a letter, '/', '!' or '?', up to its '>'. "a < b"
// and "3<4" stay.
const TAG = /<(?:!--[\s\S]*?(?:-->|$)|[a-zA-Z/!?][^<>]*>)/g;
// The markers of a CDATA section a feed's text was wrapped in, kept by mistake.
const CDATA = /<!\[CDATA\[|\]\]>/g;
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote)\s*>|<br\s*\/?>/gi;
const NBSP = /&nbsp;/gi;
const NAMED_ENTITY = /&[a-zA-Z][a-zA-Z0-9]{1,31};/g;
const XML_REFERENCE = /&(?:#[xX]([0-9a-fA-F]+)|#([0-9]+)|(amp|lt|gt|quot|apos));/g;
const XML_NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's character references and its five named ones decoded; a code point no character has is U+FFFD. */
export function decodeXmlReferences(text: string): string {
  return text.replace(XML_REFERENCE, (_, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name) return XML_NAMED[name]!;
    const code = hex ? parseInt(hex, 16) : Number(decimal);
    const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
    return String.fromCodePoint(valid ? code : 0xfffd);
  });
}
const MAX_PASSES = 4;

/**
 * `text` without HTML: tags dropped (block ends and <br> as line breaks),
 * entities decoded or dropped, spaces collapsed, at most one blank line
 * between paragraphs. `oneLine` also folds the line breaks into spaces.
 */
export function plainText(text: string, oneLine = false): string {
  let out = text;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = decodeXmlReferences(out.replace(CDATA, '').replace(BLOCK_END, '\n').replace(TAG, '').replace(NBSP, ' '));
    if (next === out) break;
    out = next;
  }
  // Decoding may have made a tag ('&lt;b&gt;' on the last pass); a named entity left is one we do not know.
  out = out
    .replace(TAG, '')
    .replace(NAMED_ENTITY, '')
    .replace(/\u00a0/g, ' ');
  if (oneLine) return out.replace(/\s+/g, ' ').trim();
  return out
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
