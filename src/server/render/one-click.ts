// What the token pages of the alert mails share (saved-search-posts.ts,
// favorite-alert-posts.ts): the section a link was mailed for, and the
// RFC 8058 one-click POST, from a mail client or from the page's own button.
import type { FastifyRequest } from 'fastify';
import type { PartnerService } from '../services/partners.ts';
import { ONE_CLICK } from '../../shared/saved-searches.ts';
import { HttpError } from '../../shared/errors.ts';
import { t, writeIn, type MessageKey } from '../../shared/i18n.ts';
import { sameOrigin } from '../http/same-origin.ts';
import { hostLanguage } from '../http/language.ts';
import { languagePrefix, type Language } from '../../shared/languages.ts';

export interface Section {
  /** '' (the main site), '/old' or '/{slug}', after the request's language's prefix ('/de/old'): where its redirects go. */
  root: string;
  slug?: string;
  language: Language;
}

/**
 * The section of a request to `[/:partner]/…` and its language (the address's, else the host's root
 * language), or null when the slug names no partner here (on a partner's domain, none does).
 */
export async function sectionOf(
  partners: PartnerService,
  request: FastifyRequest<{ Params: { partner?: string } }>,
): Promise<Section | null> {
  const slug = request.params.partner;
  const versions = await partners.versions();
  const hostPartner = await partners.byHost(request.hostname, versions);
  const { language, root } = hostLanguage(request, hostPartner);
  const prefix = languagePrefix(language, root);
  if (slug === undefined || slug === 'old') return { root: prefix + (slug ? '/old' : ''), language };
  if (hostPartner || !(await partners.bySlug(slug.toLowerCase(), versions))) return null;
  return { root: `${prefix}/${slug}`, slug: slug.toLowerCase(), language };
}

/** A 400 unless the body is `List-Unsubscribe=One-Click` (form-urlencoded or multipart). */
export function requireOneClick(body: unknown): void {
  const value = body instanceof URLSearchParams ? body.get(ONE_CLICK.name) : typeof body === 'string' ? body : null;
  if (value !== ONE_CLICK.value) throw new HttpError(400, `${ONE_CLICK.name}: ${t('savedSearches.errors.notOneClick')}`);
}

/** The plain text a mail client's one-click POST is answered with, in its link's language (the section's). */
export function oneClickText(section: Section, key: MessageKey): string {
  return writeIn(section.language, () => t(key));
}

/** Whether the POST came from the page's own button (then it goes back to the page) rather than a mail client. */
export function fromOwnPage(request: FastifyRequest): boolean {
  return request.body instanceof URLSearchParams && request.body.get('page') === '1' && sameOrigin(request);
}
