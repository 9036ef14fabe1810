// The HTML part of an account mail: the plain text's paragraphs under a bar in
// the site's primary colour with its logo (or its name), the link as a button.
// Mail clients ignore stylesheets, so styles are inline; every value is
// escaped, though none comes from a visitor (en.json, the partner's settings
// as the partner CLI checked them, and a link we built).
import { readableOn } from '../../../shared/brand-colors.ts';
import { escapeHtml } from '../../mail/compose.ts';

export interface MailBrand {
  /** The site's name: the partner's, or the main site's. */
  name: string;
  /** The home page of the client's site (the bar links there). */
  home: string;
  /** An absolute address of the partner's logo as a mail can show it (mailLogoUrl), or null. */
  logo: string | null;
  /** #rrggbb */
  primary: string;
}

export function brandedHtml(brand: MailBrand, text: string, link: string): string {
  const primary = /^#[0-9a-f]{6}$/i.test(brand.primary) ? brand.primary : '#13206a';
  const ink = readableOn(primary);
  const name = escapeHtml(brand.name);
  const mark = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${name}" height="40" style="display:block;height:40px;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${ink}">${name}</span>`;
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    if (p.trim() === link)
      return `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${primary};color:${ink};text-decoration:none;border-radius:4px;word-break:break-all">${escapeHtml(link)}</a></p>`;
    return `<p style="margin:0 0 16px">${escapeHtml(p).replace(/\n/g, '<br>')}</p>`;
  });
  return [
    '<!doctype html>',
    `<html lang="en"><head><meta charset="utf-8"><title>${name}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;color:#1a1a1a;line-height:1.5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f4"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;background:#ffffff">',
    `<tr><td style="background:${primary};padding:16px 24px"><a href="${escapeHtml(brand.home)}" style="text-decoration:none">${mark}</a></td></tr>`,
    `<tr><td style="padding:24px">${paragraphs.join('')}</td></tr>`,
    `<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-size:13px;color:#555555"><a href="${escapeHtml(brand.home)}" style="color:#555555">${name}</a></td></tr>`,
    '</table></td></tr></table></body></html>',
    '',
  ].join('\n');
}
