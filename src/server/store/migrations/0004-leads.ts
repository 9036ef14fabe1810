// Leads (SPEC §3 contact, broker and property forms) and the outbox of their
// mails. A lead and its outbox row are written in one transaction, so a lead
// acknowledged is a lead whose mail will be sent.
import { sql, type Kysely, type Migration } from 'kysely';

export const leadsMigration: Migration = {
  async up(db: Kysely<any>) {
    const pg = db.getExecutor().adapter.constructor.name.startsWith('Postgres');
    const id = (col: any) => (pg ? col.generatedByDefaultAsIdentity().primaryKey() : col.autoIncrement().primaryKey());

    await db.schema
      .createTable('leads')
      .addColumn('id', 'integer', id)
      .addColumn('kind', 'text', (c) => c.notNull()) // contact | broker | property
      .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
      // A partner or project removed later keeps its leads, without the link.
      .addColumn('partner_id', 'integer', (c) => c.references('partners.id').onDelete('set null'))
      .addColumn('project_id', 'integer', (c) => c.references('projects.id').onDelete('set null'))
      .addColumn('page', 'text', (c) => c.notNull())
      .addColumn('name', 'text')
      .addColumn('first_name', 'text')
      .addColumn('last_name', 'text')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('subject', 'text')
      .addColumn('message', 'text')
      .addColumn('postal_code', 'text')
      .addColumn('city', 'text')
      .addColumn('client_ip', 'text')
      .addColumn('user_agent', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('leads_partner_created').on('leads').columns(['partner_id', 'created_at']).execute();

    await db.schema
      .createTable('mail_outbox')
      .addColumn('id', 'integer', id)
      .addColumn('lead_id', 'integer', (c) => c.notNull().unique().references('leads.id').onDelete('cascade'))
      .addColumn('recipient', 'text', (c) => c.notNull())
      .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('next_attempt_at', 'text', (c) => c.notNull())
      .addColumn('claimed_by', 'text')
      .addColumn('claimed_until', 'text')
      .addColumn('last_error', 'text')
      .addColumn('sent_at', 'text')
      .addColumn('message_id', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    // The worker's question: which unsent mails are due?
    await db.schema
      .createIndex('mail_outbox_due')
      .on('mail_outbox')
      .column('next_attempt_at')
      .where(sql.ref('sent_at'), 'is', null)
      .execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable('mail_outbox').execute();
    await db.schema.dropTable('leads').execute();
  },
};
