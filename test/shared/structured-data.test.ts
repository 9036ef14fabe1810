// The property page's JSON-LD (src/shared/structured-data.ts): the listing with
// its residence, Offer or AggregateOffer and GeoCoordinates, the breadcrumbs,
// ISO country codes, plain text whatever a feed wrote, and text that stays
// inside its <script> whatever a listing says.
import t from 'tap';
import { jsonForScript, listingStructuredData, lowestAvailablePrice, type ListingInput } from '../../src/shared/structured-data.ts';
import type { ProjectDetail, UnitRow } from '../../src/shared/catalogue.ts';
import type { JsonLdGraph as Graph } from '../helpers/html.ts';

const place = (name: string, path: string) => ({ name, slug: path.split('/').pop()!, path });

function project(overrides: Partial<ProjectDetail> = {}): ProjectDetail {
  return {
    id: 42,
    name: 'Mar Azul',
    developer: 'Solmar',
    category: { id: 1, key: 'apartment' },
    stage: 'off_plan',
    location: {
      town: place('Torrevieja', 'spain/alicante/torrevieja'),
      region: place('Alicante', 'spain/alicante'),
      country: place('Spain', 'spain'),
      detail: 'La Mata',
      lat: 37.98,
      lng: -0.68,
    },
    price: { min: 199000, max: 349000 },
    bedrooms: { min: 2, max: 3 },
    bathrooms: { min: 2, max: 2 },
    built: { min: 80, max: 120 },
    plot: null,
    units_available: 2,
    description_html: '<p>Sea views.</p>',
    description_lang: 'en',
    descriptions: { en: 'Sea views.' },
    delivery_date: '2027-03',
    images: [
      { url: '/media/images/7', caption: null, floorplan: false, photo: null },
      { url: 'https://cdn.example/plan.png', caption: 'Plan', floorplan: true, photo: null },
    ],
    updated_at: '2026-10-01T00:00:00.000Z',
    price_dropped_at: null,
    price_reduced: false,
    price_m2: null,
    description: 'Sea views.',
    amenities: ['Pool'],
    categories: [{ id: 1, key: 'apartment' }],
    units_total: 3,
    media: [],
    distances: { beach_km: null, airport: null, centre_km: null, approximate: false },
    listed_at: '2026-09-01T00:00:00.000Z',
    ...overrides,
  };
}

function unit(id: number, price: number, status: UnitRow['status']): UnitRow {
  return {
    id,
    ref: null,
    category: { id: 1, key: 'apartment' },
    bedrooms: 2,
    bathrooms: 2,
    built_area: 90,
    plot_area: null,
    terrace_area: null,
    solarium_area: null,
    garden_area: null,
    floor: null,
    price,
    status,
  };
}

function input(p: ProjectDetail, units: UnitRow[]): ListingInput {
  return {
    project: p,
    units,
    origin: 'https://www.example.com',
    paths: {
      home: '/',
      search: '/search',
      region: '/search/spain/alicante',
      town: '/search/spain/alicante/torrevieja',
      page: `/for-sale/${p.id}`,
    },
    labels: { home: 'Home', search: 'Find a home' },
  };
}

t.test('the listing, its residence and offer, and the breadcrumbs', async (t) => {
  const units = [unit(1, 150000, 'sold'), unit(2, 199000, 'available'), unit(3, 349000, 'available')];
  const data = listingStructuredData(input(project(), units)) as Graph;
  t.equal(data['@context'], 'https://schema.org');
  const [listing, crumbs] = data['@graph'];
  t.same(listing, {
    '@type': 'RealEstateListing',
    name: 'Mar Azul',
    url: 'https://www.example.com/for-sale/42',
    datePosted: '2026-09-01T00:00:00.000Z',
    image: ['https://www.example.com/media/images/7', 'https://cdn.example/plan.png'],
    description: 'Sea views.',
    about: {
      '@type': 'Apartment',
      name: 'Mar Azul',
      address: {
        '@type': 'PostalAddress',
        streetAddress: 'La Mata',
        addressLocality: 'Torrevieja',
        addressRegion: 'Alicante',
        addressCountry: 'ES',
      },
      geo: { '@type': 'GeoCoordinates', latitude: 37.98, longitude: -0.68 },
    },
    offers: {
      '@type': 'AggregateOffer',
      url: 'https://www.example.com/for-sale/42',
      priceCurrency: 'EUR',
      lowPrice: 199000,
      highPrice: 349000,
      offerCount: 2,
      availability: 'https://schema.org/InStock',
    },
  });
  t.same(crumbs, {
    '@type': 'BreadcrumbList',
    itemListElement: [
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://www.example.com/' },
      { '@type': 'ListItem', position: 2, name: 'Find a home', item: 'https://www.example.com/search' },
      { '@type': 'ListItem', position: 3, name: 'Alicante', item: 'https://www.example.com/search/spain/alicante' },
      { '@type': 'ListItem', position: 4, name: 'Torrevieja', item: 'https://www.example.com/search/spain/alicante/torrevieja' },
      { '@type': 'ListItem', position: 5, name: 'Mar Azul', item: 'https://www.example.com/for-sale/42' },
    ],
  });
});

t.test('what is unknown is left out; nothing on sale is SoldOut without a price', async (t) => {
  const p = project({
    location: { ...project().location, lat: null, lng: null, detail: null },
    images: [],
    description: '',
    price: null,
    category: { id: 2, key: 'villa' },
  });
  const [listing] = (listingStructuredData(input(p, [unit(1, 300000, 'sold')])) as Graph)['@graph'];
  t.notOk('image' in listing!, 'no image');
  t.notOk('description' in listing!, 'no description');
  t.notOk('geo' in listing!.about, 'no coordinates');
  t.notOk('streetAddress' in listing!.about.address);
  t.equal(listing!.about['@type'], 'SingleFamilyResidence', 'a villa is a house');
  t.same(listing!.offers, {
    '@type': 'Offer',
    url: 'https://www.example.com/for-sale/42',
    priceCurrency: 'EUR',
    availability: 'https://schema.org/SoldOut',
  });
});

t.test('the lowest price is of a unit on sale', async (t) => {
  t.equal(lowestAvailablePrice(project(), [unit(1, 100, 'reserved'), unit(2, 250000, 'available'), unit(3, 240000, 'available')]), 240000);
  t.equal(
    lowestAvailablePrice(project({ price: { min: 180000, max: 200000 } }), []),
    180000,
    "the project's range when the units are not known",
  );
  t.equal(lowestAvailablePrice(project({ price: null }), [unit(1, 100000, 'sold')]), null);
});

t.test('hostile listing text cannot leave the <script>, and reads back unchanged', async (t) => {
  const hostile = [
    '</script><script>alert(1)</script>',
    '</SCRIPT >',
    '<!-- <script>',
    'Tom & Jerry > "quotes" \'single\'',
    'line\u2028separator\u2029paragraph',
    ']]>',
    '\\u003c already escaped',
  ];
  for (const [i, text] of hostile.entries()) {
    const value = { '@graph': [{ name: text, description: text }] };
    const json = jsonForScript(value);
    t.notMatch(json, /[<>&\u2028\u2029]/, `nothing to end the script in hostile text ${i}`);
    t.same(JSON.parse(json), value, 'the same value once parsed');
    const listing = listingStructuredData(input(project({ name: text, description: text }), []));
    t.notMatch(jsonForScript(listing), /[<>&\u2028\u2029]/, `nor in a listing named so ${i}`);
  }
  t.equal(jsonForScript({ a: '<&>' }), '{"a":"\\u003c\\u0026\\u003e"}', 'escaped as \\u sequences');
  const plain = listingStructuredData(input(project({ name: 'Tom & Jerry > "quotes"', description: 'a < b' }), []));
  const [listing] = (plain as Graph)['@graph'];
  t.equal(listing!.name, 'Tom & Jerry > "quotes"', 'text that is not HTML reads back unchanged');
  t.equal(listing!.description, 'a < b');
});

const listingOf = (p: ProjectDetail, units: UnitRow[]) => (listingStructuredData(input(p, units)) as Graph)['@graph'][0]!;

t.test('several prices on sale are an AggregateOffer; one price stays an Offer', async (t) => {
  const range = listingOf(project(), [
    unit(1, 210000, 'available'),
    unit(2, 199000, 'available'),
    unit(3, 349000, 'available'),
    unit(4, 100000, 'sold'),
  ]);
  t.same(
    range.offers,
    {
      '@type': 'AggregateOffer',
      url: 'https://www.example.com/for-sale/42',
      priceCurrency: 'EUR',
      lowPrice: 199000,
      highPrice: 349000,
      offerCount: 3,
      availability: 'https://schema.org/InStock',
    },
    'lowest and highest price on sale, the units on sale counted, sold units left out',
  );
  t.notOk('price' in range.offers, 'an AggregateOffer has no single price');

  const same = listingOf(project(), [unit(1, 250000, 'available'), unit(2, 250000, 'available'), unit(3, 100000, 'sold')]);
  t.same(
    same.offers,
    {
      '@type': 'Offer',
      url: 'https://www.example.com/for-sale/42',
      priceCurrency: 'EUR',
      price: 250000,
      availability: 'https://schema.org/InStock',
    },
    'units on sale at one price: an Offer',
  );
  const one = listingOf(project(), [unit(1, 260000, 'available'), unit(2, 199000, 'reserved')]);
  t.same([one.offers['@type'], one.offers.price], ['Offer', 260000], 'one unit on sale: an Offer');

  const noUnits = listingOf(project({ price: { min: 180000, max: 240000 }, units_available: 4 }), []);
  t.match(
    noUnits.offers,
    { '@type': 'AggregateOffer', lowPrice: 180000, highPrice: 240000, offerCount: 4 },
    "units not known: the project's range",
  );
  const soldOut = listingOf(project(), [unit(1, 199000, 'sold'), unit(2, 349000, 'reserved')]);
  t.same(
    soldOut.offers,
    { '@type': 'Offer', url: 'https://www.example.com/for-sale/42', priceCurrency: 'EUR', availability: 'https://schema.org/SoldOut' },
    'nothing on sale: SoldOut, without a price',
  );

  // Google's rules: priceCurrency always; Offer with price, AggregateOffer with lowPrice ≤ highPrice, numbers not text.
  for (const offers of [range.offers, same.offers, one.offers, noUnits.offers]) {
    t.equal(offers.priceCurrency, 'EUR');
    t.match(offers.availability, /^https:\/\/schema\.org\/(InStock|SoldOut)$/);
    if (offers['@type'] === 'Offer') t.type(offers.price, 'number');
    else
      t.ok(
        typeof offers.lowPrice === 'number' &&
          typeof offers.highPrice === 'number' &&
          offers.lowPrice < offers.highPrice &&
          Number.isInteger(offers.offerCount),
      );
  }
});

t.test('addressCountry is the ISO 3166-1 alpha-2 code, or left out', async (t) => {
  const at = (name: string, slug: string) =>
    listingOf(project({ location: { ...project().location, country: { name, slug, path: slug } } }), []).about.address;
  t.equal(at('Spain', 'spain').addressCountry, 'ES');
  t.equal(at('España', 'espana').addressCountry, 'ES', 'in its own language');
  t.equal(at('Portugal', 'portugal').addressCountry, 'PT');
  t.equal(at('Türkiye', 'turkiye').addressCountry, 'TR');
  const unknown = at('Atlantis', 'atlantis');
  t.notOk('addressCountry' in unknown, 'an unknown country is left out, not invented');
  t.equal(unknown.addressLocality, 'Torrevieja', 'the rest of the address stays');
});

t.test('names and descriptions are plain text: no tag, no entity', async (t) => {
  const p = project({
    name: 'Residencial <b>Mar</b> &amp; Sol',
    description:
      '<![CDATA[<p>Sea&nbsp;views &amp; a <strong>pool</strong>.</p><p>Caf&#233; &lt;script&gt;alert(1)&lt;/script&gt; nearby &#x20AC;&hellip;</p>&amp;lt;br&amp;gt;&amp;amp;]]>',
    location: {
      ...project().location,
      town: place('Torrevieja &amp; <i>La Mata</i>', 'spain/alicante/torrevieja'),
      detail: '<span>Playa</span>',
    },
  });
  const data = listingStructuredData(input(p, []));
  const listing = (data as Graph)['@graph'][0]!;
  t.equal(listing.name, 'Residencial Mar & Sol');
  t.equal(listing.about.name, 'Residencial Mar & Sol');
  t.equal(
    listing.description,
    'Sea views & a pool.\nCafé alert(1) nearby €\n\n&',
    'tags out, entities decoded, twice-escaped text too; an unknown named entity dropped',
  );
  t.equal(listing.about.address.addressLocality, 'Torrevieja & La Mata');
  t.equal(listing.about.address.streetAddress, 'Playa');
  const crumbs = (data as Graph)['@graph'][1]!.itemListElement as Array<{ name: string }>;
  t.same(
    crumbs.slice(3).map((c) => c.name),
    ['Torrevieja & La Mata', 'Residencial Mar & Sol'],
  );
  const all = JSON.stringify(data);
  t.notMatch(all, /<\/?[a-z!][^>]*>/i, 'no tag anywhere');
  t.notMatch(all, /&(?:[a-z]+|#\d+|#x[0-9a-f]+);/i, 'no entity anywhere');
});
