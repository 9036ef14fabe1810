// GET/POST /api/featured {partner?} → { data: { newest, reduced, key_ready } }:
// the developments a home page features (services/catalogue/featured.ts), in
// the partner's scope when a partner is named; 404 for a slug naming nobody.
import { FeaturedQuery } from '../../shared/catalogue.ts';
import { read } from './read.ts';
import { scopeOf } from './catalogue-reads.ts';

export const featuredRead = read({
  path: '/api/featured',
  query: FeaturedQuery,
  personal: false,
  async handler(input, ctx) {
    return { data: await ctx.services.catalogue.featured(await scopeOf(ctx, input.partner)) };
  },
});
