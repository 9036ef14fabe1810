// Alert mails of saved searches, queued in the caller's transaction: the
// import's for `instant` searches (what that import listed or made cheaper),
// the digest job's for `daily` and `weekly` ones (what happened since each
// search's last alert, or since it was confirmed). One mail per active search
// that matched something, with at most ALERT_MAX_PROJECTS projects; its
// last_alert_at set. Nothing is queued for a pending or stopped search.
//
// Searches with the same filters, site and window are matched once.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { DialectName } from '../../store/db.ts';
import type { PublicPartner } from '../../../shared/partner.ts';
import type { ProjectCard } from '../../../shared/catalogue.ts';
import { formatPriceRange } from '../../../shared/format.ts';
import { t } from '../../../shared/i18n.ts';
import { absoluteUrl, previewImage, siteOrigin } from '../../../shared/seo.ts';
import { ALERT_MAX_PROJECTS, type Frequency, type SavedFilters } from '../../../shared/saved-searches.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mailBrand } from '../accounts/mails.ts';
import { loadCards } from '../catalogue/cards.ts';
import { loadScope, type Scope } from '../catalogue/scope.ts';
import { toPublicPartner } from '../partners.ts';
import { alertMail, type AlertItem } from './alert-mail.ts';
import { dropCandidates, gatherCandidates, matchSearch, type AlertWindow, type SearchMatches } from './alert-matches.ts';
import { mintToken, savedSearchLink, unsubscribeHeaders } from './links.ts';

export interface AlertRun {
  /** instant: the changes of the import at `now`; digest: those since each search's last alert, up to `now`. */
  kind: 'instant' | 'digest';
  frequencies: Frequency[];
  /** SITE_URL: the links start here (or at the partner's domain). */
  siteUrl: string;
  now: Date;
}

export interface AlertsQueued {
  /** Active searches of these frequencies. */
  searches: number;
  /** Mails queued. */
  mails: number;
}

/** Ids per statement when reading by id: within both engines' bound-parameter limits. */
const ID_CHUNK = 1000;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ID_CHUNK) out.push(list.slice(i, i + ID_CHUNK));
  return out;
}

/** A listing's picture as a mail can show it: a first-party raster address (the demo's SVGs have JPEG twins), or null. */
export function mailPicture(card: ProjectCard, siteUrl: string): string | null {
  const first = card.images[0];
  if (!first) return null;
  const { url } = previewImage(first.url);
  if (!url.startsWith('/') || url.startsWith('//') || /\.svg(?:[?#]|$)/i.test(url)) return null;
  return absoluteUrl(siteOrigin(siteUrl), url);
}

export async function queueAlerts(db: Kysely<Database>, dialect: DialectName, run: AlertRun): Promise<AlertsQueued> {
  const at = run.now.toISOString();
  const searches = await db
    .selectFrom('saved_searches as s')
    .innerJoin('saved_search_addresses as a', 'a.id', 's.address_id')
    .select([
      's.id',
      's.address_id',
      's.partner_id',
      's.search',
      's.filters',
      's.title',
      's.frequency',
      's.created_at',
      's.confirmed_at',
      's.last_alert_at',
      'a.email',
    ])
    .where('s.status', '=', 'active')
    .where('s.frequency', 'in', run.frequencies)
    .orderBy('s.id')
    .execute();
  if (!searches.length) return { searches: 0, mails: 0 };

  const sinceOf = (s: (typeof searches)[number]) => (run.kind === 'instant' ? null : (s.last_alert_at ?? s.confirmed_at ?? s.created_at));
  const earliest = searches.reduce((min, s) => (sinceOf(s)! < min ? sinceOf(s)! : min), at);
  const window: AlertWindow = run.kind === 'instant' ? { at } : { after: earliest, upTo: at };

  let mails = 0;
  const candidates = await gatherCandidates(db, dialect, window);
  if (candidates) {
    const scopes = new Map<number | null, Promise<Scope>>();
    const matched = new Map<string, Promise<SearchMatches>>();
    const results = [];
    for (const s of searches) {
      const since = sinceOf(s);
      const key = `${s.partner_id ?? ''}\u0001${since ?? ''}\u0001${s.filters}`;
      let found = matched.get(key);
      if (!found) {
        let scope = scopes.get(s.partner_id);
        if (!scope) scopes.set(s.partner_id, (scope = loadScope(db, s.partner_id)));
        found = matchSearch(db, JSON.parse(s.filters) as SavedFilters, await scope, since, ALERT_MAX_PROJECTS, candidates);
        matched.set(key, found);
      }
      const result = await found;
      if (result.total) results.push({ search: s, result });
    }
    await dropCandidates(db);

    const cards = new Map<number, ProjectCard>();
    const ids = [...new Set(results.flatMap((r) => r.result.matches.map((m) => m.projectId)))];
    for (const part of chunks(ids)) for (const card of await loadCards(db, part)) cards.set(card.id, card);
    const partners = new Map<number, PublicPartner>();
    const partnerIds = [...new Set(results.map((r) => r.search.partner_id).filter((id): id is number => id !== null))];
    for (const part of chunks(partnerIds))
      for (const row of await db.selectFrom('partners').selectAll().where('id', 'in', part).execute())
        partners.set(row.id, toPublicPartner(row));

    for (const { search, result } of results) {
      const partner = search.partner_id === null ? null : (partners.get(search.partner_id) ?? null);
      const brand = mailBrand(run.siteUrl, partner);
      const items: AlertItem[] = result.matches.flatMap((m) => {
        const card = cards.get(m.projectId);
        if (!card) return [];
        return [
          {
            name: card.name,
            place: [card.location.town.name, card.location.region.name].join(', '),
            price: formatPriceRange(card.price) || t('savedSearches.alert.noPrice'),
            picture: mailPicture(card, run.siteUrl),
            href: `${brand.home}/for-sale/${card.id}`,
            isNew: m.isNew,
            priceBefore: m.priceBefore,
            priceNow: m.price,
          },
        ];
      });
      const headers = await unsubscribeHeaders(db, run.siteUrl, { id: search.id, address_id: search.address_id, partner }, run.now);
      const manage = savedSearchLink(run.siteUrl, partner, 'manage', await mintToken(db, 'manage', search.address_id, null, run.now));
      const mail = alertMail({
        brand,
        title: search.title,
        frequency: search.frequency,
        items,
        total: result.total,
        searchHref: brand.home + search.search,
        manageHref: manage,
        unsubscribeHref: headers['List-Unsubscribe']!.slice(1, -1),
      });
      await queueMail(db, search.email, { ...mail, headers }, run.now);
      mails++;
    }
    // An instant search's alert is its mail; a digest's covers its window whether or not it matched.
    if (run.kind === 'instant')
      for (const part of chunks(results.map((r) => r.search.id)))
        await db.updateTable('saved_searches').set({ last_alert_at: at }).where('id', 'in', part).execute();
  }
  if (run.kind === 'digest')
    for (const part of chunks(searches.map((s) => s.id)))
      await db.updateTable('saved_searches').set({ last_alert_at: at }).where('id', 'in', part).execute();
  return { searches: searches.length, mails };
}
