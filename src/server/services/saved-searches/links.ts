// The links mailed about saved searches, each with a token of its own (random,
// only its SHA-256 stored: services/accounts/tokens.ts), on the site where the
// search was saved (the partner's domain, SITE_URL/{slug}, or SITE_URL) in the
// search's language: its brand's home (accounts/mails.ts mailBrand).
//   /saved-searches/confirm/{token}      starts a pending search (7 days)
//   /saved-searches/manage/{token}       the address's searches (a year)
//   /saved-searches/unsubscribe/{token}  stops one search (a year; RFC 8058 one-click POST)
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { DAY_MS } from '../../../shared/durations.ts';
import { CONFIRM_DAYS, type TokenPurpose } from '../../../shared/saved-searches.ts';
import { hashToken, newToken } from '../accounts/tokens.ts';

/** How long a link in a mail works, by what it does. */
const LIFETIME_DAYS: Record<TokenPurpose, number> = { confirm: CONFIRM_DAYS, manage: 365, unsubscribe: 365 };

/** Writes a token row and answers the token itself (to put in a link, never stored). */
export async function mintToken(
  db: Kysely<Database>,
  purpose: TokenPurpose,
  addressId: number,
  searchId: number | null,
  now: Date,
): Promise<string> {
  const token = newToken();
  await db
    .insertInto('saved_search_tokens')
    .values({
      token_hash: hashToken(token),
      purpose,
      address_id: addressId,
      search_id: searchId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + LIFETIME_DAYS[purpose] * DAY_MS).toISOString(),
    })
    .execute();
  return token;
}

/** The address of a saved-search page on the site whose home (in the mail's language) is `home`. */
export function savedSearchLink(home: string, purpose: TokenPurpose, token: string): string {
  return `${home}/saved-searches/${purpose}/${token}`;
}

/**
 * The unsubscribe link of an alert mail about one search, for its body and its
 * List-Unsubscribe header (mail/one-click.ts): a one-click POST there stops that
 * search at once. Writes the link's token in `db` (the transaction that queues the mail).
 */
export async function unsubscribeLink(
  db: Kysely<Database>,
  home: string,
  search: { id: number; address_id: number },
  now: Date,
): Promise<string> {
  const token = await mintToken(db, 'unsubscribe', search.address_id, search.id, now);
  return savedSearchLink(home, 'unsubscribe', token);
}
