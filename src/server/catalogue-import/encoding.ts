// Bytes to text the way real feeds need it. Three kinds of trouble, all seen in
// CRM exports:
//   - a feed that declares ISO-8859-1 or Windows-1252 (Spanish CRMs still do):
//     decoded as Windows-1252, the WHATWG superset of Latin-1;
//   - a feed that declares (or defaults to) UTF-8 but holds Latin-1 bytes, in
//     places or throughout: every byte sequence that is valid UTF-8 is read as
//     UTF-8, every other byte as Windows-1252, never as U+FFFD;
//   - text encoded twice (UTF-8 read as Windows-1252, then written as UTF-8
//     again: 'Ã©' for 'é'): repaired by repairDoubleEncoding where the repair is
//     unambiguous, i.e. the characters map back to bytes that are valid UTF-8.
// UTF-8 is the platform's TextDecoder; Windows-1252 is iconv-lite's, because
// Node's own TextDecoder('windows-1252') decodes as ISO-8859-1 (0x80 gives
// U+0080, not '€'), which is exactly the range CRMs get wrong.
import iconv from 'iconv-lite';

const UTF8 = new TextDecoder('utf-8', { fatal: true });
const cp1252 = (bytes: Uint8Array): string => iconv.decode(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), 'win1252');

/** What the decoder had to do, for the import's summary. */
export interface DecodingReport {
  /** The charset the declaration named ('utf-8' when none). */
  declared: string;
  /** Bytes that were not valid UTF-8 and were read as Windows-1252. */
  transcodedBytes: number;
}

const LATIN_LABELS = /^(iso-8859-1|iso-8859-15|iso8859-1|latin1|latin-1|l1|windows-1252|cp1252|us-ascii|ascii)$/;

/**
 * Streaming bytes → text. Waits for the first 256 bytes to read the XML
 * declaration; then decodes chunk by chunk, holding back an incomplete UTF-8
 * sequence at a chunk's end until the next chunk completes it.
 */
export class FeedDecoder {
  readonly report: DecodingReport = { declared: 'utf-8', transcodedBytes: 0 };
  private latin: ReturnType<typeof iconv.getDecoder> | null = null;
  private started = false;
  private head: Uint8Array[] = [];
  private headSize = 0;
  private carry: Uint8Array = new Uint8Array(0);

  decode(chunk: Uint8Array | string): string {
    if (typeof chunk === 'string') return chunk;
    if (!this.started) {
      this.head.push(chunk);
      this.headSize += chunk.length;
      if (this.headSize < 256) return '';
      return this.start();
    }
    return this.next(chunk, false);
  }

  end(): string {
    const text = this.started ? '' : this.start();
    return text + this.next(new Uint8Array(0), true);
  }

  private start(): string {
    this.started = true;
    const bytes = Buffer.concat(this.head);
    this.head = [];
    const decl = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(
      bytes.subarray(0, 256).toString('latin1'),
    );
    const declared = decl?.[1]?.toLowerCase();
    if (declared) this.report.declared = declared;
    if (declared && LATIN_LABELS.test(declared)) this.latin = iconv.getDecoder('win1252');
    return this.next(bytes, false);
  }

  private next(chunk: Uint8Array, last: boolean): string {
    if (this.latin) return last ? this.latin.write(Buffer.from(chunk)) + (this.latin.end() ?? '') : this.latin.write(Buffer.from(chunk));
    let bytes = chunk;
    if (this.carry.length) {
      bytes = new Uint8Array(this.carry.length + chunk.length);
      bytes.set(this.carry);
      bytes.set(chunk, this.carry.length);
    }
    const cut = last ? bytes.length : completeLength(bytes);
    this.carry = bytes.slice(cut);
    const body = bytes.subarray(0, cut);
    try {
      return UTF8.decode(body);
    } catch {
      return this.mixed(body);
    }
  }

  /** UTF-8 where the bytes are valid UTF-8, Windows-1252 for every other byte. */
  private mixed(bytes: Uint8Array): string {
    let out = '';
    let from = 0;
    let i = 0;
    while (i < bytes.length) {
      const n = validSequenceLength(bytes, i);
      if (n > 0) {
        i += n;
        continue;
      }
      if (i > from) out += UTF8.decode(bytes.subarray(from, i));
      out += cp1252(bytes.subarray(i, i + 1));
      this.report.transcodedBytes++;
      i++;
      from = i;
    }
    if (i > from) out += UTF8.decode(bytes.subarray(from, i));
    return out;
  }
}

/** How many bytes of `bytes` end on a whole UTF-8 sequence (a cut sequence at the end is held back). */
function completeLength(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if (b < 0x80) return n; // ASCII: whole
    if (b >= 0xc0) {
      // A lead byte `back` bytes from the end: is its sequence complete?
      const need = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
      return need > back ? n - back : n;
    }
  }
  return n;
}

/** The length of the valid UTF-8 sequence starting at i (1 for ASCII), or 0 when it is not one. */
function validSequenceLength(bytes: Uint8Array, i: number): number {
  const b = bytes[i]!;
  if (b < 0x80) return 1;
  const cont = (k: number) => i + k < bytes.length && (bytes[i + k]! & 0xc0) === 0x80;
  if (b >= 0xc2 && b <= 0xdf) return cont(1) ? 2 : 0;
  if (b >= 0xe0 && b <= 0xef) {
    if (!cont(1) || !cont(2)) return 0;
    const b1 = bytes[i + 1]!;
    if ((b === 0xe0 && b1 < 0xa0) || (b === 0xed && b1 > 0x9f)) return 0; // overlong, surrogates
    return 3;
  }
  if (b >= 0xf0 && b <= 0xf4) {
    if (!cont(1) || !cont(2) || !cont(3)) return 0;
    const b1 = bytes[i + 1]!;
    if ((b === 0xf0 && b1 < 0x90) || (b === 0xf4 && b1 > 0x8f)) return 0;
    return 4;
  }
  return 0;
}

// --- text encoded twice ---------------------------------------------------------

/** Windows-1252's character for each byte 0x80–0xFF, and back. */
const BYTE_OF = new Map<string, number>();
for (let byte = 0x80; byte <= 0xff; byte++) BYTE_OF.set(cp1252(Uint8Array.of(byte)), byte);

const charClass = (from: number, to: number) =>
  [...BYTE_OF]
    .filter(([, b]) => b >= from && b <= to)
    .map(([c]) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');
const CONT = `[${charClass(0x80, 0xbf)}]`;
/** A UTF-8 lead byte's character followed by its continuation bytes' characters, as Windows-1252 shows them. */
const TWICE = new RegExp(
  `[${charClass(0xc2, 0xdf)}]${CONT}|[${charClass(0xe0, 0xef)}]${CONT}{2}|[${charClass(0xf0, 0xf4)}]${CONT}{3}`,
  'g',
);
/** The same runs, tested for once: most text has none ('é' alone is no run), and then nothing is replaced. */
const HAS_TWICE = new RegExp(TWICE.source);

/** Whether the text holds a run that repairDoubleEncoding may repair. */
export const mayBeEncodedTwice = (text: string): boolean => HAS_TWICE.test(text);

/**
 * 'GrundstÃ¼ck' → 'Grundstück', 'â‚¬' → '€'. Each run that reads as the
 * Windows-1252 view of one UTF-8 sequence is replaced by that character; a run
 * whose bytes are not valid UTF-8 is left as written. Returns the text and how
 * many runs were repaired.
 */
export function repairDoubleEncoding(text: string): { text: string; repaired: number } {
  if (!mayBeEncodedTwice(text)) return { text, repaired: 0 };
  let repaired = 0;
  const out = text.replace(TWICE, (run) => {
    const bytes = Uint8Array.from(run, (c) => BYTE_OF.get(c)!);
    try {
      const char = UTF8.decode(bytes);
      repaired++;
      return char;
    } catch {
      return run;
    }
  });
  return { text: out, repaired };
}
