// The partners' version (issue 12, the origin's third pass): catalogue_meta's
// row 'partners', bumped by the database itself on every write to partners or
// partner_scopes, whoever makes it (the partner CLI in its own process, a
// second instance, SQL by hand). Each process keeps partners by host and
// scopes per this version, read with the catalogue's in one indexed query per
// request, instead of reading the partner row on every request; a brand change
// is seen by the next request of every instance, with no time to live.
import { sql, type Kysely, type Migration } from 'kysely';

const WATCHED = ['partners', 'partner_scopes'] as const;
const BUMP = sql`update catalogue_meta set value = cast(cast(value as integer) + 1 as text) where key = 'partners'`;

export const partnersVersionMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    await sql`insert into catalogue_meta (key, value) values ('partners', '0')`.execute(db);
    if (pg) {
      await sql`create function bump_partners_version() returns trigger language plpgsql as $$
        begin ${BUMP}; return null; end $$`.execute(db);
      for (const table of WATCHED)
        await sql`create trigger ${sql.raw(`${table}_version`)} after insert or update or delete on ${sql.table(table)}
          for each statement execute function bump_partners_version()`.execute(db);
      return;
    }
    // SQLite has no statement triggers: one per row and kind of write (a scope's many rows bump it many times, harmlessly).
    for (const table of WATCHED)
      for (const write of ['insert', 'update', 'delete'])
        await sql`create trigger ${sql.raw(`${table}_version_${write}`)} after ${sql.raw(write)} on ${sql.table(table)}
          begin ${BUMP}; end`.execute(db);
  },
  async down(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    for (const table of WATCHED)
      if (pg) await sql`drop trigger ${sql.raw(`${table}_version`)} on ${sql.table(table)}`.execute(db);
      else for (const write of ['insert', 'update', 'delete']) await sql`drop trigger ${sql.raw(`${table}_version_${write}`)}`.execute(db);
    if (pg) await sql`drop function bump_partners_version()`.execute(db);
    await sql`delete from catalogue_meta where key = 'partners'`.execute(db);
  },
};
