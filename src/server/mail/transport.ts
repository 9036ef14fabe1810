// How a composed mail leaves the process: nodemailer over SMTP when SMTP_URL is
// set, otherwise nodemailer's stream transport writing each message as an .eml
// file under DATA_DIR/mail/ (DESIGN §4). nodemailer builds and encodes every
// header itself; nothing here writes a header by hand. nodemailer (some forty
// modules) loads with the first mail, not with the server (issue 12).
import fs from 'node:fs';
import path from 'node:path';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type StreamTransport from 'nodemailer/lib/stream-transport';

/** What the outbox knows about the mail it sends, e.g. to name a file after. */
export interface MailMeta {
  /** 0: not a lead's mail (an account's). */
  leadId: number;
  outboxId: number;
}

export interface MailTransport {
  /** Resolves with the Message-ID once the mail is handed over; rejects to have it retried. */
  send(message: SendMailOptions, meta: MailMeta): Promise<{ messageId: string }>;
  close(): void;
  /** For the logs: 'smtp://mail.example:587' (no credentials) or 'file:/data/mail'. */
  readonly description: string;
}

const SMTP_TIMEOUTS = {
  connectionTimeout: 30_000,
  greetingTimeout: 30_000,
  socketTimeout: 60_000,
};

/** A nodemailer transporter made on first use; close() closes it only if it was made. */
type Nodemailer = (typeof import('nodemailer'))['default'];

function lazyTransporter<T>(make: (nodemailer: Nodemailer) => Transporter<T>) {
  let made: Promise<Transporter<T>> | null = null;
  return {
    get: () => (made ??= import('nodemailer').then((mod) => make(mod.default))),
    close: () =>
      void made?.then(
        (transporter) => transporter.close(),
        () => {},
      ),
  };
}

export function smtpTransport(url: string): MailTransport {
  // Options beside `url` apply too; the timeouts are ours (nodemailer's default
  // socket timeout is ten minutes, longer than an outbox claim lasts).
  const transporter = lazyTransporter<SMTPTransport.SentMessageInfo>((nodemailer) => nodemailer.createTransport({ url, ...SMTP_TIMEOUTS }));
  const u = new URL(url);
  return {
    description: `${u.protocol}//${u.host}`,
    async send(message) {
      const info = await (await transporter.get()).sendMail(message);
      return { messageId: String(info.messageId ?? '') };
    },
    close: transporter.close,
  };
}

/** Writes each mail to `dir` as lead-<id>.eml, or mail-<outbox id>.eml without a lead (a retry overwrites it), atomically. */
export function fileTransport(dir: string): MailTransport {
  const transporter = lazyTransporter<StreamTransport.SentMessageInfo>((nodemailer) =>
    nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    description: `file:${dir}`,
    async send(message, meta) {
      const info = await (await transporter.get()).sendMail(message);
      await fs.promises.mkdir(dir, { recursive: true });
      const file = path.join(dir, meta.leadId ? `lead-${meta.leadId}.eml` : `mail-${meta.outboxId}.eml`);
      const partial = `${file}.${process.pid}.${meta.outboxId}.tmp`;
      await fs.promises.writeFile(partial, info.message as Buffer);
      await fs.promises.rename(partial, file);
      return { messageId: String(info.messageId ?? '') };
    },
    close: transporter.close,
  };
}

/** SMTP when configured, files under DATA_DIR/mail otherwise. */
export function transportFromConfig(config: { SMTP_URL?: string | undefined; DATA_DIR: string }): MailTransport {
  return config.SMTP_URL ? smtpTransport(config.SMTP_URL) : fileTransport(mailDir(config.DATA_DIR));
}

export const mailDir = (dataDir: string) => path.join(dataDir, 'mail');
