// GET/POST /api/project/similar {id, partner?} → { data: ProjectCard[] }: the
// projects at the foot of a project's page (services/catalogue/similar.ts).
// It takes what /api/property takes, in both forms, and answers 404 where that
// read does (an unknown, withdrawn or out-of-scope id; a partner slug naming nobody).
import { HttpError, NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { read } from './read.ts';
import { ProjectReadQuery, scopeOf } from './catalogue-reads.ts';

export const similarRead = read({
  path: '/api/project/similar',
  query: ProjectReadQuery,
  personal: false,
  async handler(input, ctx) {
    const data = await ctx.services.catalogue.similar(input.id, await scopeOf(ctx, input.partner));
    if (!data) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return { data };
  },
});
