// Shared by the lead and mail tests: valid bodies of each form, a transport that
// keeps mails in memory (and can be told to fail), and a small .eml reader.
import crypto from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailMeta, MailTransport } from '../../../src/server/mail/transport.ts';
import type { FormLeadKind as LeadKind } from '../../../src/shared/leads.ts';

export function contactBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'contact',
    idempotency_key: crypto.randomUUID(),
    page: '/contact',
    name: 'Ana García',
    phone: '+34 600 12 34 56',
    email: 'ana@example.com',
    subject: 'A villa in Torrevieja',
    message: 'Hello,\nI would like to visit in May.\nThanks',
    ...extra,
  };
}

export function brokerBody(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'broker',
    idempotency_key: crypto.randomUUID(),
    page: '/uw-makelaar',
    first_name: 'Jan',
    last_name: 'de Vries',
    email: 'jan@example.nl',
    postal_code: '1012 AB',
    phone: '+31 6 12345678',
    city: 'Amsterdam',
    ...extra,
  };
}

export function propertyBody(projectId: number, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'property',
    idempotency_key: crypto.randomUUID(),
    page: `/for-sale/${projectId}`,
    project_id: projectId,
    name: 'Lena Berg',
    email: 'lena@example.se',
    phone: '+46 70 123 45 67',
    message: 'Is the penthouse still available?',
    ...extra,
  };
}

export function bodyOf(kind: LeadKind, projectId = 1, extra: Record<string, unknown> = {}) {
  return kind === 'contact' ? contactBody(extra) : kind === 'broker' ? brokerBody(extra) : propertyBody(projectId, extra);
}

/** The single-line fields of each form, which must refuse CR and LF. */
export const SINGLE_LINE: Record<LeadKind, string[]> = {
  contact: ['name', 'phone', 'email', 'subject'],
  broker: ['first_name', 'last_name', 'email', 'postal_code', 'phone', 'city'],
  property: ['name', 'email', 'phone'],
};

export interface SentMail {
  message: SendMailOptions;
  meta: MailMeta;
}

/** Keeps what it is given; `failWith` makes the next sends reject. */
export class MemoryTransport implements MailTransport {
  readonly description = 'memory';
  sent: SentMail[] = [];
  failWith: string | null = null;
  closed = false;
  private waiters: Array<() => void> = [];

  async send(message: SendMailOptions, meta: MailMeta) {
    if (this.failWith) throw new Error(this.failWith);
    this.sent.push({ message, meta });
    for (const w of this.waiters.splice(0)) w();
    return { messageId: `<${meta.outboxId}.${crypto.randomUUID()}@test>` };
  }

  close() {
    this.closed = true;
  }

  /** Resolves once `count` mails have been sent. */
  async waitFor(count: number, ms = 30_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (this.sent.length < count) {
      if (Date.now() > deadline) throw new Error(`only ${this.sent.length} of ${count} mails sent after ${ms} ms`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }
}

export interface Eml {
  /** Header names in lower case; unfolded values, in order. */
  headers: Map<string, string[]>;
  /** The first value of a header, RFC 2047 encoded words decoded. */
  header(name: string): string | undefined;
  /** The body, transfer-decoded (7bit, 8bit, quoted-printable or base64) as UTF-8: the text/plain part of a multipart message. */
  body: string;
  /** The text/plain part (or the single body). */
  text: string | null;
  /** The text/html part, if any. */
  html: string | null;
  /** The content types of the parts of a multipart message, in order ([] for a single part). */
  parts: string[];
}

/** Reads a message as nodemailer writes it: a single part, or multipart/alternative (text and HTML). */
export function parseEml(source: string): Eml {
  const { headers, body } = splitEntity(source.replace(/\r\n/g, '\n'));
  const type = headers.get('content-type')?.[0] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  let text: string | null = null;
  let html: string | null = null;
  const parts: string[] = [];
  if (/^multipart\//i.test(type) && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const part = splitEntity(chunk.replace(/^\n/, ''));
      const partType = part.headers.get('content-type')?.[0] ?? 'text/plain';
      parts.push(partType.split(';')[0]!.trim().toLowerCase());
      const decoded = decode(part.body.replace(/\n$/, ''), part.headers);
      if (/^text\/plain/i.test(partType)) text = decoded;
      else if (/^text\/html/i.test(partType)) html = decoded;
    }
  } else if (/^text\/html/i.test(type)) html = decode(body, headers);
  else text = decode(body, headers);
  const header = (name: string) => {
    const value = headers.get(name.toLowerCase())?.[0];
    return value === undefined ? undefined : decodeWords(value);
  };
  return { headers, header, body: text ?? html ?? '', text, html, parts };
}

function splitEntity(text: string): { headers: Map<string, string[]>; body: string } {
  const split = text.indexOf('\n\n');
  if (split < 0) throw new Error('no blank line between headers and body');
  const headers = new Map<string, string[]>();
  const unfolded = text.slice(0, split).replace(/\n[ \t]+/g, ' ');
  for (const line of unfolded.split('\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`not a header line: ${JSON.stringify(line)}`);
    const name = line.slice(0, colon).trim().toLowerCase();
    headers.set(name, [...(headers.get(name) ?? []), line.slice(colon + 1).trim()]);
  }
  return { headers, body: text.slice(split + 2) };
}

function decode(body: string, headers: Map<string, string[]>): string {
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** RFC 2047: '=?UTF-8?Q?Contact_request_=E2=80=94?= =?UTF-8?Q?_Costa?=' → 'Contact request — Costa'. */
function decodeWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QB]\?[^?]*\?=)\s+(?==\?)/gi, '$1')
    .replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=/gi, (_m, _charset: string, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function decodeQuotedPrintable(s: string): string {
  const joined = s.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    if (c === '=' && /^[0-9A-F]{2}$/i.test(joined.slice(i + 1, i + 3))) {
      bytes.push(parseInt(joined.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
