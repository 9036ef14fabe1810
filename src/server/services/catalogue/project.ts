// One project: POST /api/property (the detail page), /api/project/units and
// /api/project/files. A project withdrawn from the feed, or outside the
// partner's scope, is not found (null), as an unknown id is.
import type { Kysely } from 'kysely';
import type { Database } from '../../store/schema.ts';
import { descriptionLanguage, type FilesAnswer, type ImageRef, type ProjectDetail, type UnitRow } from '../../../shared/catalogue.ts';
import { imageRef, PHOTO_COLUMNS } from './pictures.ts';
import { plainText } from '../../../shared/plain-text.ts';
import { inScope, type Scope } from './scope.ts';
import { cardQuery, listedIds, toCard } from './cards.ts';
import { t } from '../../../shared/i18n.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { fileDownloadPath } from '../../../shared/accounts.ts';
import { runKept } from '../../store/kept-queries.ts';
import { projectMedia } from './media.ts';
import { DISTANCE_COLUMNS, distancesAnswer } from './distances.ts';

/** Whether project `id` is in the feed and within the scope. */
export async function visible(db: Kysely<Database>, id: number, scope: Scope): Promise<boolean> {
  return (await listedIds(db, [id], scope)).has(id);
}

export async function projectDetail(db: Kysely<Database>, id: number, scope: Scope, language?: string): Promise<ProjectDetail | null> {
  const scoped = inScope(scope);
  // The main site's shape is kept (kept-queries.ts); a partner's scope is written into the SQL.
  const [row] = await runKept(db, scoped ? null : 'project-detail', [id] as const, ([project]) =>
    cardQuery(db)
      .select([
        'p.description',
        'p.description_html',
        'p.descriptions',
        'p.amenities',
        'p.media',
        'p.units_total',
        'p.listed_at',
        ...DISTANCE_COLUMNS,
      ])
      .where('p.id', '=', project)
      .where('p.withdrawn_at', 'is', null)
      .$if(scoped !== null, (qb) => qb.where(scoped!)),
  );
  if (!row) return null;
  const [images, categories] = await Promise.all([
    runKept(db, 'project-images', [id] as const, ([project]) =>
      db
        .selectFrom('images as i')
        .leftJoin('photos as f', 'f.url', 'i.url')
        .select(['i.id', 'i.url', 'i.caption', 'i.floorplan', ...PHOTO_COLUMNS])
        .where('i.project_id', '=', project)
        .where('i.floorplan', '=', 0)
        .orderBy('i.position')
        .orderBy('i.id'),
    ),
    runKept(db, 'project-categories', [id] as const, ([project]) =>
      db
        .selectFrom('project_categories as pc')
        .innerJoin('categories as c', 'c.id', 'pc.category_id')
        .select(['c.id', 'c.key'])
        .where('pc.project_id', '=', project)
        .orderBy('c.id'),
    ),
  ]);
  // A photo that failed to prepare is left out: the gallery shows the others.
  const all: ImageRef[] = images.filter((i) => i.photo_status !== 'failed').map(imageRef);
  const stored = languageTexts(row.descriptions);
  return {
    ...toCard(row, all),
    ...shownDescription(row, stored, language),
    descriptions: Object.fromEntries(Object.entries(stored).map(([code, d]) => [code, d.text])),
    amenities: parseAmenities(row.amenities),
    categories: categories.map((c) => ({ id: c.id, key: c.key })),
    units_total: row.units_total,
    media: projectMedia(row.media),
    distances: distancesAnswer(row),
    listed_at: row.listed_at,
  };
}

/** descriptions is JSON { [code]: { text, html } } in the feed's order; anything else reads as none. */
function languageTexts(json: string): Record<string, { text: string; html: string }> {
  const out: Record<string, { text: string; html: string }> = {};
  try {
    const value: unknown = JSON.parse(json);
    if (value && typeof value === 'object')
      for (const [code, d] of Object.entries(value as Record<string, { text?: unknown; html?: unknown }>))
        if (typeof d?.text === 'string') out[code] = { text: d.text, html: typeof d.html === 'string' ? d.html : '' };
  } catch {
    // none
  }
  return out;
}

/**
 * The description the page shows (the page's language, else English, else Spanish, else the feed's
 * first language) and its language; a feed's text in no language is shown as the import stored it.
 */
function shownDescription(
  row: { description: string; description_html: string },
  stored: Record<string, { text: string; html: string }>,
  language: string = DEFAULT_LANGUAGE,
): Pick<ProjectDetail, 'description' | 'description_html' | 'description_lang'> {
  const lang = descriptionLanguage(Object.keys(stored), language);
  const chosen = lang ? stored[lang]! : { text: row.description, html: row.description_html };
  // The importer wrote plain text; this is the last line of defence, on the server, so the browser needs none of it.
  return { description: plainText(chosen.text), description_html: chosen.html, description_lang: lang };
}

/** amenities is a JSON array of strings; anything else reads as none. */
function parseAmenities(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Project `id`'s units (withdrawn ones too) with what names them: id, ref, category, bedrooms. */
export function unitQuery(db: Kysely<Database>, id: number) {
  return db
    .selectFrom('units as u')
    .innerJoin('categories as c', 'c.id', 'u.category_id')
    .select(['u.id', 'u.ref', 'u.category_id', 'c.key as category_key', 'u.bedrooms'])
    .where('u.project_id', '=', id);
}

/** The project's units still in the feed, every status, cheapest first. */
export async function projectUnits(db: Kysely<Database>, id: number, listed: Promise<boolean>): Promise<UnitRow[] | null> {
  if (!(await listed)) return null;
  const rows = await runKept(db, 'project-units', [id] as const, ([project]) =>
    unitQuery(db, project)
      .select([
        'u.bathrooms',
        'u.built_area',
        'u.plot_area',
        'u.terrace_area',
        'u.solarium_area',
        'u.garden_area',
        'u.floor',
        'u.price',
        'u.status',
      ])
      .where('u.withdrawn_at', 'is', null)
      .orderBy('u.price')
      .orderBy('u.id'),
  );
  return rows.map(({ category_id, category_key, ...u }) => ({
    ...u,
    // The store keeps 0 for a count the feed does not give (NOT NULL columns): the answer says null.
    bedrooms: u.bedrooms > 0 ? u.bedrooms : null,
    bathrooms: u.bathrooms > 0 ? u.bathrooms : null,
    price: Number(u.price),
    category: { id: category_id, key: category_key },
  }));
}

/**
 * The project's files. Registered-only files reach a logged-in client with
 * their download address (/api/files/{id}); anyone else gets them listed, locked, without one, and the
 * message to register.
 */
export async function projectFiles(
  db: Kysely<Database>,
  id: number,
  loggedIn: boolean,
  listed: Promise<boolean>,
): Promise<FilesAnswer | null> {
  if (!(await listed)) return null;
  const rows = await runKept(db, 'project-files', [id] as const, ([project]) =>
    db
      .selectFrom('project_files')
      .select(['id', 'kind', 'title', 'url', 'registered_only'])
      .where('project_id', '=', project)
      .orderBy('position')
      .orderBy('id'),
  );
  const data = rows.map((f) => {
    const locked = Boolean(f.registered_only) && !loggedIn;
    // A registered-only file is downloaded through GET /api/files/{id}, which checks the login again.
    const url = locked ? null : f.registered_only ? fileDownloadPath(f.id) : f.url;
    return { id: f.id, kind: f.kind, title: f.title, url, locked };
  });
  // SPEC §2: 'register to access all information'.
  return { data, message: data.some((f) => f.locked) ? t('catalogue.files.locked') : null };
}
