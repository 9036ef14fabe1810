// The frame of every HTML mail (account mails, lead mails): a grey page, a
// 600 px white column, a bar in the brand's colour with its logo or its name,
// the body, and an optional footer. Tables and inline styles, which is what
// mail clients render; every value is escaped here or by the caller. Its
// `lang` is the language the mail is written in (i18n's writeIn()).
import { readableOn } from '../../shared/brand-colors.ts';
import { DEFAULT_COLORS } from '../../shared/constants.ts';
import { currentLanguage } from '../../shared/i18n.ts';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface FrameBrand {
  /** The site's name: the partner's, or the main site's. */
  name: string;
  /** #rrggbb; anything else: the main brand's. */
  primary: string | null;
  /** An absolute address of a logo a mail client can show (mailLogoUrl), or null for the name. */
  logo: string | null;
  /** Where the bar links to, if anywhere. */
  home?: string | null;
}

/** The brand's colour as a mail may use it, and the text colour that reads on it. */
export function frameColors(brand: Pick<FrameBrand, 'primary'>): { primary: string; ink: string } {
  const primary = brand.primary && /^#[0-9a-f]{6}$/i.test(brand.primary) ? brand.primary : DEFAULT_COLORS.primary;
  return { primary, ink: readableOn(primary) };
}

/** `body` and `footer` are HTML the caller escaped. */
export function mailFrame(brand: FrameBrand, body: string, footer = ''): string {
  const { primary, ink } = frameColors(brand);
  const name = escapeHtml(brand.name);
  const mark = brand.logo
    ? `<img src="${escapeHtml(brand.logo)}" alt="${name}" height="40" style="display:block;height:40px;width:auto;border:0">`
    : `<span style="font-size:20px;font-weight:bold;color:${ink}">${name}</span>`;
  const bar = brand.home ? `<a href="${escapeHtml(brand.home)}" style="text-decoration:none">${mark}</a>` : mark;
  return [
    '<!doctype html>',
    `<html lang="${currentLanguage()}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${name}</title></head>`,
    '<body style="margin:0;padding:0;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;font-size:15px;color:#1a1a1a;line-height:1.5">',
    '<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;background:#f4f4f4"><tr><td align="center" style="padding:24px 12px">',
    '<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="border-collapse:collapse;width:100%;max-width:600px;background:#ffffff">',
    `<tr><td style="background:${primary};padding:16px 24px">${bar}</td></tr>`,
    `<tr><td style="padding:24px">${body}</td></tr>`,
    footer ? `<tr><td style="padding:16px 24px;border-top:1px solid #e5e5e5;font-size:13px;color:#555555">${footer}</td></tr>` : '',
    '</table></td></tr></table></body></html>',
    '',
  ]
    .filter((line, i, all) => line || i === all.length - 1)
    .join('\n');
}
