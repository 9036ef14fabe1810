// A streaming Kyero v3 reader: bytes in, one checked property record out at a
// time. saxes parses chunk by chunk; only the <property> being read is held
// (as a small element tree), so memory stays flat whatever the feed's size.
//
// Two kinds of trouble, kept apart:
//   - a property that misses or garbles a required field (an id or a ref to key
//     it by, price, type, town or province) is yielded as { ok: false, reason }
//     and the feed goes on;
//   - a document that is not well-formed XML, or whose root is not <root>, is
//     fatal: readKyero throws a FeedError, and the importer rolls back.
//
// The format, with this project's extensions, is described in docs/catalogue-import.md.
import { SaxesParser } from 'saxes';
import { decodeHTML } from 'entities/decode';
import { FeedDecoder, mayBeEncodedTwice, repairDoubleEncoding, type DecodingReport } from './encoding.ts';
import { lowerKeys, NO_ATTRIBUTES, type El } from './feed-element.ts';
import { FeedError, type FeedItem } from './feed-property.ts';
import { reject, toItem } from './property-fields.ts';
import { escapeMarkup } from './rich-text.ts';

export { describe, type Described } from './descriptions.ts';
export { FeedError, type FeedDocument, type FeedImage, type FeedItem, type FeedProperty } from './feed-property.ts';
export { DOCUMENT_TITLES } from './property-media.ts';

/** Bounds on one property, so that a hostile feed cannot make one record huge. */
const MAX_NODES = 5000;
const MAX_TEXT = 256 * 1024;
/**
 * The most characters the parser may read without emitting anything (a text
 * node, a CDATA section, a comment, a tag with its attributes, a processing
 * instruction, all gathered whole until they end): four properties' worth of
 * text. Past it the feed fails while the node streams, rather than as one huge
 * string.
 */
export const MAX_TEXT_NODE = 4 * MAX_TEXT;
/** Deeper than this, the feed fails: the parser's stack of open tags (and ours) stays small. */
export const MAX_DEPTH = 64;
/** The parser is written this many characters at a time, and the characters since its last event checked after each. */
const WRITE_SLICE = 64 * 1024;

/** What reading the feed had to mend, for the import's summary. */
export interface ReadReport {
  decoding: DecodingReport;
  /** Runs of text encoded twice by the exporter, repaired. */
  repairedText: number;
}

export const newReadReport = (): ReadReport => ({ decoding: { declared: 'utf-8', transcodedBytes: 0 }, repairedText: 0 });

/**
 * Every HTML entity a feed may write outside CDATA (&eacute; &nbsp; &euro; …),
 * resolved by the `entities` package, beside XML's own five.
 */
function htmlEntities(xml: Record<string, string>): Record<string, string> {
  return new Proxy(xml, {
    get(target, name) {
      if (typeof name !== 'string') return undefined;
      if (name in target) return target[name];
      const decoded = decodeHTML(`&${name};`);
      return decoded === `&${name};` ? undefined : decoded;
    },
  });
}

/** Chunks of the feed: a file or HTTP stream, any async iterable, or an array / generator of them. */
export type FeedInput = AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>;

/**
 * Reads a Kyero v3 feed from a byte stream (a file stream, an HTTP response
 * body, any async iterable of chunks) and yields its properties in order.
 * Throws FeedError when the document is malformed or is not a Kyero feed.
 */
export async function* readKyero(input: FeedInput, report: ReadReport = newReadReport()): AsyncGenerator<FeedItem> {
  const parser = new SaxesParser({ position: true, fileName: '' });
  parser.ENTITIES = htmlEntities(parser.ENTITIES);

  let depth = 0;
  let rootSeen = false;
  // Inside a <property>: the open elements, outermost first.
  const stack: El[] = [];
  let nodes = 0;
  let textSize = 0;
  let tooLarge = false;
  let startLine = 0;
  let out: FeedItem[] = [];
  // Characters written to the parser, and where it last emitted an event (its
  // position is read only inside a handler: between writes it counts the last chunk twice).
  let written = 0;
  let lastEvent = 0;
  const emitted = () => {
    lastEvent = parser.position;
  };

  parser.on('opentag', (tag) => {
    emitted();
    if (++depth > MAX_DEPTH) throw new FeedError(`feed too large: elements nested deeper than ${MAX_DEPTH} at line ${parser.line}`);
    const name = tag.name.toLowerCase();
    if (depth === 1) {
      if (name !== 'root') throw new FeedError(`not a Kyero feed: the root element is <${tag.name}>, not <root>`);
      rootSeen = true;
      return;
    }
    if (stack.length) {
      const parent = stack[stack.length - 1]!;
      const markupOf = parent.name === '#markup' ? parent.children[0] : parent.markup !== undefined ? parent : undefined;
      if (markupOf) {
        // Markup inside a description: serialised into the language's text, not a tree.
        if (++nodes > MAX_NODES) tooLarge = true;
        markupOf.markup += `<${name}>`;
        stack.push({ name: '#markup', attrs: NO_ATTRIBUTES, text: '', children: [markupOf] });
        return;
      }
      if (++nodes > MAX_NODES) {
        tooLarge = true;
        // Keep depth balanced with a throwaway element that collects nothing.
        stack.push({ name: '#skip', attrs: {}, text: '', children: [] });
        return;
      }
      const el: El = { name, attrs: lowerKeys(tag.attributes as Record<string, string>), text: '', children: [] };
      if (parent.name === 'desc' && stack.length === 2) el.markup = '';
      parent.children.push(el);
      stack.push(el);
      return;
    }
    if (depth === 2 && name === 'property') {
      nodes = 0;
      textSize = 0;
      tooLarge = false;
      startLine = parser.line;
      stack.push({ name, attrs: {}, text: '', children: [] });
    }
  });

  const onText = (text: string, raw: boolean) => {
    emitted();
    let el = stack[stack.length - 1];
    if (!el || tooLarge) return;
    textSize += text.length;
    if (textSize > MAX_TEXT) {
      tooLarge = true;
      return;
    }
    if (el.name === '#markup') el = el.children[0]!;
    el.text += text;
    // CDATA holds markup as written; parsed text is escaped back for the markup.
    if (el.markup !== undefined) el.markup += raw ? text : escapeMarkup(text);
  };
  parser.on('text', (text) => onText(text, false));
  parser.on('cdata', (text) => onText(text, true));
  parser.on('comment', emitted);
  parser.on('processinginstruction', emitted);
  parser.on('doctype', emitted);

  const repaired = (text: string): string => {
    // Nearly every element's text has no run to repair: no call that returns an object for it.
    if (!mayBeEncodedTwice(text)) return text;
    const fixed = repairDoubleEncoding(text);
    report.repairedText += fixed.repaired;
    return fixed.text;
  };

  parser.on('closetag', (tag) => {
    emitted();
    depth--;
    if (!stack.length) return;
    const el = stack.pop()!;
    if (el.name === '#markup') {
      const lang = el.children[0]!;
      lang.markup += `</${tag.name.toLowerCase()}>`;
      lang.text += ' ';
      return;
    }
    el.text = repaired(el.text);
    if (el.markup) el.markup = repaired(el.markup);
    if (stack.length) return;
    out.push(tooLarge ? reject(el, startLine, ['property: too large (more than 5000 elements or 256 KB of text)']) : toItem(el, startLine));
  });

  const write = (text: string) => {
    for (let from = 0; from < text.length; from += WRITE_SLICE) {
      const slice = text.slice(from, from + WRITE_SLICE);
      parser.write(slice);
      written += slice.length;
      if (written - lastEvent > MAX_TEXT_NODE)
        throw new FeedError(`feed too large: a text, attribute or comment longer than ${MAX_TEXT_NODE} characters at line ${parser.line}`);
    }
  };

  const decoder = new FeedDecoder();
  report.decoding = decoder.report;
  try {
    for await (const chunk of input) {
      write(decoder.decode(chunk));
      if (out.length) {
        const ready = out;
        out = [];
        yield* ready;
      }
    }
    write(decoder.end());
    parser.close();
  } catch (error) {
    throw asFeedError(error);
  }
  if (!rootSeen) throw new FeedError('not a Kyero feed: the document is empty');
  yield* out;
}

/** saxes says 'feed:12:5: unexpected close tag.'; keep it to one readable line. */
function asFeedError(error: unknown): Error {
  if (error instanceof FeedError) return error;
  const message = error instanceof Error ? error.message : String(error);
  const m = /^(\d+):(\d+): (.*)$/s.exec(message);
  if (m) return new FeedError(`malformed XML at line ${m[1]}, column ${m[2]}: ${m[3]!.replace(/\.$/, '')}`);
  // Anything else (a failed download, a read error) keeps its own message.
  return error instanceof Error ? error : new Error(message);
}
