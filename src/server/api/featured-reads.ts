// GET/POST /api/featured {partner?} → { data: { newest, reduced, key_ready } }:
// the developments a home page features (services/catalogue/featured.ts), in
// the partner's scope when a partner is named; 404 for a slug naming nobody.
import { FeaturedQuery } from '../../shared/catalogue.ts';
import { HttpError, PARTNER_NOT_FOUND_MESSAGE } from '../../shared/errors.ts';
import { read } from './read.ts';

export const featuredRead = read({
  path: '/api/featured',
  query: FeaturedQuery,
  personal: false,
  async handler(input, ctx) {
    const partner = await ctx.partner(input.partner);
    if (input.partner && !partner) throw new HttpError(404, PARTNER_NOT_FOUND_MESSAGE);
    const scope = await ctx.services.catalogue.scope(partner?.id, await ctx.versions());
    return { data: await ctx.services.catalogue.featured(scope) };
  },
});
