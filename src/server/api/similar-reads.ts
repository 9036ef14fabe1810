// GET/POST /api/project/similar {id, partner?} → { data: ProjectCard[] }: the
// projects at the foot of a project's page (services/catalogue/similar.ts).
// It takes what /api/property takes, in both forms, and answers 404 where that
// read does (an unknown, withdrawn or out-of-scope id; a partner slug naming nobody).
import type { ProjectCard, ProjectQuery } from '../../shared/catalogue.ts';
import { HttpError, NOT_FOUND_MESSAGE, PARTNER_NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import type { ReadEndpoint } from './reads.ts';
import { catalogueReads } from './catalogue-reads.ts';

export interface SimilarAnswer {
  data: ProjectCard[];
}

/** The property read's struct: `{id, partner?}` as a body or as a query string. */
const projectQuery = catalogueReads.find((r) => r.path === '/api/property')!.query as ReadEndpoint<ProjectQuery>['query'];

export const similarRead: ReadEndpoint<ProjectQuery> = {
  path: '/api/project/similar',
  query: projectQuery,
  personal: false,
  async handler(input, ctx): Promise<SimilarAnswer> {
    const partner = await ctx.partner(input.partner);
    if (input.partner && !partner) throw new HttpError(404, PARTNER_NOT_FOUND_MESSAGE);
    const data = await ctx.services.catalogue.similar(input.id, await ctx.services.catalogue.scope(partner?.id));
    if (!data) throw new HttpError(404, NOT_FOUND_MESSAGE);
    return { data };
  },
};
