// The place tree a page embeds leaves out each place's path, which the readers
// rebuild from the slugs: the same paths as the API's tree, on the demo catalogue.
import t from 'tap';
import type { GeoAnswer, GeoNode } from '../../src/shared/catalogue.ts';
import { withPaths, type PlaceNode, type PlacesAnswer } from '../../src/shared/page-data.ts';
import { testApp } from '../helpers/app.ts';
import { stateOf, stateScriptOf } from '../helpers/html.ts';

const paths = (tree: Array<GeoNode | PlaceNode>): string[] => tree.flatMap((n) => [n.path, ...paths(n.children)]);

t.test("the search page embeds the place tree without paths; withPaths gives back the API's", async (t) => {
  const app = await testApp(t);
  const api = (await app.inject('/api/geo-url')).json() as GeoAnswer;
  const html = (await app.inject('/search')).body;
  t.notMatch(stateScriptOf(html), /spain\/alicante/, 'no path in the state');
  const embedded = stateOf(html).data['/api/geo-url'] as PlacesAnswer;
  const rebuilt = paths(withPaths(embedded.data.tree));
  t.ok(rebuilt.length > 20, 'the demo tree, countries to towns');
  t.same(rebuilt, paths(api.data.tree), 'the same paths, in the same order');
  t.match(html, /<option value="spain\/alicante\/altea">/, "the town select's values are paths");
});

t.test('withPaths joins the slugs of a place and its ancestors', async (t) => {
  const tree = [{ name: 'Spain', slug: 'spain', count: 2, children: [{ name: 'Málaga', slug: 'malaga', count: 2, children: [] }] }];
  t.same(paths(withPaths(tree)), ['spain', 'spain/malaga']);
});
