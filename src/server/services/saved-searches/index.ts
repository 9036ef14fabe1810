// Saved searches (issue 13, first part): saving with double opt-in or from an
// account, confirming, the manage page's list and changes, one-click
// unsubscribe, and forgetting. The API routes (api/saved-searches.ts) check
// bodies and rate-limit; this service decides. The alert mails (alerts.ts) are
// queued by imports and the digest job and read the same tables.
//
// Nothing here tells whether an address has searches: a visitor's save always
// answers 'pending' and queues one confirmation mail, whatever the address has.
//
// A search keeps the language of the page it was saved on: its title, its
// confirmation and its alerts are written in it, their links under its prefix.
// Saving it again in another language changes it when it may change the
// frequency (from the account, or while it waits for confirmation).
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database, SavedSearchRow } from '../../store/schema.ts';
import type { PublicPartner } from '../../../shared/partner.ts';
import { HttpError } from '../../../shared/errors.ts';
import { t, writeIn } from '../../../shared/i18n.ts';
import type { Language } from '../../../shared/languages.ts';
import { geoSegments } from '../../../shared/search-url.ts';
import {
  CONFIRM_DAYS,
  FORGET_DAYS,
  savedSearchPath,
  type Frequency,
  type ManageBody,
  type SavedFilters,
  type SavedSearchList,
  type SavedSearchStatus,
  type SavedSearchView,
  type TokenPurpose,
} from '../../../shared/saved-searches.ts';
import { describeSearch } from '../../../shared/saved-search-words.ts';
import { queueMail } from '../../mail/outbox.ts';
import { brandedMail, mailBrand } from '../accounts/mails.ts';
import { hashToken } from '../accounts/tokens.ts';
import { toPublicPartner } from '../partners.ts';
import { mintToken, savedSearchLink } from './links.ts';
import { DAY_MS } from '../../../shared/durations.ts';

export interface SavedSearchOptions {
  /** The main site's public address (SITE_URL): links in mails start here. */
  siteUrl: string;
  now?: () => Date;
}

export interface SaveRequest {
  email: string;
  filters: SavedFilters;
  frequency: Frequency;
  /** The site it is saved on: a partner's, or null for the main site. */
  partner: PublicPartner | null;
  /** From a logged-in client: active at once, no mail. */
  fromAccount: boolean;
  /** The language of the page it is saved on: its title's and its mails'. */
  language: Language;
}

/** A token's address (and search), once it is known to be valid. */
interface TokenHolder {
  addressId: number;
  searchId: number | null;
  email: string;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();
const fieldError = (field: string, message: string) => new HttpError(400, `${field}: ${message}`);

export class SavedSearchService {
  private readonly now: () => Date;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: SavedSearchOptions,
  ) {
    this.now = options.now ?? (() => new Date());
  }

  // --- saving and confirming ---------------------------------------------------

  /**
   * Saves a search. A visitor's is pending and gets a confirmation mail (a new
   * link each time, as long as the rate limit lets them ask); a client's is
   * active at once. The same search on the same site is one row: saving it
   * again changes its frequency (a visitor's only once confirmed).
   */
  async save(request: SaveRequest): Promise<SavedSearchStatus> {
    const { language } = request;
    const place = await this.placeName(request.filters);
    const title = writeIn(language, () => describeSearch(request.filters, place));
    const search = savedSearchPath(request.filters);
    const now = this.now();
    const at = now.toISOString();
    const email = normaliseEmail(request.email);
    return this.db.transaction().execute(async (trx) => {
      const addressId = await this.addressOf(trx, email, at);
      if (request.fromAccount)
        await trx
          .updateTable('saved_search_addresses')
          .set({ confirmed_at: at })
          .where('id', '=', addressId)
          .where('confirmed_at', 'is', null)
          .execute();
      const partnerId = request.partner?.id ?? null;
      let existing = await trx
        .selectFrom('saved_searches')
        .selectAll()
        .where('address_id', '=', addressId)
        .where('search', '=', search)
        .where((eb) => (partnerId === null ? eb('partner_id', 'is', null) : eb('partner_id', '=', partnerId)))
        .executeTakeFirst();
      if (!existing) {
        const row = {
          address_id: addressId,
          partner_id: partnerId,
          search,
          filters: JSON.stringify(request.filters),
          title,
          frequency: request.frequency,
          status: (request.fromAccount ? 'active' : 'pending') as SavedSearchStatus,
          created_at: at,
          updated_at: at,
          expires_at: request.fromAccount ? null : new Date(now.getTime() + CONFIRM_DAYS * DAY_MS).toISOString(),
          confirmed_at: request.fromAccount ? at : null,
          last_alert_at: null,
          language,
        };
        const { id } = await trx.insertInto('saved_searches').values(row).returning('id').executeTakeFirstOrThrow();
        existing = { ...row, id };
      } else if (request.fromAccount || existing.status === 'pending') {
        const changes = request.fromAccount
          ? {
              frequency: request.frequency,
              status: 'active' as const,
              expires_at: null,
              confirmed_at: existing.confirmed_at ?? at,
              updated_at: at,
            }
          : { frequency: request.frequency, expires_at: new Date(now.getTime() + CONFIRM_DAYS * DAY_MS).toISOString(), updated_at: at };
        await trx
          .updateTable('saved_searches')
          .set({ ...changes, language, title })
          .where('id', '=', existing.id)
          .execute();
      }
      await trx.updateTable('saved_search_addresses').set({ emptied_at: null }).where('id', '=', addressId).execute();
      if (request.fromAccount) return 'active';

      const confirmToken = await mintToken(trx, 'confirm', addressId, existing.id, now);
      const manageToken = await mintToken(trx, 'manage', addressId, null, now);
      const mail = writeIn(language, () => {
        const brand = mailBrand(this.options.siteUrl, request.partner, language);
        const link = savedSearchLink(brand.home, 'confirm', confirmToken);
        const text = t('savedSearches.mail.confirmBody', {
          site: brand.name,
          search: title,
          frequency: t(`savedSearches.frequencies.${request.frequency}`),
          link,
          manage: savedSearchLink(brand.home, 'manage', manageToken),
        });
        return brandedMail(brand, t('savedSearches.mail.confirmSubject', { site: brand.name }), text, link);
      });
      await queueMail(trx, email, mail, now);
      return 'pending';
    });
  }

  /**
   * Starts the search a confirmation link names (pending, or stopped since)
   * and answers a link token for the manage page; null for a link that is
   * unknown or expired. A link works until it expires, so a second click
   * lands on the manage page too.
   */
  async confirm(token: string): Promise<string | null> {
    const now = this.now();
    const at = now.toISOString();
    return this.db.transaction().execute(async (trx) => {
      const holder = await this.holder(trx, token, ['confirm']);
      if (!holder || holder.searchId === null) return null;
      await trx
        .updateTable('saved_searches')
        .set({ status: 'active', expires_at: null, confirmed_at: at, updated_at: at })
        .where('id', '=', holder.searchId)
        .where('status', '!=', 'active')
        .execute();
      await trx
        .updateTable('saved_search_addresses')
        .set({ confirmed_at: at })
        .where('id', '=', holder.addressId)
        .where('confirmed_at', 'is', null)
        .execute();
      return mintToken(trx, 'manage', holder.addressId, null, now);
    });
  }

  // --- the manage page ------------------------------------------------------------

  /** The searches of the address a manage or unsubscribe link names; a 404 for a link that is not (any more). */
  async listByToken(token: string): Promise<SavedSearchList> {
    const holder = await this.holder(this.db, token, ['manage', 'unsubscribe']);
    if (!holder) throw new HttpError(404, t('savedSearches.errors.link'));
    return { data: { email: holder.email, searches: await this.views(holder.addressId) } };
  }

  /** The searches of a logged-in client's address (empty when it has none). */
  async listByEmail(email: string): Promise<SavedSearchList> {
    const address = await this.db
      .selectFrom('saved_search_addresses')
      .select('id')
      .where('email', '=', normaliseEmail(email))
      .executeTakeFirst();
    return { data: { email: normaliseEmail(email), searches: address ? await this.views(address.id) : [] } };
  }

  /** A change from the manage page (`token`) or the profile (`email`): answers the list as it now is. */
  async manage(who: { token: string } | { email: string }, body: ManageBody): Promise<SavedSearchList> {
    const now = this.now();
    const at = now.toISOString();
    const addressId = await this.db.transaction().execute(async (trx) => {
      const addressId =
        'token' in who ? (await this.holder(trx, who.token, ['manage', 'unsubscribe']))?.addressId : await this.addressIdOf(trx, who.email);
      if (addressId === undefined)
        throw 'token' in who ? new HttpError(404, t('savedSearches.errors.link')) : fieldError('id', t('savedSearches.errors.id'));
      const mine = trx.updateTable('saved_searches').where('address_id', '=', addressId);
      const one = () => body.id ?? 0;
      let changed = 1;
      if (body.action === 'delete-all') await trx.deleteFrom('saved_searches').where('address_id', '=', addressId).execute();
      else if (body.action === 'delete')
        changed = Number(
          (await trx.deleteFrom('saved_searches').where('address_id', '=', addressId).where('id', '=', one()).executeTakeFirst())
            .numDeletedRows,
        );
      else if (body.action === 'frequency')
        changed = Number(
          (await mine.set({ frequency: body.frequency!, updated_at: at }).where('id', '=', one()).executeTakeFirst()).numUpdatedRows,
        );
      // Only a search that was confirmed once may start again without a new confirmation.
      else
        changed = Number(
          (await mine.set({ status: 'active', updated_at: at }).where('id', '=', one()).where('status', '=', 'stopped').executeTakeFirst())
            .numUpdatedRows,
        );
      if (!changed) throw fieldError('id', t('savedSearches.errors.id'));
      await markIfEmpty(trx, addressId, at);
      return addressId;
    });
    const email = (await this.db.selectFrom('saved_search_addresses').select('email').where('id', '=', addressId).executeTakeFirstOrThrow())
      .email;
    return { data: { email, searches: await this.views(addressId) } };
  }

  // --- unsubscribe ---------------------------------------------------------------

  /** The search an unsubscribe link names (for its page), or a 404. */
  async unsubscribeTarget(token: string): Promise<SavedSearchView> {
    const holder = await this.holder(this.db, token, ['unsubscribe']);
    const view = holder && (await this.views(holder.addressId)).find((v) => v.id === holder.searchId);
    if (!view) throw new HttpError(404, t('savedSearches.errors.link'));
    return view;
  }

  /** Stops the search an unsubscribe link names, at once; false for a link that names none. */
  async unsubscribe(token: string): Promise<boolean> {
    const holder = await this.holder(this.db, token, ['unsubscribe']);
    if (!holder || holder.searchId === null) return false;
    const at = this.now().toISOString();
    await this.db
      .updateTable('saved_searches')
      .set({ status: 'stopped', updated_at: at })
      .where('id', '=', holder.searchId)
      .where('status', '!=', 'stopped')
      .execute();
    return true;
  }

  // --- upkeep --------------------------------------------------------------------

  /**
   * Forgets unconfirmed searches after CONFIRM_DAYS, expired links, and
   * addresses without searches: at once if they never confirmed one,
   * FORGET_DAYS after their last one went otherwise.
   */
  async prune(): Promise<{ searches: number; tokens: number; addresses: number }> {
    const now = this.now();
    const at = now.toISOString();
    const forgetBefore = new Date(now.getTime() - FORGET_DAYS * DAY_MS).toISOString();
    return this.db.transaction().execute(async (trx) => {
      const searches = await trx
        .deleteFrom('saved_searches')
        .where('status', '=', 'pending')
        .where('expires_at', '<=', at)
        .executeTakeFirst();
      const tokens = await trx.deleteFrom('saved_search_tokens').where('expires_at', '<=', at).executeTakeFirst();
      const empty = (eb: ExpressionBuilder<Database, 'saved_search_addresses'>) =>
        eb.not(
          eb.exists(eb.selectFrom('saved_searches').select('id').whereRef('saved_searches.address_id', '=', 'saved_search_addresses.id')),
        );
      await trx.updateTable('saved_search_addresses').set({ emptied_at: at }).where('emptied_at', 'is', null).where(empty).execute();
      const addresses = await trx
        .deleteFrom('saved_search_addresses')
        .where(empty)
        .where((eb) => eb.or([eb('confirmed_at', 'is', null), eb('emptied_at', '<=', forgetBefore)]))
        .executeTakeFirst();
      return {
        searches: Number(searches.numDeletedRows),
        tokens: Number(tokens.numDeletedRows),
        addresses: Number(addresses.numDeletedRows),
      };
    });
  }

  // --- helpers -------------------------------------------------------------------

  /** The place's name for the title; a 400 naming `search` when the path names no place. */
  private async placeName(filters: SavedFilters): Promise<string | null> {
    const path = geoSegments(filters.esGeo).join('/');
    if (!path) return null;
    const place = await this.db.selectFrom('geo_places').select('name').where('path', '=', path).executeTakeFirst();
    if (!place) throw fieldError('search', t('savedSearches.errors.search'));
    return place.name;
  }

  private async addressOf(db: Kysely<Database>, email: string, at: string): Promise<number> {
    const found = await this.addressIdOf(db, email);
    if (found !== undefined) return found;
    // Two saves of a new address at once: the second insert does nothing and reads the first's row.
    await db
      .insertInto('saved_search_addresses')
      .values({ email, created_at: at, confirmed_at: null, emptied_at: null })
      .onConflict((oc) => oc.column('email').doNothing())
      .execute();
    return (await this.addressIdOf(db, email))!;
  }

  private async addressIdOf(db: Kysely<Database>, email: string): Promise<number | undefined> {
    return (await db.selectFrom('saved_search_addresses').select('id').where('email', '=', normaliseEmail(email)).executeTakeFirst())?.id;
  }

  private async holder(db: Kysely<Database>, token: string, purposes: TokenPurpose[]): Promise<TokenHolder | null> {
    const row = await db
      .selectFrom('saved_search_tokens')
      .innerJoin('saved_search_addresses', 'saved_search_addresses.id', 'saved_search_tokens.address_id')
      .select(['saved_search_tokens.address_id', 'saved_search_tokens.search_id', 'saved_search_addresses.email'])
      .where('token_hash', '=', hashToken(token))
      .where('purpose', 'in', purposes)
      .where('expires_at', '>', this.now().toISOString())
      .executeTakeFirst();
    return row ? { addressId: row.address_id, searchId: row.search_id, email: row.email } : null;
  }

  private async views(addressId: number): Promise<SavedSearchView[]> {
    const rows = await this.db.selectFrom('saved_searches').selectAll().where('address_id', '=', addressId).orderBy('id').execute();
    const partnerIds = [...new Set(rows.map((r) => r.partner_id).filter((id): id is number => id !== null))];
    const partners = partnerIds.length
      ? (await this.db.selectFrom('partners').selectAll().where('id', 'in', partnerIds).execute()).map(toPublicPartner)
      : [];
    return rows.map((row) => this.view(row, partners.find((p) => p.id === row.partner_id) ?? null));
  }

  private view(row: SavedSearchRow, partner: PublicPartner | null): SavedSearchView {
    // Its results in the language it was saved in, as its mails link to them.
    const brand = mailBrand(this.options.siteUrl, partner, row.language);
    return { id: row.id, title: row.title, href: brand.home + row.search, site: brand.name, frequency: row.frequency, status: row.status };
  }
}

/** Notes when an address lost its last search (upkeep forgets it FORGET_DAYS later). */
async function markIfEmpty(db: Kysely<Database>, addressId: number, at: string): Promise<void> {
  const left = await db.selectFrom('saved_searches').select('id').where('address_id', '=', addressId).limit(1).executeTakeFirst();
  if (!left)
    await db
      .updateTable('saved_search_addresses')
      .set({ emptied_at: at })
      .where('id', '=', addressId)
      .where('emptied_at', 'is', null)
      .execute();
}
