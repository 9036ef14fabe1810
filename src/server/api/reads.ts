// The API reads that pages declare as data needs (DESIGN §2). Each is served
// over HTTP (GET with a query string, and POST with the same body) and called
// in-process by the page renderer, through the same handler. `reads` has one
// entry per path of the shared list (src/shared/reads.ts), each answering that
// path's type: tsc fails on a read missing, misnamed or answering another shape.
import { create, type Struct } from 'superstruct';
import type { ReadAnswers, ReadPath } from '../../shared/reads.ts';
import type { PublicPartner } from '../../shared/partner.ts';
import { ContentListQuery, ContentQuery } from '../../shared/content.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import type { Services } from '../services/index.ts';
import { catalogueReads } from './catalogue-reads.ts';
import { favoritesRead, projectCardsRead } from './account-reads.ts';
import { similarRead } from './similar-reads.ts';

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

/** A read as written: its input's struct, and a handler of the checked input. */
export interface ReadEndpoint<P extends ReadPath, Q> {
  path: P;
  query: Struct<Q, unknown>;
  /** Whether the answer differs per visitor (then never cached by a CDN). */
  personal: boolean;
  handler(input: Q, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

/** A read as served: it checks its input itself (a bad input is a 400 naming the field). */
export interface Read<P extends ReadPath = ReadPath> {
  path: P;
  personal: boolean;
  run(input: unknown, ctx: ReadContext): Promise<ReadAnswers[P]>;
}

export function read<P extends ReadPath, Q>(endpoint: ReadEndpoint<P, Q>): Read<P> {
  return {
    path: endpoint.path,
    personal: endpoint.personal,
    run: (input, ctx) => endpoint.handler(create(input, endpoint.query), ctx),
  };
}

export const reads: { [P in ReadPath]: Read<P> } = {
  '/api/content': read({
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
  '/api/content-list': read({
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
  '/api/favorites': favoritesRead,
  '/api/project-cards': projectCardsRead,
  '/api/project/similar': similarRead,
};

export const readByPath = new Map<string, Read>(Object.values(reads).map((r) => [r.path, r]));

/** Validates the input and runs a read; a bad input is a 400 naming the field. */
export async function runRead<P extends ReadPath>(endpoint: Read<P>, input: unknown, ctx: ReadContext): Promise<ReadAnswers[P]> {
  return endpoint.run(input, ctx);
}
