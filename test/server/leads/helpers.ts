// Shared by the lead and mail tests: valid bodies of each form, a transport that
// keeps mails in memory (and can be told to fail), and a small .eml reader.
import crypto from 'node:crypto';
import type { SendMailOptions } from 'nodemailer';
import type { MailMeta, MailTransport } from '../../../src/server/mail/transport.ts';
import type { LeadKind } from '../../../src/shared/leads.ts';

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
  async waitFor(count: number, ms = 10_000): Promise<void> {
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
  header(name: string): string | undefined;
  /** The body, transfer-decoded (7bit, 8bit or quoted-printable) as UTF-8. */
  body: string;
}

/** Reads a single-part message as nodemailer writes it (text only). */
export function parseEml(source: string): Eml {
  const text = source.replace(/\r\n/g, '\n');
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
  let body = text.slice(split + 2);
  const encoding = headers.get('content-transfer-encoding')?.[0]?.toLowerCase();
  if (encoding === 'quoted-printable') body = decodeQuotedPrintable(body);
  else if (encoding === 'base64') body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return { headers, header: (name) => headers.get(name.toLowerCase())?.[0], body };
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
