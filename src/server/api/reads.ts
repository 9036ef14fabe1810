// The API reads that pages declare as data needs (DESIGN §2). Each is served
// over HTTP (GET with a query string, and POST with the same body) and called
// in-process by the page renderer, through the same handler.
import { create, type Struct } from 'superstruct';
import type { PublicPartner } from '../../shared/partner.ts';
import { ContentListQuery, ContentQuery } from '../../shared/content.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import type { Services } from '../services/index.ts';
import { catalogueReads } from './catalogue-reads.ts';
import { favoritesRead, projectCardsRead } from './account-reads.ts';
import { similarRead } from './similar-reads.ts';
import { savedSearchReads } from './saved-search-reads.ts';

export interface ReadContext {
  services: Services;
  /** The partner of the request: by host, then by the given slug (DESIGN §6). */
  partner(slug: string | undefined): Promise<PublicPartner | null>;
  /**
   * The logged-in client of the request; absent or null: anonymous (e.g.
   * /api/project/files then answers without download addresses). Set by
   * readContext() for personal reads and pages (request.client()).
   */
  client?: { id: number } | null;
}

export interface ReadEndpoint<Q = any> {
  path: string;
  query: Struct<Q, any>;
  /** Whether the answer differs per visitor (then never cached by a CDN). */
  personal: boolean;
  handler(input: Q, ctx: ReadContext): Promise<unknown>;
}

function read<Q>(endpoint: ReadEndpoint<Q>): ReadEndpoint<Q> {
  return endpoint;
}

export const reads: ReadEndpoint[] = [
  read({
    path: '/api/content',
    query: ContentQuery,
    personal: false,
    async handler({ slug, partner: slugOfPartner }, ctx) {
      const partner = await ctx.partner(slugOfPartner);
      if (slugOfPartner && !partner) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const page = await ctx.services.content.page(slug, partner?.id ?? null);
      if (!page) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return { data: page };
    },
  }),
  read({
    path: '/api/content-list',
    query: ContentListQuery,
    personal: false,
    async handler({ partner: slugOfPartner }, ctx) {
      const partner = await ctx.partner(slugOfPartner);
      if (slugOfPartner && !partner) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return { data: await ctx.services.content.list(partner?.id ?? null) };
    },
  }),
  ...catalogueReads,
  favoritesRead,
  projectCardsRead,
  similarRead,
  ...savedSearchReads,
];

export const readByPath = new Map(reads.map((r) => [r.path, r]));

/** Validates the input and runs a read; a bad input is a 400 naming the field. */
export async function runRead(endpoint: ReadEndpoint, input: unknown, ctx: ReadContext): Promise<unknown> {
  return endpoint.handler(create(input, endpoint.query), ctx);
}
