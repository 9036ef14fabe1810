// Bad input to the catalogue's reads is a 400 whose message names the field,
// for POST bodies and GET query strings alike; never a 500.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { catalogueApp, post } from './setup.ts';

const search: Array<{ name: string; body: Record<string, unknown>; query: string; field: RegExp }> = [
  { name: 'account_id missing', body: {}, query: 'bedrooms=1', field: /^account_id is required$/ },
  { name: 'account_id not 1', body: { account_id: 2 }, query: 'account_id=2', field: /^account_id\b/ },
  { name: 'account_id a word', body: { account_id: 'one' }, query: 'account_id=one', field: /^account_id\b/ },
  { name: 'bedrooms 11', body: { account_id: 1, bedrooms: 11 }, query: 'account_id=1&bedrooms=11', field: /^bedrooms\b/ },
  { name: 'bedrooms -1', body: { account_id: 1, bedrooms: -1 }, query: 'account_id=1&bedrooms=-1', field: /^bedrooms\b/ },
  { name: 'bathrooms 2.5', body: { account_id: 1, bathrooms: 2.5 }, query: 'account_id=1&bathrooms=2.5', field: /^bathrooms\b/ },
  {
    name: 'bathrooms twice',
    body: { account_id: 1, bathrooms: [1, 2] },
    query: 'account_id=1&bathrooms=1&bathrooms=2',
    field: /^bathrooms\b/,
  },
  { name: 'priceto -1', body: { account_id: 1, priceto: -1 }, query: 'account_id=1&priceto=-1', field: /^priceto\b/ },
  {
    name: 'priceto above the bound',
    body: { account_id: 1, priceto: 10_000_001 },
    query: 'account_id=1&priceto=10000001',
    field: /^priceto\b/,
  },
  { name: 'pricefrom a word', body: { account_id: 1, pricefrom: 'cheap' }, query: 'account_id=1&pricefrom=cheap', field: /^pricefrom\b/ },
  { name: "cat 'x'", body: { account_id: 1, cat: 'x' }, query: 'account_id=1&cat=x', field: /^cat\b/ },
  { name: "cat ['x']", body: { account_id: 1, cat: ['x'] }, query: 'account_id=1&cat=1,x', field: /^cat\.\d/ },
  { name: 'cat 0', body: { account_id: 1, cat: [0] }, query: 'account_id=1&cat=0', field: /^cat\.0\b/ },
  { name: 'page 0', body: { account_id: 1, page: 0 }, query: 'account_id=1&page=0', field: /^page\b/ },
  { name: 'unknown sort', body: { account_id: 1, sort: 'cheapest' }, query: 'account_id=1&sort=cheapest', field: /^sort\b/ },
  { name: 'per_page 100', body: { account_id: 1, per_page: 100 }, query: 'account_id=1&per_page=100', field: /^per_page\b/ },
  {
    name: 'bad town slug',
    body: { account_id: 1, esGeo: { town: 'Torre Vieja' } },
    query: 'account_id=1&town=Torre%20Vieja',
    field: /^esGeo\.town\b/,
  },
  {
    name: 'bad region slug',
    body: { account_id: 1, esGeo: { region: '../etc' } },
    query: 'account_id=1&region=..%2Fetc',
    field: /^esGeo\.region\b/,
  },
  { name: 'esGeo not an object', body: { account_id: 1, esGeo: 'spain' }, query: 'account_id=1&esGeo[country]=Spain', field: /^esGeo\b/ },
  { name: 'unknown field', body: { account_id: 1, colour: 'red' }, query: 'account_id=1&colour=red', field: /^colour is not allowed$/ },
];

forEachStore(t, 'a bad search is a 400 naming the field, as a body and as a query string', async (t, store) => {
  const { app } = await catalogueApp(t, store);
  for (const c of search) {
    const viaPost = await post(app, '/api/properties', c.body);
    t.equal(viaPost.statusCode, 400, `POST ${c.name}`);
    t.match(viaPost.json().message, c.field, `POST ${c.name}: ${viaPost.json().message}`);
    const viaGet = await app.inject(`/api/properties?${c.query}`);
    t.equal(viaGet.statusCode, 400, `GET ${c.name}`);
    t.match(viaGet.json().message, c.field, `GET ${c.name}: ${viaGet.json().message}`);
  }
  const broken = await app.inject({
    method: 'POST',
    url: '/api/properties',
    headers: { 'content-type': 'application/json' },
    payload: '{"account_id":',
  });
  t.equal(broken.statusCode, 400, 'malformed JSON');
  const list = await post(app, '/api/properties', [1, 2]);
  t.equal(list.statusCode, 400, 'an array body');
});

forEachStore(t, 'the GET form: empty parameters are absent, places may be nested, a list may repeat', async (t, store) => {
  const { app } = await catalogueApp(t, store);
  const total = async (query: string) => {
    const res = await app.inject(`/api/properties?${query}`);
    t.equal(res.statusCode, 200, query);
    return res.json().meta.total as number;
  };
  const all = await total('account_id=1');
  t.equal(await total('account_id=1&bedrooms=&pricefrom=&cat=&town='), all, 'empty fields of a form');
  t.equal(await total('account_id=1&esGeo[region]=alicante'), await total('account_id=1&region=alicante'));
  t.equal(await total('account_id=1&esGeo.region=alicante'), await total('account_id=1&region=alicante'));
  t.equal(await total('account_id=1&cat=1&cat=12'), await total('account_id=1&cat=1,12'));
  const viaPost = (await post(app, '/api/properties', { account_id: 1, cat: [1, 12], esGeo: { region: 'alicante' } })).json().meta.total;
  t.equal(await total('account_id=1&cat=1,12&region=alicante'), viaPost, 'the same search as the body');
});

forEachStore(t, 'bad ids and paths of the other reads are 400 naming the field', async (t, store) => {
  const { app } = await catalogueApp(t, store);
  for (const url of ['/api/property', '/api/project/units', '/api/project/files', '/api/project/similar']) {
    for (const [query, body, field] of [
      ['id=abc', { id: 'abc' }, /^id\b/],
      ['id=0', { id: 0 }, /^id\b/],
      ['id=1.5', { id: 1.5 }, /^id\b/],
      ['id=3000000000', { id: 3_000_000_000 }, /^id\b/],
      ['', {}, /^id is required$/],
      ['id=1&extra=1', { id: 1, extra: 1 }, /^extra is not allowed$/],
    ] as const) {
      const viaGet = await app.inject(`${url}?${query}`);
      t.equal(viaGet.statusCode, 400, `GET ${url}?${query}`);
      t.match(viaGet.json().message, field);
      const viaPost = await post(app, url, body);
      t.equal(viaPost.statusCode, 400, `POST ${url} ${JSON.stringify(body)}`);
      t.match(viaPost.json().message, field);
    }
  }
  for (const path of ['Spain', 'spain/../etc', 'a/b/c/d', 'spain//alicante']) {
    const res = await app.inject(`/api/geo-url?path=${encodeURIComponent(path)}`);
    t.equal(res.statusCode, 400, `geo-url ${path}`);
    t.match(res.json().message, /^path\b/);
  }
});
