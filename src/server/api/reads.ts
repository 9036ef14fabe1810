// The API reads that pages declare as data needs (DESIGN §2). Each is served
// over HTTP (GET with a query string, and POST with the same body) and called
// in-process by the page renderer, through the same handler (api/read.ts). `reads` has one
// entry per path of the shared list (src/shared/reads.ts), each answering that
// path's type: tsc fails on a read missing, misnamed or answering another shape.
import type { ReadAnswers, ReadPath } from '../../shared/reads.ts';
import { ContentListQuery, ContentQuery } from '../../shared/content.ts';
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { read, type Read, type ReadContext } from './read.ts';
import { catalogueReads } from './catalogue-reads.ts';
import { favoritesRead, projectCardsRead } from './account-reads.ts';
import { similarRead } from './similar-reads.ts';
import { compareRead } from './compare-reads.ts';
import { featuredRead } from './featured-reads.ts';
import { placesRead } from './place-reads.ts';
import { savedSearchReads } from './saved-search-reads.ts';
import { favoriteAlertReads } from './favorite-alert-reads.ts';
import { ratesRead } from './rates-reads.ts';
import { languageNoteRead } from './language-note-reads.ts';

export const reads: { [P in ReadPath]: Read<P> } = {
  '/api/content': read({
    path: '/api/content',
    query: ContentQuery,
    personal: false,
    async handler({ slug, partner: slugOfPartner, lang }, ctx) {
      const partner = await ctx.partner(slugOfPartner);
      if (slugOfPartner && !partner) throw new HttpError(404, NOT_FOUND_MESSAGE);
      const page = await ctx.services.content.page(slug, partner?.id ?? null, lang);
      if (!page) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return { data: page };
    },
  }),
  '/api/content-list': read({
    path: '/api/content-list',
    query: ContentListQuery,
    personal: false,
    async handler({ partner: slugOfPartner, lang }, ctx) {
      const partner = await ctx.partner(slugOfPartner);
      if (slugOfPartner && !partner) throw new HttpError(404, NOT_FOUND_MESSAGE);
      return { data: await ctx.services.content.list(partner?.id ?? null, lang) };
    },
  }),
  ...catalogueReads,
  '/api/favorites': favoritesRead,
  '/api/project-cards': projectCardsRead,
  '/api/project/similar': similarRead,
  '/api/compare': compareRead,
  '/api/featured': featuredRead,
  '/api/places': placesRead,
  ...savedSearchReads,
  ...favoriteAlertReads,
  '/api/rates': ratesRead,
  '/api/language-note': languageNoteRead,
};

export const readByPath = new Map<string, Read>(Object.values(reads).map((r) => [r.path, r]));

/** Validates the input and runs a read; a bad input is a 400 naming the field. */
export async function runRead<P extends ReadPath>(endpoint: Read<P>, input: unknown, ctx: ReadContext): Promise<ReadAnswers[P]> {
  return endpoint.run(input, ctx);
}
