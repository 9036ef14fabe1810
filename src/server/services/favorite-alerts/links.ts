// The links of a favorites mail, on the client's site (the partner's domain,
// SITE_URL/{slug}, or SITE_URL; the profile of the main site is under /old), in
// the account's language (`{site}` with its prefix, e.g. SITE_URL/de):
//   {site}/for-sale/{id}                         each project
//   {site}/profile                               where the switch is
//   {site}/favorite-alerts/unsubscribe/{token}   List-Unsubscribe: a one-click POST switches the alerts off
// The unsubscribe token is new for each mail; only its SHA-256 is kept, for a year.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { DAY_MS } from '../../../shared/durations.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';
import { accountLink, mailBrand, type MailPartner } from '../accounts/mails.ts';
import { DEFAULT_LANGUAGE, type Language } from '../../../shared/languages.ts';

export const LINK_DAYS = 365;

export interface AlertLinks {
  project: (id: number) => string;
  profile: string;
  unsubscribe: string;
}

/** Writes a new unsubscribe token for `clientId` and answers the mail's links, in `language`. */
export async function alertLinks(
  db: Kysely<Database>,
  siteUrl: string,
  partner: MailPartner,
  clientId: number,
  now: Date,
  language: Language = DEFAULT_LANGUAGE,
): Promise<AlertLinks> {
  const token = newToken();
  await db
    .insertInto('favorite_alert_links')
    .values({
      token_hash: hashToken(token),
      client_id: clientId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LINK_DAYS * DAY_MS).toISOString(),
    })
    .execute();
  const home = mailBrand(siteUrl, partner, language).home;
  return {
    project: (id) => `${home}/for-sale/${id}`,
    profile: accountLink(siteUrl, partner, 'profile', undefined, language),
    unsubscribe: `${home}/favorite-alerts/unsubscribe/${token}`,
  };
}

/** The client an unexpired link names, or null. */
export async function linkHolder(db: Kysely<Database>, token: string, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('favorite_alert_links')
    .select('client_id')
    .where('token_hash', '=', hashToken(token))
    .where('expires_at', '>', now.toISOString())
    .executeTakeFirst();
  return row?.client_id ?? null;
}
