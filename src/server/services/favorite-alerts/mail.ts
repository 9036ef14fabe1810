// The favorites mail: per project its name and place, what changed (each
// drop as old → new price in SPEC §9's format, homes available again, new
// homes) and its link on the client's site; in that site's brand (sender's
// name, colour, logo); a plain-text and an HTML part; List-Unsubscribe
// headers, and the profile's address to change the switch. Every value is ours
// or the feed's, escaped in the HTML part.
import { escapeHtml, frameColors, mailFrame } from '../../mail/frame.ts';
import type { QueuedMail } from '../../mail/compose.ts';
import type { MailBrand } from '../accounts/mail-html.ts';
import { formatPrice } from '../../../shared/format.ts';
import { t, tp } from '../../../shared/i18n.ts';
import type { ProjectChanges } from './changes.ts';
import { type AlertLinks } from './links.ts';
import { oneClickHeaders } from '../../mail/one-click.ts';
import { contactHtml, contactText, type MailContact } from '../../mail/contact-block.ts';
import { MAIL_PICTURE_WIDTH } from '../saved-searches/alert-mail.ts';

export interface FavoritesMailExtras {
  /** Whom the client asks: the partner on its site's mails, else the office. */
  contact: MailContact;
  /** A project's picture as a mail shows it (saved-searches/alerts.ts's mailPicture), or null. */
  pictureOf: (projectId: number) => string | null;
}

/** What changed in one project, a line each. */
export function changeLines(p: ProjectChanges): string[] {
  const lines = p.drops.map((d) => t('favoriteAlerts.mail.priceDrop', { before: formatPrice(d.before), after: formatPrice(d.after) }));
  if (p.availableAgain) lines.push(tp('favoriteAlerts.mail.available', p.availableAgain));
  if (p.newUnits) lines.push(tp('favoriteAlerts.mail.added', p.newUnits));
  return lines;
}

export function favoritesMail(brand: MailBrand, projects: ProjectChanges[], links: AlertLinks, extras: FavoritesMailExtras): QueuedMail {
  const site = brand.name;
  const intro = t('favoriteAlerts.mail.intro', { site });
  const why = t('favoriteAlerts.mail.why', { site });

  const text = [intro, ''];
  for (const p of projects) {
    text.push(
      `${p.name} — ${p.place}`,
      ...changeLines(p).map((line) => `- ${line}`),
      `${t('favoriteAlerts.mail.view')}: ${links.project(p.projectId)}`,
      '',
    );
  }
  text.push(...contactText(extras.contact), '', '--', why, links.profile, '');

  const e = escapeHtml;
  const { primary } = frameColors(brand);
  const body = [
    `<p style="margin:0 0 16px">${e(intro).replace(/\n/g, '<br>')}</p>`,
    ...projects.map(
      (p) =>
        picture(extras.pictureOf(p.projectId), links.project(p.projectId)) +
        `<h2 style="font-size:17px;margin:16px 0 4px"><a href="${e(links.project(p.projectId))}" style="color:${primary}">${e(p.name)}</a></h2>` +
        `<p style="margin:0 0 4px;color:#555555">${e(p.place)}</p>` +
        `<ul style="margin:0 0 8px;padding-left:20px">${changeLines(p)
          .map((line) => `<li style="margin:0 0 4px">${e(line)}</li>`)
          .join('')}</ul>` +
        `<p style="margin:0 0 16px"><a href="${e(links.project(p.projectId))}" style="color:${primary}">${e(t('favoriteAlerts.mail.view'))}</a></p>`,
    ),
    contactHtml(extras.contact, primary),
  ].join('');
  const footer = `${e(why)} <a href="${e(links.profile)}" style="color:#555555">${e(t('favoriteAlerts.mail.profileLink'))}</a>`;

  return {
    subject: t('favoriteAlerts.mail.subject', { site }),
    text: text.join('\n'),
    html: mailFrame(brand, body, footer),
    fromName: site,
    headers: oneClickHeaders(links.unsubscribe),
  };
}

/** A project's picture, linked to its page (none without one). */
function picture(src: string | null, href: string): string {
  if (!src) return '';
  const e = escapeHtml;
  return `<a href="${e(href)}"><img src="${e(src)}" alt="" width="${MAIL_PICTURE_WIDTH}" style="display:block;width:${MAIL_PICTURE_WIDTH}px;height:auto;border:0;margin:16px 0 0"></a>`;
}
