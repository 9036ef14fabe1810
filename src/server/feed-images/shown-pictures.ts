// The feed pictures a public page may show: not a floor plan (a registered
// client's file, /api/files/{id}), of a project still listed, and at an
// http(s) address (the rest are the site's own files). What the proxy serves
// (api/feed-images.ts), keeps (prune.ts) and prepares (prepare-photos.ts).
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../store/schema.ts';

export function shownPictures(db: Kysely<Database>) {
  return db
    .selectFrom('images as i')
    .innerJoin('projects as p', 'p.id', 'i.project_id')
    .where('i.floorplan', '=', 0)
    .where('p.withdrawn_at', 'is', null)
    .where(atWebAddress('i.url'));
}

/** Whether the address in `column` is on another server (http or https), not one of the site's own files. */
export function atWebAddress(column: string) {
  return sql<SqlBool>`(lower(${sql.ref(column)}) like 'http://%' or lower(${sql.ref(column)}) like 'https://%')`;
}

/** Whether the address in column `url` of an outer query (e.g. 'ph.url') is one a public page shows. */
export function isShown(db: Kysely<Database>, url: string) {
  return sql<SqlBool>`exists ${shownPictures(db)
    .select('i.url')
    .where(sql<SqlBool>`i.url = ${sql.ref(url)}`)}`;
}
