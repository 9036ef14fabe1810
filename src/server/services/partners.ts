// Partners: the white-label brokers (SPEC §3, DESIGN §6). Resolved per request by
// the request's host, then by the {partner} path segment.
import type { Kysely } from 'kysely';
import type { Database, PartnerRow } from '../store/schema.ts';
import type { PublicPartner } from '../../shared/partner.ts';

export function normaliseHost(host: string | undefined | null): string | null {
  if (!host) return null;
  let h = host.trim().toLowerCase();
  if (h.startsWith('[')) return h.slice(0, h.indexOf(']') + 1) || null; // IPv6 literal
  h = h.replace(/:\d+$/, '').replace(/\.$/, '');
  return h || null;
}

export function toPublicPartner(row: PartnerRow): PublicPartner {
  return {
    id: row.id,
    slug: row.slug,
    domain: row.domain,
    name: row.name,
    logo: row.logo,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    colors: { primary: row.color_primary, secondary: row.color_secondary, heading_color: row.color_heading },
  };
}

export class PartnerService {
  constructor(private readonly db: Kysely<Database>) {}

  async bySlug(slug: string): Promise<PublicPartner | null> {
    const row = await this.db.selectFrom('partners').selectAll().where('slug', '=', slug.toLowerCase()).executeTakeFirst();
    return row ? toPublicPartner(row) : null;
  }

  /** A partner's own domain, with or without `www.`. */
  async byHost(host: string | null | undefined): Promise<PublicPartner | null> {
    const h = normaliseHost(host);
    if (!h) return null;
    const bare = h.startsWith('www.') ? h.slice(4) : h;
    const row = await this.db.selectFrom('partners').selectAll().where('domain', 'in', [h, bare]).executeTakeFirst();
    return row ? toPublicPartner(row) : null;
  }

  /** DESIGN §6: the host first, then the slug. */
  async resolve(host: string | null | undefined, slug: string | null | undefined): Promise<PublicPartner | null> {
    return (await this.byHost(host)) ?? (slug ? await this.bySlug(slug) : null);
  }

  async list(): Promise<PublicPartner[]> {
    const rows = await this.db.selectFrom('partners').selectAll().orderBy('slug').execute();
    return rows.map(toPublicPartner);
  }
}
