// Projects as result cards (and the card part of the detail page): one query
// for the projects with their category and places, one for their images.
import { type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { inScope, type Scope } from './scope.ts';
import { runKept } from '../../store/kept-queries.ts';
import { priceReduced } from '../../../shared/price-history.ts';
import type { ImageRef, PlaceRef, ProjectCard, Range } from '../../../shared/catalogue.ts';
import { imageRef, PHOTO_COLUMNS } from './pictures.ts';

/** The projects `ids` with the columns a card needs, joined to category and places. */
export function cardQuery(db: Kysely<Database>) {
  return db
    .selectFrom('projects as p')
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('geo_places as t', 't.id', 'p.town_id')
    .innerJoin('geo_places as r', 'r.id', 'p.region_id')
    .innerJoin('geo_places as co', 'co.id', 'p.country_id')
    .select([
      'p.id',
      'p.name',
      'p.developer',
      'p.category_id',
      'c.key as category_key',
      'p.stage',
      't.name as town_name',
      't.slug as town_slug',
      't.path as town_path',
      'r.name as region_name',
      'r.slug as region_slug',
      'r.path as region_path',
      'co.name as country_name',
      'co.slug as country_slug',
      'co.path as country_path',
      'p.location_detail',
      'p.lat',
      'p.lng',
      'p.price_min',
      'p.price_max',
      'p.beds_min',
      'p.beds_max',
      'p.baths_min',
      'p.baths_max',
      'p.built_min',
      'p.built_max',
      'p.plot_min',
      'p.plot_max',
      'p.units_available',
      'p.delivery_date',
      'p.updated_at',
      'p.price_dropped_at',
      'p.price_m2_min',
    ]);
}

export type CardRow = Awaited<ReturnType<ReturnType<typeof cardQuery>['executeTakeFirstOrThrow']>>;

function range(min: number | null, max: number | null): Range | null {
  return min === null || max === null ? null : { min: Number(min), max: Number(max) };
}

const place = (name: string, slug: string, path: string): PlaceRef => ({ name, slug, path });

export function toCard(row: CardRow, images: ImageRef[]): ProjectCard {
  return {
    id: row.id,
    name: row.name,
    developer: row.developer,
    category: { id: row.category_id, key: row.category_key },
    stage: row.stage,
    location: {
      town: place(row.town_name, row.town_slug, row.town_path),
      region: place(row.region_name, row.region_slug, row.region_path),
      country: place(row.country_name, row.country_slug, row.country_path),
      detail: row.location_detail,
      lat: row.lat === null ? null : Number(row.lat),
      lng: row.lng === null ? null : Number(row.lng),
    },
    price: range(row.price_min, row.price_max),
    bedrooms: range(row.beds_min, row.beds_max),
    bathrooms: range(row.baths_min, row.baths_max),
    built: range(row.built_min, row.built_max),
    plot: range(row.plot_min, row.plot_max),
    units_available: row.units_available,
    delivery_date: row.delivery_date,
    images,
    updated_at: row.updated_at,
    price_dropped_at: row.price_dropped_at,
    // Decided here, not in the card: the page's state carries it, so the browser's clock cannot disagree while hydrating.
    price_reduced: priceReduced(row.price_dropped_at, Date.now()),
    price_m2: row.price_m2_min === null ? null : Number(row.price_m2_min),
  };
}

/**
 * The picture of each project's card: its first photo in feed order that has
 * not failed to prepare (floor plans are registered-only files), the one
 * picture a card shows and carries (every page of cards embeds them in its
 * HTML), with its prepared variants once the photo job has made them. One
 * LIMIT lookup per project on images_project, so a project's cost does not
 * grow with its pictures. Each engine gets the form it runs well: SQLite
 * `id =` a correlated scalar subquery (its rowid looked up), PostgreSQL a
 * lateral join (which SQLite lacks): docs/decisions/card-pictures-query.md.
 */
function cardImagesQuery(db: Kysely<Database>, projects: readonly number[]) {
  const firstOf = (eb: ExpressionBuilder<Database & { p: Database['projects'] }, 'p'>) =>
    eb
      .selectFrom('images as j')
      .whereRef('j.project_id', '=', 'p.id')
      // Floor plans are for registered clients: they are files (/api/project/files), not pictures.
      .where('j.floorplan', '=', 0)
      // A photo that failed to prepare is passed over: the card shows the next one.
      .where(({ not, exists, selectFrom }) =>
        not(exists(selectFrom('photos as x').select('x.url').whereRef('x.url', '=', 'j.url').where('x.status', '=', 'failed'))),
      )
      .orderBy('j.position')
      .orderBy('j.id')
      .limit(1);
  const postgres = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
  const projectsIn = db.selectFrom('projects as p').where('p.id', 'in', projects);
  return postgres
    ? projectsIn
        .innerJoinLateral(
          (eb) => firstOf(eb).select(['j.project_id', 'j.id', 'j.url', 'j.caption', 'j.floorplan']).as('i'),
          (join) => join.onTrue(),
        )
        .leftJoin('photos as f', (join) => join.onRef('f.url', '=', 'i.url').on('f.status', '=', 'ready'))
        .select(['i.project_id', 'i.id', 'i.url', 'i.caption', 'i.floorplan', ...PHOTO_COLUMNS])
        .orderBy('i.project_id')
    : projectsIn
        .innerJoin('images as i', (join) => join.on('i.id', '=', (eb) => firstOf(eb).select('j.id')))
        .leftJoin('photos as f', (join) => join.onRef('f.url', '=', 'i.url').on('f.status', '=', 'ready'))
        .select(['i.project_id', 'i.id', 'i.url', 'i.caption', 'i.floorplan', ...PHOTO_COLUMNS])
        .orderBy('i.project_id');
}

/** The card's picture of each project, by project id (none for a project without photos). */
export async function cardImages(db: Kysely<Database>, ids: number[]): Promise<Map<number, ImageRef[]>> {
  const out = new Map<number, ImageRef[]>();
  if (!ids.length) return out;
  const rows = await runKept(db, `card-images:${ids.length}`, ids, (projects) => cardImagesQuery(db, projects));
  for (const r of rows) {
    let list = out.get(r.project_id);
    if (!list) out.set(r.project_id, (list = []));
    list.push(imageRef(r));
  }
  return out;
}

/** Cards for `ids`, in the order of `ids` (ids not found are left out). */
export async function loadCards(db: Kysely<Database>, ids: number[]): Promise<ProjectCard[]> {
  if (!ids.length) return [];
  const [rows, images] = await Promise.all([
    runKept(db, `cards:${ids.length}`, ids, (projects) => cardQuery(db).where('p.id', 'in', projects)),
    cardImages(db, ids),
  ]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toCard(row, images.get(id) ?? [])] : [];
  });
}

/** Which of `ids` are listed (in the feed, not withdrawn) and within `scope`. */
export async function listedIds(db: Kysely<Database>, ids: number[], scope: Scope): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const scoped = inScope(scope);
  const query = (projects: number[]) =>
    db
      .selectFrom('projects as p')
      .select('p.id')
      .where('p.id', 'in', projects)
      .where('p.withdrawn_at', 'is', null)
      .$if(scoped !== null, (qb) => qb.where(scoped!));
  // A partner's scope is written into the SQL (scope.ts): only the main site's shape is kept.
  const rows = await runKept(db, scoped ? null : `listed-ids:${ids.length}`, ids, query);
  return new Set(rows.map((r) => r.id));
}

/** Cards for the listed projects among `ids` within `scope`, in the order of `ids`. */
export async function listedCards(db: Kysely<Database>, ids: number[], scope: Scope): Promise<ProjectCard[]> {
  const unique = [...new Set(ids)];
  const listed = await listedIds(db, unique, scope);
  return loadCards(
    db,
    unique.filter((id) => listed.has(id)),
  );
}

/** Ids per statement when reading cards by id for mails: within both engines' bound-parameter limits. */
const CARDS_PER_READ = 1000;

/** The cards of any number of projects, by id, read a thousand at a time (the alert mails'). */
export async function cardsById(db: Kysely<Database>, ids: number[]): Promise<Map<number, ProjectCard>> {
  const cards = new Map<number, ProjectCard>();
  const unique = [...new Set(ids)];
  for (let i = 0; i < unique.length; i += CARDS_PER_READ)
    for (const card of await loadCards(db, unique.slice(i, i + CARDS_PER_READ))) cards.set(card.id, card);
  return cards;
}
