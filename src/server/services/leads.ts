// Leads (SPEC §3 forms): a visitor's request, stored with its outbox mail in
// one transaction before the visitor is told 'Thanks you for your request'.
// The idempotency key the browser makes per form fill finds a retried
// submission's lead again, so it is never stored twice.
//
// Each lead keeps what its mail needs to be acted on (issue 10): the page's
// full address on the site it was sent from, built from SITE_URL or the
// partner's configured domain (never from Host, which a visitor chooses), and,
// when a logged-in client sent it, who they are and their favorites as the
// site showed them then. A 'favorites' lead is the client's list itself, sent
// to the partner whose site it is, else the client's partner, else the office.
import type { Kysely } from 'kysely';
import type { Database, NewLeadRow } from '../store/schema.ts';
import { InputError, uniqueViolation } from '../store/errors.ts';
import type { PartnerService } from './partners.ts';
import type { AccountService } from './accounts/index.ts';
import type { FavoriteSnapshot, LeadBody } from '../../shared/leads.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { absoluteUrl, siteOrigin } from '../../shared/seo.ts';
import { HttpError } from '../../shared/errors.ts';
import { t } from '../../shared/i18n.ts';

/** Where a submission came from, as the server sees it. */
export interface LeadOrigin {
  /** The request's host (a partner's own domain decides the partner first). */
  host: string | null;
  /** The client address (request.ip: behind TRUST_PROXY hops, the forwarded one). */
  ip: string | null;
  userAgent: string | null;
  /** The logged-in client who sent it, if any (request.client()). */
  clientId?: number | null;
}

export interface LeadServiceOptions {
  /** The main site's public address (SITE_URL): the base of the page's full address. */
  siteUrl?: string;
  /** Reads a client's favorites in a site's scope; without it no favorites are kept. */
  accounts?: Pick<AccountService, 'favoriteCards'>;
}

const DEFAULT_SITE_URL = 'http://localhost:3000';

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
    private readonly options: LeadServiceOptions = {},
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

    // DESIGN §6: the host first, then the slug; remembered apart to build the page's address.
    const versions = await this.partners.versions();
    const hostPartner = await this.partners.byHost(origin.host, versions);
    // The site the form was sent on: its scope is the one the favorites were shown in.
    const sitePartner: Pick<PublicPartner, 'id' | 'email'> | null =
      hostPartner ?? (body.partner ? await this.partners.bySlug(body.partner, versions) : null);
    let partner = sitePartner;
    const client = origin.clientId
      ? await this.db
          .selectFrom('clients')
          .select(['id', 'email', 'name', 'phone', 'partner_id'])
          .where('id', '=', origin.clientId)
          .executeTakeFirst()
      : undefined;
    if (body.kind === 'favorites') {
      if (!client) throw new HttpError(401, t('account.errors.loginRequired'));
      // Sent from the main site, they go to the client's own broker when it has one.
      partner ??= client.partner_id === null ? null : await this.partnerById(client.partner_id);
    }
    const favorites = client ? await this.favoritesOf(client.id, sitePartner) : null;
    if (body.kind === 'favorites' && !favorites?.length) throw new InputError('favorites', t('favoritesSend.errors.empty'));

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
      page_url: absoluteUrl(siteOrigin(this.options.siteUrl ?? DEFAULT_SITE_URL, hostPartner?.domain), body.page),
      client_id: client?.id ?? null,
      favorites: favorites ? JSON.stringify(favorites) : null,
      name: 'name' in body ? body.name : body.kind === 'favorites' ? client!.name : null,
      first_name: 'first_name' in body ? body.first_name : null,
      last_name: 'last_name' in body ? body.last_name : null,
      email: 'email' in body ? body.email : client!.email,
      phone: ('phone' in body ? body.phone : body.kind === 'favorites' ? client!.phone : null) ?? null,
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
        await trx.insertInto('mail_outbox').values({ lead_id: id, recipient, next_attempt_at: now, created_at: now }).execute();
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

  private async partnerById(id: number): Promise<Pick<PublicPartner, 'id' | 'email'> | null> {
    return (await this.db.selectFrom('partners').select(['id', 'email']).where('id', '=', id).executeTakeFirst()) ?? null;
  }

  /** The client's favorites as the site they are on shows them (its scope), newest first. */
  private async favoritesOf(clientId: number, partner: Pick<PublicPartner, 'id'> | null): Promise<FavoriteSnapshot[] | null> {
    if (!this.options.accounts) return null;
    const cards = await this.options.accounts.favoriteCards(clientId, partner?.id ?? null);
    return cards.map((card) => ({
      id: card.id,
      name: card.name,
      town: card.location.town.name,
      region: card.location.region.name,
      price: card.price ? { min: card.price.min, max: card.price.max } : null,
    }));
  }
}
