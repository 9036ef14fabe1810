// Text for places that take plain text only (JSON-LD, meta descriptions): no
// HTML tag and no entity, whatever a feed or an editor wrote. The API already
// answers plain text; this is the last line of defence, so it is idempotent and
// loops until nothing changes, undoing text escaped twice ("&amp;lt;p&amp;gt;").
import { decodeHTML } from 'entities/decode';

// An opening, closing or self-closing tag, a comment, a doctype or CDATA
// marker: '<' followed by a letter, '/', '!' or '?', up to its '>'. "a < b"
// and "3<4" stay.
const TAG = /<(?:!--[\s\S]*?(?:-->|$)|[a-zA-Z/!?][^<>]*>)/g;
// The markers of a CDATA section a feed's text was wrapped in, kept by mistake.
const CDATA = /<!\[CDATA\[|\]\]>/g;
const BLOCK_END = /<\/(?:p|div|li|h[1-6]|tr|blockquote)\s*>|<br\s*\/?>/gi;
const MAX_PASSES = 4;

/**
 * `text` without HTML: tags dropped (block ends and <br> as line breaks),
 * entities decoded, spaces collapsed, at most one blank line between
 * paragraphs. `oneLine` also folds the line breaks into spaces.
 */
export function plainText(text: string, oneLine = false): string {
  let out = text;
  for (let i = 0; i < MAX_PASSES; i++) {
    const next = decodeHTML(out.replace(CDATA, '').replace(BLOCK_END, '\n').replace(TAG, ''));
    if (next === out) break;
    out = next;
  }
  // A last pass of tags only: decoding may have made one ('&lt;b&gt;' on the final pass).
  out = out.replace(TAG, '').replace(/\u00a0/g, ' ');
  if (oneLine) return out.replace(/\s+/g, ' ').trim();
  return out
    .replace(/[^\S\n]+/g, ' ')
    .replace(/ ?\n ?/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
