// The mail a lead becomes. Header injection is impossible by construction:
// - nodemailer builds and encodes every header (display names, subject);
// - the subject is an en.json template filled with the lead's id and the
//   site's or partner's name, never with what the visitor typed;
// - the visitor's input goes into the plain-text body, and their name and
//   address into Reply-To as an {name, address} object, after the shared
//   structs refused CR, LF and any character that could end an address;
// - and every single-line value is stripped of control characters again here.
import type { SendMailOptions } from 'nodemailer';
import type { LeadRow } from '../store/schema.ts';
import { t, type MessageKey } from '../../shared/i18n.ts';

export interface MailContext {
  from: string;
  /** The partner's name, or the site's for the main site. */
  siteName: string;
  /** The project's name, for a property lead. */
  projectName?: string | null;
}

/** One line of text: control characters (CR, LF, tab, U+2028…) become spaces. */
export function oneLine(value: string | null | undefined): string {
  return (value ?? '').replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
}

/** A message body: line breaks normalised, other control characters dropped. */
function multiLine(value: string): string {
  return value.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g, '');
}

const FIELD_LABELS: Array<[keyof LeadRow, MessageKey]> = [
  ['name', 'forms.fields.name.label'],
  ['first_name', 'forms.fields.firstName.label'],
  ['last_name', 'forms.fields.lastName.label'],
  ['email', 'forms.fields.email.label'],
  ['phone', 'forms.fields.phone.label'],
  ['postal_code', 'forms.fields.postalCode.label'],
  ['city', 'forms.fields.city.label'],
  ['subject', 'forms.fields.subject.label'],
];

export function visitorName(lead: Pick<LeadRow, 'name' | 'first_name' | 'last_name'>): string {
  return oneLine(lead.name ?? [lead.first_name, lead.last_name].filter(Boolean).join(' '));
}

export function composeLeadMail(lead: LeadRow, recipient: string, context: MailContext): SendMailOptions {
  const site = oneLine(context.siteName);
  const subject = oneLine(t(`forms.mail.subject.${lead.kind}`, { id: lead.id, site, project: lead.project_id ?? '' }));

  const lines: string[] = [t('forms.mail.intro', { site }), ''];
  const row = (label: string, value: string) => lines.push(`${label}: ${value}`);
  row(t('forms.mail.form'), t(`forms.mail.kind.${lead.kind}`));
  for (const [column, label] of FIELD_LABELS) {
    const value = lead[column];
    if (typeof value === 'string' && value) row(t(label), oneLine(value));
  }
  if (lead.project_id !== null) row(t('forms.mail.project'), oneLine(context.projectName ? `${context.projectName} (#${lead.project_id})` : `#${lead.project_id}`));
  if (lead.message) lines.push('', `${t('forms.fields.message.label')}:`, multiLine(lead.message));
  lines.push('', '--');
  row(t('forms.mail.page'), oneLine(lead.page));
  row(t('forms.mail.partner'), site);
  row(t('forms.mail.received'), lead.created_at);
  row(t('forms.mail.reference'), String(lead.id));

  return {
    from: context.from,
    to: oneLine(recipient),
    replyTo: { name: visitorName(lead), address: oneLine(lead.email) },
    subject,
    text: lines.join('\n') + '\n',
    // Nothing from the lead is ever read as a file or fetched as a URL.
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}

/** A mail that is not a lead's (accounts): composed when queued, kept in its outbox row. */
export interface QueuedMail {
  subject: string;
  text: string;
  /** The same in HTML (composed and escaped by the caller). */
  html?: string;
  /** The sender's name, e.g. the partner's: MAIL_FROM's address goes with it. */
  fromName?: string;
}

/** The address of a sender such as 'Name <a@b.c>' or 'a@b.c'. */
function senderAddress(from: string): string {
  return (/<([^<>]+)>\s*$/.exec(from)?.[1] ?? from).trim();
}

/** The message of a queued mail: one-line subject, recipient and sender's name, the text as it is. */
export function composeQueuedMail(mail: QueuedMail, recipient: string, from: string): SendMailOptions {
  return {
    from: mail.fromName ? { name: oneLine(mail.fromName), address: senderAddress(from) } : from,
    to: oneLine(recipient),
    subject: oneLine(mail.subject),
    text: multiLine(mail.text),
    ...(mail.html ? { html: mail.html } : {}),
    disableFileAccess: true,
    disableUrlAccess: true,
  };
}
