// Alert mails of saved searches, queued in the caller's transaction: the
// import's for `instant` searches (what that import listed or made cheaper),
// the digest job's for `daily` and `weekly` ones (what happened since each
// search's last alert, or since it was confirmed). One mail per active search
// that matched something, with at most ALERT_MAX_PROJECTS projects; its
// last_alert_at set. Nothing is queued for a pending or stopped search.
//
// Searches with the same filters, site and window are matched once. Each mail
// is written in its search's language (saved_searches.language), its links
// under that language's prefix.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import type { DialectName } from '../../store/db.ts';
import type { PublicPartner } from '../../../shared/partner.ts';
import type { ProjectCard } from '../../../shared/catalogue.ts';
import { formatPriceRange } from '../../../shared/format.ts';
import { t, writeIn } from '../../../shared/i18n.ts';
import { absoluteUrl, previewImage, siteOrigin } from '../../../shared/seo.ts';
import { ALERT_MAX_PROJECTS, type Frequency, type SavedFilters } from '../../../shared/saved-searches.ts';
import { queueMail } from '../../mail/outbox.ts';
import { mailBrand } from '../accounts/mails.ts';
import { cardsById } from '../catalogue/cards.ts';
import { loadScope, type Scope } from '../catalogue/scope.ts';
import { toPublicPartner } from '../partners.ts';
import { alertMail, MAIL_PICTURE_WIDTH, type AlertItem } from './alert-mail.ts';
import { dropCandidates, gatherCandidates, matchSearch, type AlertMatch, type SearchMatches } from './alert-matches.ts';
import { mintToken, savedSearchLink, unsubscribeLink } from './links.ts';
import { oneClickHeaders } from '../../mail/one-click.ts';
import { contactDetails } from '../../../shared/contact-details.ts';
import { unitWords, type UnitFacts } from '../../../shared/unit-words.ts';
import { addLocaleMessages } from '../../mail/languages.ts';

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

/**
 * The instant alerts an import queues in its transaction (catalogue-import's ImportOptions.alerts), their links on `siteUrl` (SITE_URL).
 * Every language's strings are added first: an import may run outside the app (a pull's worker thread, the CLI).
 */
export function instantAlerts(siteUrl: string) {
  addLocaleMessages();
  return (trx: Kysely<Database>, dialect: DialectName, now: Date): Promise<AlertsQueued> =>
    queueAlerts(trx, dialect, { kind: 'instant', frequencies: ['instant'], siteUrl, now });
}

/** Ids per statement when reading by id: within both engines' bound-parameter limits. */
const ID_CHUNK = 1000;

function chunks<T>(list: T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += ID_CHUNK) out.push(list.slice(i, i + ID_CHUNK));
  return out;
}

/**
 * A listing's picture as a mail shows it (MAIL_PICTURE_WIDTH wide, at 2×): a first-party raster
 * address on `siteUrl` (the site the mail is from), or null.
 */
export function mailPicture(card: ProjectCard, siteUrl: string): string | null {
  const first = card.images[0];
  if (!first) return null;
  const { url } = previewImage(first, 2 * MAIL_PICTURE_WIDTH);
  if (!url.startsWith('/') || url.startsWith('//') || /\.svg(?:[?#]|$)/i.test(url)) return null;
  return absoluteUrl(siteOrigin(siteUrl), url);
}

type AlertSearch = Awaited<ReturnType<typeof activeSearches>>[number];

interface Matched {
  search: AlertSearch;
  result: SearchMatches;
}

function activeSearches(db: Kysely<Database>, frequencies: Frequency[]) {
  return db
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
      's.language',
      'a.email',
    ])
    .where('s.status', '=', 'active')
    .where('s.frequency', 'in', frequencies)
    .orderBy('s.id')
    .execute();
}

/** The searches that matched a candidate, each distinct (site, window, filters) matched once. */
async function matchEach(
  db: Kysely<Database>,
  searches: AlertSearch[],
  sinceOf: (s: AlertSearch) => string | null,
  candidates: number,
): Promise<Matched[]> {
  const scopes = new Map<number | null, Scope>();
  const matched = new Map<string, SearchMatches>();
  const out: Matched[] = [];
  for (const search of searches) {
    const since = sinceOf(search);
    const key = `${search.partner_id ?? ''}\u0001${since ?? ''}\u0001${search.filters}`;
    let result = matched.get(key);
    if (!result) {
      if (!scopes.has(search.partner_id)) scopes.set(search.partner_id, await loadScope(db, search.partner_id));
      const filters = JSON.parse(search.filters) as SavedFilters;
      result = await matchSearch(db, filters, scopes.get(search.partner_id)!, since, ALERT_MAX_PROJECTS, candidates);
      matched.set(key, result);
    }
    if (result.total) out.push({ search, result });
  }
  return out;
}

/** The cards of the matched projects, the homes whose price dropped (put in words per mail) and the partners of the searches, read in a few statements. */
async function readAll(db: Kysely<Database>, matched: Matched[]) {
  const cards = await cardsById(
    db,
    matched.flatMap((m) => m.result.matches.map((x) => x.projectId)),
  );
  const units = new Map<number, UnitFacts>();
  const unitIds = [...new Set(matched.flatMap((m) => m.result.matches.map((x) => x.unitId)).filter((id): id is number => id !== null))];
  for (const part of chunks(unitIds))
    for (const u of await db
      .selectFrom('units as u')
      .innerJoin('categories as c', 'c.id', 'u.category_id')
      .select(['u.id', 'c.key', 'u.bedrooms', 'u.built_area', 'u.floor', 'u.ref'])
      .where('u.id', 'in', part)
      .execute())
      units.set(u.id, { category: { key: u.key }, bedrooms: u.bedrooms, built: u.built_area, floor: u.floor, ref: u.ref });
  const partners = new Map<number, PublicPartner>();
  const partnerIds = [...new Set(matched.map((m) => m.search.partner_id).filter((id): id is number => id !== null))];
  for (const part of chunks(partnerIds))
    for (const row of await db.selectFrom('partners').selectAll().where('id', 'in', part).execute())
      partners.set(row.id, toPublicPartner(row));
  return { cards, units, partners };
}

/** `origin`: where the search's site serves its pictures (a partner's own domain, else the main site). */
function alertItem(card: ProjectCard, match: AlertMatch, unit: string | null, home: string, origin: string): AlertItem {
  return {
    name: card.name,
    place: [card.location.town.name, card.location.region.name].join(', '),
    price: formatPriceRange(card.price) || t('savedSearches.alert.noPrice'),
    picture: mailPicture(card, origin),
    href: `${home}/for-sale/${card.id}`,
    isNew: match.isNew,
    unit,
    priceBefore: match.priceBefore,
    priceNow: match.price,
  };
}

/** One search's mail in its language, with its own manage and unsubscribe links, into the outbox. */
async function queueOne(
  db: Kysely<Database>,
  run: AlertRun,
  { search, result }: Matched,
  partner: PublicPartner | null,
  { cards, units }: Pick<Awaited<ReturnType<typeof readAll>>, 'cards' | 'units'>,
): Promise<void> {
  const { language } = search;
  const home = mailBrand(run.siteUrl, partner, language).home;
  const unsubscribe = await unsubscribeLink(db, home, search, run.now);
  const manageToken = await mintToken(db, 'manage', search.address_id, null, run.now);
  const origin = siteOrigin(run.siteUrl, partner?.domain);
  const mail = writeIn(language, () => {
    const items = result.matches.flatMap((m) => {
      const card = cards.get(m.projectId);
      const unit = m.unitId === null ? undefined : units.get(m.unitId);
      return card ? [alertItem(card, m, unit ? unitWords(unit) : null, home, origin)] : [];
    });
    return alertMail({
      brand: mailBrand(run.siteUrl, partner, language),
      title: search.title,
      frequency: search.frequency,
      items,
      total: result.total,
      searchHref: home + search.search,
      manageHref: savedSearchLink(home, 'manage', manageToken),
      unsubscribeHref: unsubscribe,
      contact: contactDetails(partner),
    });
  });
  await queueMail(db, search.email, { ...mail, headers: oneClickHeaders(unsubscribe) }, run.now);
}

async function setLastAlert(db: Kysely<Database>, ids: number[], at: string): Promise<void> {
  for (const part of chunks(ids)) await db.updateTable('saved_searches').set({ last_alert_at: at }).where('id', 'in', part).execute();
}

export async function queueAlerts(db: Kysely<Database>, dialect: DialectName, run: AlertRun): Promise<AlertsQueued> {
  const at = run.now.toISOString();
  const searches = await activeSearches(db, run.frequencies);
  if (!searches.length) return { searches: 0, mails: 0 };

  const sinceOf = (s: AlertSearch) => (run.kind === 'instant' ? null : (s.last_alert_at ?? s.confirmed_at ?? s.created_at));
  const earliest = searches.reduce((min, s) => (sinceOf(s)! < min ? sinceOf(s)! : min), at);
  const candidates = await gatherCandidates(db, dialect, run.kind === 'instant' ? { at } : { after: earliest, upTo: at });
  const matched = candidates ? await matchEach(db, searches, sinceOf, candidates) : [];
  await dropCandidates(db);

  const read = await readAll(db, matched);
  const { partners } = read;
  for (const m of matched)
    await queueOne(db, run, m, m.search.partner_id === null ? null : (partners.get(m.search.partner_id) ?? null), read);
  // An instant search's alert is its mail; a digest's covers its window whether or not it matched.
  await setLastAlert(
    db,
    (run.kind === 'instant' ? matched.map((m) => m.search) : searches).map((s) => s.id),
    at,
  );
  return { searches: searches.length, mails: matched.length };
}
