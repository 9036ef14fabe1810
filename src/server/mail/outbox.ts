// The outbox worker: sends the mails that leads wrote into mail_outbox, and
// keeps trying until each is sent. It runs in-process on an unref'd timer, and
// a new lead kicks it at once.
//
// Several processes may share one PostgreSQL store: a worker first claims a due
// row with one UPDATE … WHERE (unclaimed or claim lapsed) … RETURNING, which
// exactly one worker wins (on PostgreSQL the candidate is also picked FOR UPDATE
// SKIP LOCKED, so the others move on to the next row). A claim is a short lease
// (30 s), renewed while its send is in progress (an SMTP exchange may take a
// minute): if its process dies, the row is due again within a lease, and
// another process's next poll (15 s) sends it, within a minute. A graceful stop
// waits for the send in flight, which marks or frees its row. So a mail is sent
// at least once; a duplicate needs a crash between the hand-over and the UPDATE
// that marks it sent.
//
// A failed send records the attempt and its error and waits base·2^(n-1),
// capped, before the next attempt. The lead is never touched.
//
// A row without a lead (queueMail: an account's mail) carries its subject and
// text, composed when it was queued in its reader's language; they are erased
// once it is sent. A lead's mail is composed here, in the office's language.
import crypto from 'node:crypto';
import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, MailOutboxRow } from '../store/schema.ts';
import type { DialectName } from '../store/db.ts';
import { composeLeadMail, composeQueuedMail, OFFICE_LANGUAGE, type MailContext, type QueuedMail } from './compose.ts';
import type { MailTransport } from './transport.ts';
import { t, writeIn } from '../../shared/i18n.ts';

export interface OutboxOptions {
  from: string;
  /** The main site's address (SITE_URL): a partner's logo in a mail is an address on it. */
  siteUrl?: string;
  /** How often due mails are looked for when nothing kicks the worker. */
  pollMs?: number;
  /** The first retry waits this long; each next one twice as long … */
  retryBaseMs?: number;
  /** … up to this. */
  retryMaxMs?: number;
  /** How long a claim holds before another worker may take the row over … */
  leaseMs?: number;
  /** … renewed this often while its send is in progress (a third of the lease). */
  renewMs?: number;
  /** The clock (tests move it forward). */
  now?: () => Date;
  log?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
}

export const OUTBOX_DEFAULTS = {
  pollMs: 15_000,
  retryBaseMs: 60_000,
  retryMaxMs: 60 * 60_000,
  leaseMs: 30_000,
} as const;

const ERROR_MAX = 1000;

/** The wait before attempt n+1 after n failed attempts. */
export function retryDelay(attempts: number, baseMs: number, maxMs: number): number {
  return Math.max(1, Math.min(maxMs, baseMs * 2 ** Math.max(0, Math.min(attempts - 1, 30))));
}

/**
 * Queues a mail that is not a lead's (an account's), composed now, in the
 * caller's transaction: it is sent if and only if what it is about is stored.
 */
export async function queueMail(db: Kysely<Database>, recipient: string, mail: QueuedMail, now = new Date()): Promise<void> {
  const at = now.toISOString();
  await db
    .insertInto('mail_outbox')
    .values({
      lead_id: null,
      recipient,
      message: JSON.stringify({ subject: mail.subject, text: mail.text, html: mail.html, fromName: mail.fromName, headers: mail.headers }),
      next_attempt_at: at,
      created_at: at,
    })
    .execute();
}

/** Mails not sent yet, and the age of the oldest (metrics). */
export async function outboxBacklog(db: Kysely<Database>, now = new Date()): Promise<{ backlog: number; oldestAgeSeconds: number }> {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number>().as('backlog'), eb.fn.min('created_at').as('oldest')])
    .where('sent_at', 'is', null)
    .executeTakeFirst();
  const oldest = row?.oldest ? Date.parse(row.oldest) : NaN;
  return { backlog: Number(row?.backlog ?? 0), oldestAgeSeconds: Number.isNaN(oldest) ? 0 : Math.max(0, (now.getTime() - oldest) / 1000) };
}

export class MailOutbox {
  private readonly token = `${process.pid}-${crypto.randomUUID()}`;
  private readonly pollMs: number;
  private readonly retryBaseMs: number;
  private readonly retryMaxMs: number;
  private readonly leaseMs: number;
  private readonly renewMs: number;
  private readonly now: () => Date;
  private readonly log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> | undefined;
  private timer: ReturnType<typeof setInterval> | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
    private readonly transport: MailTransport,
    private readonly options: OutboxOptions,
  ) {
    this.pollMs = options.pollMs ?? OUTBOX_DEFAULTS.pollMs;
    this.retryBaseMs = options.retryBaseMs ?? OUTBOX_DEFAULTS.retryBaseMs;
    this.retryMaxMs = options.retryMaxMs ?? OUTBOX_DEFAULTS.retryMaxMs;
    this.leaseMs = options.leaseMs ?? OUTBOX_DEFAULTS.leaseMs;
    this.renewMs = options.renewMs ?? this.leaseMs / 3;
    this.now = options.now ?? (() => new Date());
    this.log = options.log;
  }

  /** Starts polling (and sends what is due now). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.timer = setInterval(() => this.kick(), this.pollMs);
    this.timer.unref();
    this.log?.info({ transport: this.transport.description }, 'mail outbox started');
    this.kick();
  }

  /** Stops polling, waits for a send in flight, and closes the transport. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
    this.transport.close();
  }

  /** Look for due mails now (a lead was just stored). Never throws. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
  }

  /** Sends every due mail once; resolves with how many were sent. For tests and the worker. */
  async runOnce(): Promise<number> {
    let sent = 0;
    const dueBy = this.now();
    for (;;) {
      const row = await this.claim(dueBy);
      if (!row) return sent;
      if (await this.deliver(row)) sent++;
    }
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      // Only what is due now: a mail that fails again waits for its next turn.
      const dueBy = this.now();
      try {
        for (;;) {
          if (this.stopped) return;
          const row = await this.claim(dueBy);
          if (!row) break;
          await this.deliver(row);
        }
      } catch (error) {
        // The store is unreachable, say: the next poll tries again.
        this.log?.error({ err: error }, 'mail outbox run failed');
        return;
      }
    } while (this.again && !this.stopped);
  }

  /** Takes one row due by `dueBy` for this worker, or null when none is. */
  async claim(dueBy: Date = this.now()): Promise<MailOutboxRow | null> {
    const now = this.now();
    const at = now.toISOString();
    const lease = new Date(now.getTime() + this.leaseMs).toISOString();
    const free = (eb: ExpressionBuilder<Database, 'mail_outbox'>) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]);
    let candidate = this.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', dueBy.toISOString())
      .where(free)
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(1);
    // Read first: with nothing due no write is tried, so on SQLite a poll never waits for the
    // write lock (an import's transaction holds it), which better-sqlite3 would wait for on the
    // main thread, pages and all.
    if (!(await candidate.executeTakeFirst())) return null;
    if (this.dialect === 'postgres') candidate = candidate.forUpdate().skipLocked();
    const row = await this.db
      .updateTable('mail_outbox')
      .set({ claimed_by: this.token, claimed_until: lease, attempts: sql<number>`attempts + 1` })
      .where('id', '=', candidate)
      // Checked again on the row itself: a worker that read the same candidate loses here.
      .where('sent_at', 'is', null)
      .where(free)
      .returningAll()
      .executeTakeFirst();
    return row ?? null;
  }

  /** Sends a claimed row; marks it sent, or records the failure and when to try again. */
  private async deliver(row: MailOutboxRow): Promise<boolean> {
    const mine = (eb: ExpressionBuilder<Database, 'mail_outbox'>) => eb.and([eb('id', '=', row.id), eb('claimed_by', '=', this.token)]);
    const renewal = setInterval(() => void this.renew(row.id), this.renewMs);
    try {
      const message = await this.compose(row);
      const { messageId } = await this.transport.send(message, { leadId: row.lead_id ?? 0, outboxId: row.id });
      await this.db
        .updateTable('mail_outbox')
        .where(mine)
        // A queued message (a reset link) is not kept once it has left.
        .set({
          sent_at: this.now().toISOString(),
          message_id: messageId || null,
          claimed_by: null,
          claimed_until: null,
          last_error: null,
          message: null,
        })
        .execute();
      return true;
    } catch (error) {
      const delay = retryDelay(row.attempts, this.retryBaseMs, this.retryMaxMs);
      const next = new Date(this.now().getTime() + delay).toISOString();
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, ERROR_MAX);
      this.log?.warn(
        { outboxId: row.id, leadId: row.lead_id, attempts: row.attempts, next, err: reason },
        'lead mail not sent; will retry',
      );
      await this.db
        .updateTable('mail_outbox')
        .where(mine)
        .set({ last_error: reason, next_attempt_at: next, claimed_by: null, claimed_until: null })
        .execute();
      return false;
    } finally {
      clearInterval(renewal);
    }
  }

  /** Extends this worker's lease on a row whose send is in progress. Never throws: a missed renewal only lets the lease run. */
  private async renew(id: number): Promise<void> {
    const until = new Date(this.now().getTime() + this.leaseMs).toISOString();
    await this.db
      .updateTable('mail_outbox')
      .set({ claimed_until: until })
      .where('id', '=', id)
      .where('claimed_by', '=', this.token)
      .where('sent_at', 'is', null)
      .execute()
      .catch((error: unknown) => this.log?.warn({ outboxId: id, err: error }, 'mail claim not renewed'));
  }

  private async compose(row: MailOutboxRow) {
    if (row.lead_id === null) return composeQueuedMail(JSON.parse(row.message ?? 'null') as QueuedMail, row.recipient, this.options.from);
    const lead = await this.db.selectFrom('leads').selectAll().where('id', '=', row.lead_id).executeTakeFirstOrThrow();
    const partner =
      lead.partner_id === null
        ? undefined
        : await this.db
            .selectFrom('partners')
            .select(['name', 'logo', 'color_primary', 'root_language'])
            .where('id', '=', lead.partner_id)
            .executeTakeFirst();
    const project =
      lead.project_id === null
        ? undefined
        : await this.db.selectFrom('projects').select('name').where('id', '=', lead.project_id).executeTakeFirst();
    // Whatever the visitor's language, a lead's mail is the office's work: in its language (a partner's own).
    return writeIn(partner?.root_language ?? OFFICE_LANGUAGE, () => {
      const context: MailContext = {
        from: this.options.from,
        siteName: partner?.name ?? t('site.name'),
        projectName: project?.name ?? null,
        siteUrl: this.options.siteUrl,
        brand: partner ? { logo: partner.logo, color: partner.color_primary } : null,
      };
      return composeLeadMail(lead, row.recipient, context);
    });
  }
}
