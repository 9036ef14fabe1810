// GET/POST /api/compare {ids, partner?} → { data: ComparedProject[] }: the
// developments of a comparison (src/shared/compare.ts), in the order asked,
// as the section's site shows them; an id withdrawn or out of the partner's
// scope is left out (a shared link outlives a development), never a 404.
import { CompareQuery } from '../../shared/catalogue.ts';
import { read } from './read.ts';
import { scopeOf } from './catalogue-reads.ts';

export const compareRead = read({
  path: '/api/compare',
  query: CompareQuery,
  personal: false,
  async handler({ ids, partner }, ctx) {
    return { data: await ctx.services.catalogue.compared(ids, await scopeOf(ctx, partner)) };
  },
});
