// GET/POST /api/places {q, partner?} → { data: PlaceMatch[] }: the places a
// typed name may mean (services/catalogue/place-search.ts), with the other
// names the gazetteer knows for them, within the partner's scope; up to 8,
// the closest first. What the place field of a search asks as it is typed.
import { PlaceNameQuery } from '../../shared/catalogue.ts';
import { placeAliases } from '../catalogue-import/places.ts';
import { findPlaces } from '../services/catalogue/place-search.ts';
import { read } from './read.ts';
import { scopeOf } from './catalogue-reads.ts';

export const placesRead = read({
  path: '/api/places',
  query: PlaceNameQuery,
  personal: false,
  async handler(input, ctx) {
    const scope = await scopeOf(ctx, input.partner);
    // Without a path the answer is the tree alone, always there.
    const geo = await ctx.services.catalogue.places(undefined, scope, (await ctx.versions()).catalogue);
    return { data: findPlaces(geo?.data.tree ?? [], input.q, placeAliases()) };
  },
});
