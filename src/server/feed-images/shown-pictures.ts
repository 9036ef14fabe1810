// The pictures a public page may show: not a floor plan (a registered
// client's file, /api/files/{id}), of a project still listed, and either at an
// http(s) address or one of the demo's drawings (/media/demo/{name}.svg; the
// rest are the site's own files). What the photo job prepares
// (prepare-photos.ts) and keeps (prune-photos.ts), and what the proxy serves
// until then (api/feed-images.ts: fetched, or for a drawing drawn) and keeps
// (prune.ts).
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';
import { DEMO_MEDIA } from '../../shared/demo-pictures.ts';

/** The pictures the photo job prepares and the proxy serves (GET /media/images/{id}): feed photos and the demo's drawings. */
export function shownPictures(db: Kysely<Database>) {
  return db
    .selectFrom('images as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .where('i.floorplan', '=', 0)
    .where('p.withdrawn_at', 'is', null)
    .where((eb) => eb.or([atWebAddress('i.url'), atDemoAddress('i.url')]));
}

/** Whether the address in `column` is on another server (http or https), not one of the site's own files. */
export function atWebAddress(column: string) {
  return sql<SqlBool>`(lower(${sql.ref(column)}) like 'http://%' or lower(${sql.ref(column)}) like 'https://%')`;
}

/** Whether the address in `column` may be a demo drawing (demoDrawingName tells which). */
function atDemoAddress(column: string) {
  return sql<SqlBool>`${sql.ref(column)} like ${`${DEMO_MEDIA}/%.svg`}`;
}

/** Whether the address in column `url` of an outer query (e.g. 'ph.url') is one a public page shows. */
export function isShown(db: Kysely<Database>, url: string) {
  return sql<SqlBool>`exists ${shownPictures(db)
    .select('i.url')
    .where(sql<SqlBool>`i.url = ${sql.ref(url)}`)}`;
}
