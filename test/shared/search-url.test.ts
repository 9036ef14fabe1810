// The search's URLs: readable and legacy URLs → filters → the readable URL and
// the API's GET query, which the API reads back into the same search.
import t from 'tap';
import { create } from 'superstruct';
import {
  DEFAULT_SEARCH,
  cleanGeo,
  hasFilters,
  parseSearchUrl,
  searchHref,
  searchNeeds,
  searchToQuery,
  searchUrlFormOf,
  type SearchFilters,
} from '../../src/shared/search-url.ts';
import { searchFromQuery } from '../../src/server/api/catalogue-reads.ts';
import { PropertySearch } from '../../src/shared/catalogue.ts';
import { matchCandidates, dataNeeds, dataKey } from '../../src/shared/match.ts';
// The search routes' reads, as the server and the search page's code provide them.
import '../../src/shared/search-reads.ts';
import { HttpError, Redirect } from '../../src/shared/errors.ts';
import { PRICE_UPPER_BOUND } from '../../src/shared/constants.ts';

/** Filters from a page URL, through the route table as the server and the browser read it. */
function filtersOf(url: string): SearchFilters {
  const [path = '/', query = ''] = url.split('?');
  const match = matchCandidates(path).find((m) => m.route.page === 'search');
  if (!match) throw new Error(`${path} is no search route`);
  return parseSearchUrl(match.params, query, searchUrlFormOf(match.route.name));
}

/** What the API makes of a GET query: the same conversion and struct as GET /api/properties. */
function apiReads(query: string) {
  const record: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(query)) record[k] = k in record ? [record[k]!, v].flat() : v;
  return create(searchFromQuery(record), PropertySearch);
}

const full: SearchFilters = {
  cat: [1, 12, 150],
  esGeo: { country: 'spain', region: 'alicante', town: 'torrevieja' },
  bedrooms: 2,
  bathrooms: 1,
  pricefrom: 100_000,
  priceto: 400_000,
  sort: 'price_asc',
  page: 3,
  view: 'list',
  bbox: '-0.9,37.8,-0.5,38.1',
  features: ['pool', 'sea-view', 'lift'],
  stage: ['under_construction', 'key_ready'],
  delivery: '2027',
  builtfrom: 80,
  beach: 5,
};

t.test('a readable URL: the place in the path, the rest in a fixed order, defaults left out', async (t) => {
  t.equal(
    searchHref('/search', full),
    '/search/spain/alicante/torrevieja?cat=1,12,150&bedrooms=2&bathrooms=1&pricefrom=100000&priceto=400000&builtfrom=80&beach=5&features=pool,sea-view,lift&stage=under_construction,key_ready&delivery=2027&sort=price_asc&bbox=-0.9,37.8,-0.5,38.1&view=list&page=3',
  );
  t.equal(searchHref('/search', DEFAULT_SEARCH), '/search');
  t.equal(searchHref('/old/search', { esGeo: { country: 'spain', region: 'murcia' } }), '/old/search/spain/murcia');
  t.equal(
    searchHref('/costa-casas/search', { priceto: PRICE_UPPER_BOUND, bedrooms: 0, page: 1, view: 'grid' }),
    '/costa-casas/search',
    'the price bound is no upper limit',
  );
  t.equal(searchHref('/search', { esGeo: { region: 'alicante' } }), '/search', 'a region without its country is no path');
});

t.test('URL → filters → URL is the identity for every readable URL the site writes', async (t) => {
  const samples: Array<Partial<SearchFilters>> = [
    {},
    full,
    { esGeo: { country: 'portugal' } },
    { cat: [7], sort: 'price_desc' },
    { pricefrom: 0, priceto: 0 },
    { pricefrom: PRICE_UPPER_BOUND },
    { bedrooms: 10, bathrooms: 10, view: 'map' },
    { page: 10_000 },
    { features: ['private-pool', 'near-beach'], delivery: 'now' },
    { stage: ['off_plan'], builtfrom: 2000 },
  ];
  for (const sample of samples) {
    const href = searchHref('/search', sample);
    t.same(filtersOf(href), { ...DEFAULT_SEARCH, ...sample }, href);
    t.equal(searchHref('/search', filtersOf(href)), href, `${href} is its own canonical form`);
  }
});

t.test("searchToQuery is the reverse of the API's searchFromQuery", async (t) => {
  t.equal(
    searchToQuery(full, { partner: 'costa-casas' }),
    'account_id=1&cat=1,12,150&country=spain&region=alicante&town=torrevieja&bedrooms=2&bathrooms=1&pricefrom=100000&priceto=400000&builtfrom=80&beach=5&features=pool,sea-view,lift&stage=under_construction,key_ready&delivery=2027&sort=price_asc&bbox=-0.9,37.8,-0.5,38.1&page=3&per_page=12&partner=costa-casas',
  );
  const { bbox: _bbox, ...noBbox } = full;
  const samples: SearchFilters[] = [
    DEFAULT_SEARCH,
    noBbox,
    { ...DEFAULT_SEARCH, esGeo: { country: 'spain', region: 'malaga' }, pricefrom: 250_000 },
    { ...DEFAULT_SEARCH, cat: [2], bathrooms: 3, sort: 'price_desc', page: 2 },
  ];
  for (const f of samples) {
    const body = apiReads(searchToQuery(f));
    t.same(
      body,
      {
        account_id: 1,
        ...(f.cat.length ? { cat: f.cat } : {}),
        ...(f.esGeo.country ? { esGeo: f.esGeo } : {}),
        ...(f.bedrooms ? { bedrooms: f.bedrooms } : {}),
        ...(f.bathrooms ? { bathrooms: f.bathrooms } : {}),
        ...(f.pricefrom ? { pricefrom: f.pricefrom } : {}),
        priceto: f.priceto,
        ...(f.builtfrom ? { builtfrom: f.builtfrom } : {}),
        ...(f.beach ? { beach: f.beach } : {}),
        ...(f.features.length ? { features: f.features } : {}),
        ...(f.stage.length ? { stage: f.stage } : {}),
        ...(f.delivery ? { delivery: f.delivery } : {}),
        sort: f.sort,
        page: f.page,
        per_page: 12,
      },
      searchToQuery(f),
    );
  }
  t.notMatch(searchToQuery(full, { paging: false }), /page/, 'the map query has no paging');
});

t.test('hostile and malformed values are dropped, never an error', async (t) => {
  const f = filtersOf(
    '/search?cat=1,abc,-3,1,0,12&cat=99999999999999&bedrooms=11&bathrooms=-1&pricefrom=1e6&priceto=20000000' +
      '&sort=drop%20table&page=0&view=<script>&bbox=1,2,3&unknown=1',
  );
  t.same(f, { ...DEFAULT_SEARCH, cat: [1, 12] });
  t.same(
    filtersOf('/search?bedrooms=2.5&bathrooms=%20&page=10001&pricefrom=-5&bbox=10,0,5,1'),
    DEFAULT_SEARCH,
    'fractions, blanks, past the bounds, west > east',
  );
  t.same(
    filtersOf('/search?pricefrom=500000&priceto=100000'),
    { ...DEFAULT_SEARCH, pricefrom: 100_000, priceto: 500_000 },
    'a reversed range is the range meant',
  );
  t.same(filtersOf('/search?cat=' + '1,'.repeat(5000)), { ...DEFAULT_SEARCH, cat: [1] });
  t.equal(filtersOf(`/search?cat=${Array.from({ length: 40 }, (_, i) => i + 1).join(',')}`).cat.length, 30, 'at most 30 categories');
  t.same(
    filtersOf('/search/SPAIN/Alicante/'),
    { ...DEFAULT_SEARCH, esGeo: { country: 'spain', region: 'alicante' } },
    'case and a trailing slash',
  );
  t.same(
    cleanGeo({ country: 'spain', region: 'Bad_Slug', town: 'torrevieja' }),
    { country: 'spain' },
    'a level stands only under its parent',
  );
  t.same(cleanGeo('spain'), {});
  t.same(cleanGeo(null), {});
  t.same(
    filtersOf('/search?features=pool,swimming-pool,sea-view,pool&stage=resale,key_ready&delivery=1999&builtfrom=99999'),
    { ...DEFAULT_SEARCH, features: ['pool', 'sea-view'], stage: ['key_ready'] },
    "issue 22's filters: unknown words, a resale stage, a year out of range, an area past the bound",
  );
  t.same(
    filtersOf('/search?features=lift&features=pool&stage=key_ready&stage=off_plan'),
    { ...DEFAULT_SEARCH, features: ['pool', 'lift'], stage: ['off_plan', 'key_ready'] },
    'repeated fields, in the vocabulary order',
  );
});

t.test('a place path that cannot name a place is 404; a well-formed one is read from geo-url', async (t) => {
  for (const path of ['/search/spain/alicante/torrevieja/beach', '/search/bad_slug', '/search/spain/%20', '/costa-casas/search/a/b/c/d']) {
    const match = matchCandidates(path).find((m) => m.route.page === 'search')!;
    t.throws(() => dataNeeds(match, ''), HttpError, path);
  }
  const match = matchCandidates('/costa-casas/search/spain/alicante').find((m) => m.route.page === 'search')!;
  const keys = dataNeeds(match, '?bedrooms=2&page=2').map(dataKey);
  t.same(keys, [
    '/api/properties?account_id=1&bedrooms=2&country=spain&page=2&partner=costa-casas&per_page=12&region=alicante',
    '/api/geo-url?partner=costa-casas&path=spain%2Falicante',
  ]);
});

t.test("a GET form's place fields move (301) to the readable URL of the same search", async (t) => {
  const redirect = (url: string) => {
    const [path = '/', query = ''] = url.split('?');
    const match = matchCandidates(path).find((m) => m.route.page === 'search')!;
    try {
      dataNeeds(match, `?${query}`);
    } catch (error) {
      if (error instanceof Redirect) return `${error.statusCode} ${error.location}`;
      throw error;
    }
    return null;
  };
  t.equal(
    redirect('/search?cat=1&country=spain&region=alicante&town=torrevieja&bedrooms=0&pricefrom=&priceto=10000000&sort=newest'),
    '301 /search/spain/alicante/torrevieja?cat=1',
  );
  t.equal(redirect('/old/search?country=&region=&town='), '301 /old/search', 'empty fields: anywhere');
  t.equal(redirect('/costa-casas/search/spain?country=portugal'), '301 /costa-casas/search/portugal', 'the form wins over the path');
  t.equal(redirect('/search?region=alicante&town=torrevieja'), '301 /search', 'a region without its country names nothing');
  t.equal(
    redirect('/search?country=&region=&town=spain/alicante/torrevieja'),
    '301 /search/spain/alicante/torrevieja',
    'a place path in one field',
  );
  t.equal(redirect('/search?country=spain&region=spain/murcia&town=los-alcazares'), '301 /search/spain/murcia/los-alcazares');
  t.equal(redirect('/search?esGeo[country]=spain&esGeo.region=malaga'), '301 /search/spain/malaga', "the API's own spellings");
  t.equal(redirect('/search?country=../../etc&region=x'), '301 /search');
  t.equal(redirect('/search/spain?bedrooms=2'), null, 'no place fields: no redirect');
});

t.test('legacy bbbbbbbbb_type URLs: types, then the place path', async (t) => {
  t.same(filtersOf('/search/bbbbbbbbb_type/old_'), DEFAULT_SEARCH, 'old_ is every type, everywhere');
  t.same(filtersOf('/old/search/bbbbbbbbb_type/old_/spain/malaga'), { ...DEFAULT_SEARCH, esGeo: { country: 'spain', region: 'malaga' } });
  t.same(filtersOf('/search/bbbbbbbbb_type/apartment,villa/spain/alicante'), {
    ...DEFAULT_SEARCH,
    cat: [1, 2],
    esGeo: { country: 'spain', region: 'alicante' },
  });
  t.same(filtersOf('/costa-casas/search/bbbbbbbbb_type/penthouse+1?bedrooms=3'), { ...DEFAULT_SEARCH, cat: [1, 12], bedrooms: 3 });
  t.same(
    filtersOf('/search/bbbbbbbbb_type/spain/alicante'),
    { ...DEFAULT_SEARCH, esGeo: { country: 'spain', region: 'alicante' } },
    'no types: the path is the place',
  );
  t.same(filtersOf('/search/bbbbbbbbb_type/villa?cat=7'), { ...DEFAULT_SEARCH, cat: [7] }, 'the query wins over the path');
  t.equal(
    searchHref('/search', filtersOf('/search/bbbbbbbbb_type/semi-detached/spain')),
    '/search/spain?cat=6',
    'the canonical readable form',
  );
});

t.test('hasFilters: the filters SPEC §3 keeps, not sort, view or page', async (t) => {
  t.notOk(hasFilters({ ...DEFAULT_SEARCH, ...{ sort: 'price_asc', view: 'map', page: 4 } }));
  for (const f of [
    { cat: [1] },
    { esGeo: { country: 'spain' } },
    { bedrooms: 1 },
    { bathrooms: 1 },
    { pricefrom: 1 },
    { priceto: 1 },
    { bbox: '0,0,1,1' },
  ])
    t.ok(hasFilters({ ...DEFAULT_SEARCH, ...f }), JSON.stringify(f));
});

t.test('searchNeeds reads the results and the place tree', async (t) => {
  t.same(searchNeeds('', 'readable', {}, new URLSearchParams()), [
    { endpoint: '/api/properties', query: { account_id: '1', per_page: '12' } },
    { endpoint: '/api/geo-url', query: {} },
  ]);
});
