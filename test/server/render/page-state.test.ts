// A key means one answer: the state a page embeds under a read's key is what
// the API answers for that key, so that SWR, which serves the page's state
// under the key and fetches the key later, never holds two shapes of one read.
import t from 'tap';
import { testApp } from '../../helpers/app.ts';
import { stateOf } from '../../helpers/html.ts';

t.test("each page's state under a key equals the API's answer for that key", async (t) => {
  const app = await testApp(t);
  const search = (await app.inject('/search/spain/alicante')).body;
  const first = /data-project="(\d+)"/.exec(search)?.[1];
  t.ok(first, 'the search shows a project');
  const pages = ['/', '/search', '/search/spain/alicante', `/for-sale/${first}`];
  let keys = 0;
  for (const page of pages) {
    const res = await app.inject(page);
    t.equal(res.statusCode, 200, `${page} answers`);
    const { data } = stateOf(res.body);
    for (const [key, embedded] of Object.entries(data)) {
      const api = await app.inject(key);
      t.equal(api.statusCode, 200, `GET ${key} answers`);
      t.same(embedded, api.json(), `${page}: the state under ${key} is the API's answer`);
      keys++;
    }
  }
  t.ok(keys >= 7, `the search's results and places, and the property's reads were compared (${keys} keys)`);
});
