// Leads (SPEC §3 forms): a visitor's request, stored with its outbox mail in
// one transaction before the visitor is told 'Thanks you for your request'.
// The idempotency key the browser makes per form fill finds a retried
// submission's lead again, so it is never stored twice.
import type { Kysely } from 'kysely';
import type { Database, NewLeadRow } from '../store/schema.ts';
import { InputError, uniqueViolation } from '../store/errors.ts';
import type { PartnerService } from './partners.ts';
import type { LeadBody } from '../../shared/leads.ts';
import { t } from '../../shared/i18n.ts';

/** Where a submission came from, as the server sees it. */
export interface LeadOrigin {
  /** The request's host (a partner's own domain decides the partner first). */
  host: string | null;
  /** The client address (request.ip: behind TRUST_PROXY hops, the forwarded one). */
  ip: string | null;
  userAgent: string | null;
}

export interface LeadResult {
  id: number;
  /** false: this idempotency key was stored before; nothing was written now. */
  created: boolean;
}

const USER_AGENT_MAX = 500;

export class LeadService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly partners: PartnerService,
    /** Where the main site's leads (and those of partners without an address) go. */
    private readonly officeEmail: string,
  ) {}

  /** The lead stored under this idempotency key, if any. */
  async byKey(key: string): Promise<number | null> {
    const row = await this.db.selectFrom('leads').select('id').where('idempotency_key', '=', key).executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * Stores a checked submission (LEAD_BODIES in src/shared/leads.ts) and its
   * mail, or finds the one stored before under the same idempotency key.
   */
  async submit(body: LeadBody, origin: LeadOrigin): Promise<LeadResult> {
    const existing = await this.byKey(body.idempotency_key);
    if (existing !== null) return { id: existing, created: false };

    const partner = await this.partners.resolve(origin.host, body.partner ?? null);
    let projectId: number | null = null;
    if (body.kind === 'property') {
      const project = await this.db.selectFrom('projects').select('id').where('id', '=', body.project_id).executeTakeFirst();
      if (!project) throw new InputError('project_id', t('forms.errors.unknownProject'));
      projectId = project.id;
    }

    const now = new Date().toISOString();
    const row: NewLeadRow = {
      kind: body.kind,
      idempotency_key: body.idempotency_key,
      partner_id: partner?.id ?? null,
      project_id: projectId,
      page: body.page,
      name: 'name' in body ? body.name : null,
      first_name: 'first_name' in body ? body.first_name : null,
      last_name: 'last_name' in body ? body.last_name : null,
      email: body.email,
      phone: body.phone ?? null,
      subject: 'subject' in body ? body.subject : null,
      message: ('message' in body ? body.message : null) ?? null,
      postal_code: ('postal_code' in body ? body.postal_code : null) ?? null,
      city: ('city' in body ? body.city : null) ?? null,
      client_ip: origin.ip,
      user_agent: origin.userAgent ? origin.userAgent.slice(0, USER_AGENT_MAX) : null,
      created_at: now,
    };
    const recipient = partner?.email || this.officeEmail;

    try {
      const id = await this.db.transaction().execute(async (trx) => {
        const { id } = await trx.insertInto('leads').values(row).returning('id').executeTakeFirstOrThrow();
        await trx
          .insertInto('mail_outbox')
          .values({ lead_id: id, recipient, next_attempt_at: now, created_at: now })
          .execute();
        return id;
      });
      return { id, created: true };
    } catch (error) {
      // The same key sent twice at once: the other request stored it first.
      if (uniqueViolation(error) === 'idempotency_key') {
        const id = await this.byKey(body.idempotency_key);
        if (id !== null) return { id, created: false };
      }
      throw error;
    }
  }
}
