// After the last batch: every touched project's fields from its lead unit,
// its images and files, its categories and ranges, distinct made-up names, and
// the places' positions. Set-based: a handful of statements, whatever the size.
import { sql } from 'kysely';
import type { DialectName } from '../store/db.ts';
import type { Trx } from './import-tables.ts';
import { DOCUMENT_TITLES } from './property-media.ts';
import { PRICE_M2 } from '../store/price-per-m2.ts';
import { featureMask, type Feature } from '../../shared/features.ts';

const FLOOR_PLAN_TITLE = DOCUMENT_TITLES.floor_plan;

/** What a project's live units say of its features beside its lead unit's words: a pool, a garden, a terrace or solarium. */
const live = (column: string) => sql.raw(`max(case when u.withdrawn_at is null and u.${column} > 0 then 1 else 0 end)`);
const bit = (feature: Feature) => sql.lit(featureMask([feature]));
const unitFeatures = sql`(${live('pool')} * ${bit('pool')} + ${live('garden_area')} * ${bit('garden')}
  + (case when ${live('terrace_area')} + ${live('solarium_area')} > 0 then 1 else 0 end) * ${bit('terrace')})`;

/** Every touched project's fields, images, files and derived columns; places' coordinates. Set-based. */
export async function recompute(db: Trx, dialect: DialectName, source: string, now: string): Promise<void> {
  // Touched projects that the feed still lists (some unit of theirs is in it).
  const listed = sql`projects.id in (select project_id from import_touched) and projects.source = ${source}`;

  // The lead unit's fields.
  await sql`update projects set
      name = i.name, developer = i.developer, stage = i.stage, description = i.description, amenities = i.amenities,
      country_id = i.country_id, region_id = i.region_id, town_id = i.town_id, location_detail = i.location_detail,
      lat = i.lat, lng = i.lng, beach_km = i.beach_km, airport = i.airport, airport_km = i.airport_km, centre_km = i.centre_km, position_approx = i.position_approx, delivery_date = i.delivery_date, features = i.features,
      description_html = i.description_html, descriptions = i.descriptions, urls = i.urls, media = i.media
    from import_projects i
    where i.ref = projects.ref and ${listed}`.execute(db);

  // Images and files: replaced by the union of the feed's, in feed order.
  // A project no unit of which is in the feed keeps its own.
  const inFeed = sql`project_id in (select p.id from projects p join import_touched t on t.project_id = p.id
    where p.source = ${source} and p.ref in (select ref from import_projects))`;
  await sql`delete from images where ${inFeed}`.execute(db);
  await sql`insert into images (project_id, position, url, caption, floorplan)
    select p.id, row_number() over (partition by p.id order by i.seq) - 1, i.url, i.caption, i.floorplan
    from import_images i
    join projects p on p.source = ${source} and p.ref = i.ref
    join import_touched t on t.project_id = p.id`.execute(db);
  await sql`delete from project_files where ${inFeed}`.execute(db);
  // Floor plans are for registered clients (SPEC §2, §6): a feed's floor-plan
  // pictures are also listed as floor-plan files, and the public reads leave
  // them out of the pictures.
  await sql`insert into project_files (project_id, kind, title, url, registered_only, position)
    select p.id, f.kind, f.title, f.url, 1, row_number() over (partition by p.id order by f.picture, f.seq) - 1
    from (
      select ref, kind, title, url, seq, 0 as picture from import_files
      union all
      select ref, 'floor_plan', coalesce(caption, ${FLOOR_PLAN_TITLE}), url, seq, 1 from import_images where floorplan = 1
    ) f
    join projects p on p.source = ${source} and p.ref = f.ref
    join import_touched t on t.project_id = p.id`.execute(db);

  // Derived columns. "Live" units are the ones not withdrawn; ranges are over
  // the live units that are available. A project without live units is
  // withdrawn, and its category is then taken from all its units.
  const pg = dialect === 'postgres';
  await sql`drop table if exists import_stats`.execute(db);
  await sql`create temporary table import_stats ${sql.raw(pg ? 'on commit drop ' : '')}as
    select t.project_id,
      coalesce(sum(case when u.id is not null and u.withdrawn_at is null then 1 else 0 end), 0) as live,
      coalesce(sum(case when u.withdrawn_at is null and u.status = 'available' then 1 else 0 end), 0) as available,
      min(case when u.withdrawn_at is null and u.status = 'available' then u.price end) as price_min,
      max(case when u.withdrawn_at is null and u.status = 'available' then u.price end) as price_max,
      min(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bedrooms, 0) end) as beds_min,
      max(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bedrooms, 0) end) as beds_max,
      min(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bathrooms, 0) end) as baths_min,
      max(case when u.withdrawn_at is null and u.status = 'available' then nullif(u.bathrooms, 0) end) as baths_max,
      min(case when u.withdrawn_at is null and u.status = 'available' then u.built_area end) as built_min,
      max(case when u.withdrawn_at is null and u.status = 'available' then u.built_area end) as built_max,
      min(case when u.withdrawn_at is null and u.status = 'available' then u.plot_area end) as plot_min,
      max(case when u.withdrawn_at is null and u.status = 'available' then u.plot_area end) as plot_max,
      coalesce(max(case when u.withdrawn_at is null then u.feed_date end), max(u.feed_date)) as updated_at,
      ${PRICE_M2} as price_m2_min,
      ${unitFeatures} as unit_features,
      cast(null as integer) as category_id
    from import_touched t left join units u on u.project_id = t.project_id
    group by t.project_id`.execute(db);
  // Each touched project's units per category, live and all, in one pass over
  // its units: the category is the most common type of its live units (of all
  // of them once none is live), and project_categories lists those types.
  await sql`drop table if exists import_categories`.execute(db);
  await sql`create temporary table import_categories ${sql.raw(pg ? 'on commit drop ' : '')}as
    select u.project_id, u.category_id,
      sum(case when u.withdrawn_at is null then 1 else 0 end) as live, count(*) as units
    from import_touched t join units u on u.project_id = t.project_id
    group by u.project_id, u.category_id`.execute(db);
  const weight = sql`(case when s.live > 0 then c.live else c.units end)`;
  const counted = sql`from import_categories c join import_stats s on s.project_id = c.project_id where ${weight} > 0`;
  await sql`update import_stats set category_id = r.category_id
    from (select project_id, category_id from (
            select c.project_id, c.category_id,
              row_number() over (partition by c.project_id order by ${weight} desc, c.category_id) as rank
            ${counted}) ranked
          where rank = 1) r
    where r.project_id = import_stats.project_id`.execute(db);
  // Only the rows that change, and before the ranges list a new project: each
  // row's trigger rewrites its project's category_mask (migration 0003), and
  // a listed project's mask is in every search index.
  await sql`delete from project_categories where project_id in (select project_id from import_touched)
    and not exists (select 1 ${counted} and c.project_id = project_categories.project_id and c.category_id = project_categories.category_id)`.execute(
    db,
  );
  await sql`insert into project_categories (project_id, category_id) select c.project_id, c.category_id ${counted}
    and not exists (select 1 from project_categories pc where pc.project_id = c.project_id and pc.category_id = c.category_id)`.execute(db);
  await sql`update projects set
      category_id = coalesce(s.category_id, projects.category_id),
      price_min = s.price_min, price_max = s.price_max, beds_min = s.beds_min, beds_max = s.beds_max,
      baths_min = s.baths_min, baths_max = s.baths_max, built_min = s.built_min, built_max = s.built_max,
      plot_min = s.plot_min, plot_max = s.plot_max, units_total = s.live, units_available = s.available,
      price_m2_min = s.price_m2_min, features = projects.features | s.unit_features,
      withdrawn_at = case when s.live = 0 then coalesce(projects.withdrawn_at, ${now}) else null end,
      updated_at = coalesce(s.updated_at, projects.updated_at)
    from import_stats s
    where s.project_id = projects.id`.execute(db);
  // "Price reduced": the newest drop of a unit that is still available at that price.
  await sql`update projects set price_dropped_at = (
      select max(h.changed_at) from unit_history h join units u on u.id = h.unit_id
      where h.project_id = projects.id and h.price < h.price_before and h.status = 'available'
        and u.status = 'available' and u.withdrawn_at is null and u.price = h.price)
    where id in (select project_id from import_touched)`.execute(db);
  await sql`drop table import_categories`.execute(db);
  await sql`drop table import_stats`.execute(db);
  await distinctNames(db, dialect, source);

  // Places: a town sits at the mean of its developments in the feed (a new
  // one first at the first seen), a region at the mean of its towns, a
  // country at the mean of its regions.
  // One grouping of the staged developments, not a scan of them per town.
  await sql`update geo_places set lat = t.lat, lng = t.lng
    from (select town_id, avg(lat) as lat, avg(lng) as lng from import_projects where lat is not null group by town_id) t
    where t.town_id = geo_places.id`.execute(db);
  for (const [kind, column] of [
    ['region', 'region_id'],
    ['country', 'country_id'],
  ] as const)
    await sql`update geo_places set
        lat = (select avg(c.lat) from geo_places c where c.parent_id = geo_places.id and c.lat is not null),
        lng = (select avg(c.lng) from geo_places c where c.parent_id = geo_places.id and c.lat is not null)
      where kind = ${kind} and id in (select ${sql.ref(column)} from import_projects)
        and exists (select 1 from geo_places c where c.parent_id = geo_places.id and c.lat is not null)`.execute(db);
  // A development the feed gives no position sits at its town's, for the map: an approximate one.
  await sql`update projects set
      lat = (select g.lat from geo_places g where g.id = projects.town_id),
      lng = (select g.lng from geo_places g where g.id = projects.town_id),
      position_approx = 1
    where lat is null and ${listed}`.execute(db);
  // A position another listed development shares exactly is a town's or an area's, not a home's.
  await sql`update projects set position_approx = 1
    where ${listed} and position_approx = 0 and exists (select 1 from projects q
      where q.lat = projects.lat and q.lng = projects.lng and q.id <> projects.id and q.withdrawn_at is null and q.units_available > 0)`.execute(
    db,
  );
}

/**
 * A development the feed does not name gets a made-up name (project-names.ts):
 * while a listed project shares it, the next, more specific one is taken
 * (location detail, then reference, then the project's id). Names the feed
 * gives are never changed, even when two developments share one.
 */
async function distinctNames(db: Trx, dialect: DialectName, source: string): Promise<void> {
  const temp = dialect === 'postgres' ? sql.raw('on commit drop ') : sql.raw('');
  // Only the made-up names of touched projects move; one grouping per pass, not a scan per project.
  for (const next of ['i.name_detail', 'i.name_ref', `i.name_ref || ' #' || cast(projects.id as text)`]) {
    await sql`drop table if exists import_shared_names`.execute(db);
    await sql`create temporary table import_shared_names ${temp}as
      select name from projects where withdrawn_at is null and name in (
        select p.name from projects p join import_projects i on i.ref = p.ref
        where p.source = ${source} and i.name_detail is not null and p.withdrawn_at is null)
      group by name having count(*) > 1`.execute(db);
    const moved = await sql`update projects set name = ${sql.raw(next)}
      from import_projects i
      where i.ref = projects.ref and projects.source = ${source} and i.name_detail is not null
        and projects.id in (select project_id from import_touched) and projects.withdrawn_at is null
        and projects.name in (select name from import_shared_names)`.execute(db);
    if (!Number(moved.numAffectedRows ?? 0)) break;
  }
  await sql`drop table if exists import_shared_names`.execute(db);
}
