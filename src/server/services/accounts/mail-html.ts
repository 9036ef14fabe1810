// The HTML part of an account mail: the plain text's paragraphs under a bar in
// the site's primary colour with its logo (or its name), the link as a button.
// Mail clients ignore stylesheets, so styles are inline; every value is
// escaped, though none comes from a visitor (en.json, the partner's settings
// as the partner CLI checked them, and a link we built).
import { escapeHtml, frameColors, mailFrame } from '../../mail/frame.ts';

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

const URL_IN_TEXT = /https?:\/\/[^\s<>"']+/g;

/** A paragraph escaped, its line breaks kept and its addresses (ours: a manage link) linked. */
function linked(text: string, color: string): string {
  return escapeHtml(text)
    .replace(URL_IN_TEXT, (url) => `<a href="${url}" style="color:${color};word-break:break-all">${url}</a>`)
    .replace(/\n/g, '<br>');
}

export function brandedHtml(brand: MailBrand, text: string, link: string): string {
  const { primary, ink } = frameColors(brand);
  const paragraphs = text.split(/\n{2,}/).map((p) => {
    if (p.trim() === link)
      return `<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;padding:12px 20px;background:${primary};color:${ink};text-decoration:none;border-radius:4px;word-break:break-all">${escapeHtml(link)}</a></p>`;
    return `<p style="margin:0 0 16px">${linked(p, primary)}</p>`;
  });
  const footer = `<a href="${escapeHtml(brand.home)}" style="color:#555555">${escapeHtml(brand.name)}</a>`;
  return mailFrame(brand, paragraphs.join(''), footer);
}
