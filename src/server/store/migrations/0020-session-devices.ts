// The profile's list of sessions (issue 20): sessions.user_agent is the
// User-Agent of the login that started the session (at most 512 characters),
// from which the list names the device ("Chrome on Android"); null for the
// sessions started before.
import type { Kysely, Migration } from 'kysely';

export const sessionDevicesMigration: Migration = {
  async up(db: Kysely<any>) {
    await db.schema.alterTable('sessions').addColumn('user_agent', 'text').execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.alterTable('sessions').dropColumn('user_agent').execute();
  },
};
