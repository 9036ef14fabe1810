// A feed's description as the two things the site needs: sanitised rich text
// for the property page, and plain text for everything else (cards, meta and
// og descriptions, JSON-LD, mails, the API's `description`).
//
// Feeds send descriptions as plain text with line breaks, as HTML inside CDATA
// (`<![CDATA[<p>…</p>]]>`), or as HTML written as XML elements inside <en>
// (kyero.ts serialises those back to markup). Entities are decoded by the
// `entities` package (every HTML entity, not a hand list); markup is cleaned by
// sanitize-html with an allow-list: the structure a buyer needs (paragraphs,
// line breaks, lists, bold and italic) and nothing else, no attributes at all.
import { createRequire } from 'node:module';
import type sanitizeHtmlType from 'sanitize-html';
import { decodeHTML } from 'entities/decode';
import { RICH_TEXT_TAGS } from '../../shared/rich-text.ts';
import { squash } from './text.ts';

export interface RichText {
  /** Plain text: entities decoded, tags gone, white space collapsed. */
  text: string;
  /** Sanitised HTML ('' when there is no text). */
  html: string;
}

/** Block elements kept as paragraphs, so their text does not run into the next. */
const AS_PARAGRAPH = [
  'div',
  'section',
  'article',
  'header',
  'footer',
  'aside',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'address',
  'dd',
  'dt',
  'tr',
  'table',
];

// Loaded on the first description that holds markup: about 11 MB that feeds
// of plain text (the demo's, most CRMs') never need.
let sanitizer: typeof sanitizeHtmlType | undefined;
function sanitizeHtml(html: string, options: sanitizeHtmlType.IOptions): string {
  sanitizer ??= createRequire(import.meta.url)('sanitize-html') as typeof sanitizeHtmlType;
  return sanitizer(html, options);
}

const SANITIZE: sanitizeHtmlType.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {},
  allowedSchemes: [],
  transformTags: Object.fromEntries(AS_PARAGRAPH.map((tag) => [tag, 'p'])),
  exclusiveFilter: (frame) => (frame.tag === 'p' || frame.tag === 'li') && !frame.text.trim() && !frame.mediaChildren.length,
  disallowedTagsMode: 'discard',
};

/** Markup a CRM writes into a description (a letter right after '<': 'price < 200k' is text). */
const LOOKS_LIKE_HTML =
  /<\/?(p|br|div|span|ul|ol|li|strong|b|em|i|u|h[1-6]|font|table|tbody|tr|td|th|a|img|section|article|blockquote|small|sup|sub|hr|center)\b[^>]*>/i;

export function richText(raw: string): RichText {
  const source = raw.trim();
  if (!source) return { text: '', html: '' };
  if (LOOKS_LIKE_HTML.test(source)) {
    const html = tidyParagraphs(sanitizeHtml(source, SANITIZE));
    return { text: plainText(html), html };
  }
  const text = source.includes('&') ? decodeHTML(source) : source;
  return { text: text.replace(/\s+/g, ' ').trim(), html: paragraphs(text) };
}

/** Text made safe inside markup: only what HTML needs (entities' escapeText also spells out U+00A0, hiding mojibake from repair). */
export const escapeMarkup = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Plain text with line breaks: blank lines separate paragraphs, a single line break stays one. */
function paragraphs(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00a0]*\n\s*/)
    .map((block) => block.trim())
    .filter(Boolean)
    .map(
      (block) =>
        `<p>${block
          .split(/[ \t\u00a0]*\n[ \t\u00a0]*/)
          .map(escapeMarkup)
          .join('<br />')}</p>`,
    )
    .join('');
}

const TOKEN = /<(\/?)([a-z]+)[^>]*>|[^<]+/g;

/**
 * Valid, flat blocks out of what the sanitiser kept: nested paragraphs (a div
 * in a div) become consecutive ones, a list inside a paragraph closes it, text
 * outside any block gets a paragraph, white space between blocks and empty
 * paragraphs go.
 */
function tidyParagraphs(html: string): string {
  let out = '';
  let inP = false;
  let lists = 0;
  const closeP = () => {
    if (inP) out += '</p>';
    inP = false;
  };
  for (const [token, slash, name] of html.matchAll(TOKEN)) {
    const inline = !name || !['p', 'ul', 'ol', 'li'].includes(name);
    if (inline) {
      if (!name && !token.trim() && !inP && !lists) continue;
      if (!inP && !lists) {
        out += '<p>';
        inP = true;
      }
      out += token;
    } else if (name === 'p') {
      if (lists) out += slash ? '' : ' ';
      else {
        closeP();
        if (!slash) {
          out += '<p>';
          inP = true;
        }
      }
    } else if (name === 'li') {
      out += token;
    } else {
      closeP();
      lists += slash ? -1 : 1;
      out += token;
    }
  }
  closeP();
  return out
    .replace(/\s*(<\/?(?:p|ul|ol|li)>)\s*/g, '$1')
    .replace(/(<br \/>)+(<\/(?:p|li)>)/g, '$2')
    .replace(/(<(?:p|li)>)(<br \/>)+/g, '$1')
    .replace(/<p><\/p>/g, '');
}

/** The sanitised markup's text: every tag a space, entities decoded, white space collapsed. */
function plainText(html: string): string {
  return decodeHTML(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain text of a short field (a title, a feature): entities decoded, any markup dropped, white space collapsed. */
export function plainField(raw: string): string {
  if (!raw.includes('&') && !raw.includes('<')) return squash(raw);
  const text = LOOKS_LIKE_HTML.test(raw) ? sanitizeHtml(raw, { allowedTags: [], allowedAttributes: {} }) : raw;
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}
