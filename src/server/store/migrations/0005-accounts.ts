// Client accounts (issue 5): clients, their sessions, password resets and
// favorites; and the mail outbox learns to carry mails that are not a lead's
// (a password reset link), so they too are written in the transaction of what
// they are about and sent and retried by the same worker.
//
// - clients.email is stored lower-cased and trimmed, so the unique index is
//   the case-insensitive check on both engines.
// - Tokens (sessions, resets) are stored as their SHA-256, never themselves:
//   a copy of the database logs nobody in.
import { sql, type Kysely, type Migration } from 'kysely';

export const accountsMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());

    await db.schema
      .createTable('clients')
      .addColumn('id', 'integer', id)
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('phone', 'text')
      // The partner whose site the client registered on; null: the main site.
      .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('set null'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('sessions')
      .addColumn('id', 'integer', id)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('last_seen_at', 'text', (c) => c.notNull())
      .addColumn('revoked_at', 'text')
      .execute();
    await db.schema.createIndex('sessions_client').on('sessions').column('client_id').execute();

    await db.schema
      .createTable('password_resets')
      .addColumn('id', 'integer', id)
      .addColumn('token_hash', 'text', (c) => c.notNull().unique())
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'text', (c) => c.notNull())
      .addColumn('used_at', 'text')
      .execute();
    await db.schema.createIndex('password_resets_client').on('password_resets').column('client_id').execute();

    await db.schema
      .createTable('favorites')
      .addColumn('client_id', 'integer', (c) => c.notNull().references('clients.id').onDelete('cascade'))
      .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('favorites_pk', ['client_id', 'project_id'])
      .execute();

    // mail_outbox: lead_id becomes optional, and a row without a lead carries
    // its composed message (JSON {subject, text}), erased once sent.
    if (pg) {
      await sql`alter table mail_outbox alter column lead_id drop not null`.execute(db);
      await sql`alter table mail_outbox add column message text`.execute(db);
      return;
    }
    // SQLite cannot drop NOT NULL: rebuild the table, keeping its rows and ids.
    await db.schema
      .createTable('mail_outbox_next')
      .addColumn('id', 'integer', id)
      .addColumn('lead_id', 'integer', (c) => c.unique().references('leads.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('message_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('message', 'text')
      .execute();
    await sql`insert into mail_outbox_next (id, lead_id, recipient, attempts, next_attempt_at, claimed_by, claimed_until, last_error, sent_at, message_id, created_at)
      select id, lead_id, recipient, attempts, next_attempt_at, claimed_by, claimed_until, last_error, sent_at, message_id, created_at from mail_outbox`.execute(
      db,
    );
    await db.schema.dropTable('mail_outbox').execute();
    await sql`alter table mail_outbox_next rename to mail_outbox`.execute(db);
    await db.schema
      .createIndex('mail_outbox_due')
      .on('mail_outbox')
      .column('next_attempt_at')
      .where(sql.ref('sent_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('favorites').execute();
    await db.schema.dropTable('password_resets').execute();
    await db.schema.dropTable('sessions').execute();
    await db.schema.dropTable('clients').execute();
  },
};
