// The rules of a typed place name's destination (src/shared/place-choice.ts):
// which place is meant without asking, and the search address it leads to.
import t from 'tap';
import type { PlaceMatch } from '../../src/shared/catalogue.ts';
import { meantPlace, placeChoiceMove, placeSearchHref } from '../../src/shared/place-choice.ts';

const place = (path: string, exact: boolean): PlaceMatch => ({
  name: path,
  slug: path.split('/').pop()!,
  path,
  kind: 'town',
  count: 1,
  within: [],
  exact,
});

t.test('a place is meant when it is the only one found, or the only one named wholly', async (t) => {
  const town = place('spain/alicante/torrevieja', false);
  t.equal(meantPlace([town]), town, 'the only one, even by a near spelling');
  const exact = place('spain/murcia/mar-de-cristal', true);
  t.equal(meantPlace([place('spain/malaga/marbella', false), exact]), exact, 'the whole name beats the starts of others');
  t.equal(meantPlace([place('spain/malaga', true), place('spain/malaga/malaga', true)]), null, 'two named wholly: the visitor chooses');
  t.equal(meantPlace([place('spain/malaga/marbella', false), place('spain/almeria/roquetas-de-mar', false)]), null);
  t.equal(meantPlace([]), null);
});

t.test("a place's search keeps the entry's filters, not its page or map box", async (t) => {
  const query = new URLSearchParams('q=x&cat=1,2&priceto=300000&pricefrom=abc&page=3&bbox=1,2,3,4&view=list&region=spain%2Fmurcia');
  t.equal(
    placeSearchHref('/old/search', place('spain/alicante/torrevieja', true), query),
    '/old/search/spain/alicante/torrevieja?cat=1,2&priceto=300000&view=list',
  );
});

t.test('after the read: no name is the whole search, one place its search, several the page', async (t) => {
  const q = new URLSearchParams('q=mar&priceto=300000');
  t.equal(
    placeChoiceMove('/:partner', [], { partner: 'alpha' }, new URLSearchParams('priceto=300000'))?.location,
    '/alpha/search?priceto=300000',
  );
  const one = placeChoiceMove('', [{ data: [place('spain/murcia', false)] }], {}, q);
  t.equal(one?.location, '/search/spain/murcia?priceto=300000');
  t.equal(one?.statusCode, 302, 'not permanent: the catalogue decides');
  t.equal(placeChoiceMove('', [{ data: [place('spain/a', false), place('spain/b', false)] }], {}, q), null);
  t.equal(placeChoiceMove('', [{ data: [] }], {}, q), null, 'none: the page says so');
});
