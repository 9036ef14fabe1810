// Content pages (buying process, costs and taxes, ...): the main site's pages,
// which a partner may replace with its own under the same slug.
import type { Kysely } from 'kysely';
import type { Database } from '../store/schema.ts';
import type { ContentPage } from '../../shared/content.ts';

export class ContentService {
  constructor(private readonly db: Kysely<Database>) {}

  async page(slug: string, partnerId: number | null): Promise<ContentPage | null> {
    const rows = await this.db
      .selectFrom('content_pages')
      .select(['slug', 'title', 'summary', 'body', 'updated_at', 'partner_id'])
      .where('slug', '=', slug.toLowerCase())
      .where((eb) => (partnerId ? eb.or([eb('partner_id', 'is', null), eb('partner_id', '=', partnerId)]) : eb('partner_id', 'is', null)))
      .execute();
    const row = rows.find((r) => r.partner_id !== null) ?? rows[0];
    return row ? { slug: row.slug, title: row.title, summary: row.summary, body: row.body, updatedAt: row.updated_at } : null;
  }

  async list(partnerId: number | null): Promise<Array<Pick<ContentPage, 'slug' | 'title' | 'summary'>>> {
    const rows = await this.db
      .selectFrom('content_pages')
      .select(['slug', 'title', 'summary', 'partner_id'])
      .where((eb) => (partnerId ? eb.or([eb('partner_id', 'is', null), eb('partner_id', '=', partnerId)]) : eb('partner_id', 'is', null)))
      .orderBy('title')
      .execute();
    const bySlug = new Map<string, (typeof rows)[number]>();
    for (const r of rows) if (!bySlug.has(r.slug) || r.partner_id !== null) bySlug.set(r.slug, r);
    return [...bySlug.values()].map(({ slug, title, summary }) => ({ slug, title, summary }));
  }
}
