// The property page's JSON-LD (src/shared/structured-data.ts): the listing with
// its residence, Offer and GeoCoordinates, the breadcrumbs, and text that stays
// inside its <script> whatever a listing says.
import t from 'tap';
import { jsonForScript, listingStructuredData, lowestAvailablePrice, type ListingInput } from '../../src/shared/structured-data.ts';
import type { ProjectDetail, UnitRow } from '../../src/shared/catalogue.ts';

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
    descriptions: { en: 'Sea views.' },
    delivery_date: '2027-03',
    images: [
      { url: '/media/demo/p42-apartment-1.svg', caption: null, floorplan: false },
      { url: 'https://cdn.example/plan.png', caption: 'Plan', floorplan: true },
    ],
    updated_at: '2026-10-01T00:00:00.000Z',
    description: 'Sea views.',
    amenities: ['Pool'],
    categories: [{ id: 1, key: 'apartment' }],
    units_total: 3,
    listed_at: '2026-09-01T00:00:00.000Z',
    ...overrides,
  };
}

function unit(id: number, price: number, status: UnitRow['status']): UnitRow {
  return {
    id, ref: null, category: { id: 1, key: 'apartment' }, bedrooms: 2, bathrooms: 2, built_area: 90, plot_area: null,
    terrace_area: null, solarium_area: null, garden_area: null, floor: null, price, status,
  };
}

function input(p: ProjectDetail, units: UnitRow[]): ListingInput {
  return {
    project: p,
    units,
    origin: 'https://www.example.com',
    paths: { home: '/', search: '/search', region: '/search/spain/alicante', town: '/search/spain/alicante/torrevieja', page: `/for-sale/${p.id}` },
    labels: { home: 'Home', search: 'Find a home' },
  };
}

t.test('the listing, its residence and offer, and the breadcrumbs', async (t) => {
  const units = [unit(1, 150000, 'sold'), unit(2, 199000, 'available'), unit(3, 349000, 'available')];
  const data = listingStructuredData(input(project(), units)) as { '@context': string; '@graph': Array<Record<string, any>> };
  t.equal(data['@context'], 'https://schema.org');
  const [listing, crumbs] = data['@graph'];
  t.same(listing, {
    '@type': 'RealEstateListing',
    name: 'Mar Azul',
    url: 'https://www.example.com/for-sale/42',
    datePosted: '2026-09-01T00:00:00.000Z',
    image: ['https://www.example.com/media/demo/p42-apartment-1.svg', 'https://cdn.example/plan.png'],
    description: 'Sea views.',
    about: {
      '@type': 'Apartment',
      name: 'Mar Azul',
      address: { '@type': 'PostalAddress', streetAddress: 'La Mata', addressLocality: 'Torrevieja', addressRegion: 'Alicante', addressCountry: 'Spain' },
      geo: { '@type': 'GeoCoordinates', latitude: 37.98, longitude: -0.68 },
    },
    offers: { '@type': 'Offer', url: 'https://www.example.com/for-sale/42', priceCurrency: 'EUR', price: 199000, availability: 'https://schema.org/InStock' },
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
  const p = project({ location: { ...project().location, lat: null, lng: null, detail: null }, images: [], description: '', price: null, category: { id: 2, key: 'villa' } });
  const [listing] = (listingStructuredData(input(p, [unit(1, 300000, 'sold')])) as { '@graph': Array<Record<string, any>> })['@graph'];
  t.notOk('image' in listing!, 'no image');
  t.notOk('description' in listing!, 'no description');
  t.notOk('geo' in listing!.about, 'no coordinates');
  t.notOk('streetAddress' in listing!.about.address);
  t.equal(listing!.about['@type'], 'SingleFamilyResidence', 'a villa is a house');
  t.same(listing!.offers, { '@type': 'Offer', url: 'https://www.example.com/for-sale/42', priceCurrency: 'EUR', availability: 'https://schema.org/SoldOut' });
});

t.test('the lowest price is of a unit on sale', async (t) => {
  t.equal(lowestAvailablePrice(project(), [unit(1, 100, 'reserved'), unit(2, 250000, 'available'), unit(3, 240000, 'available')]), 240000);
  t.equal(lowestAvailablePrice(project({ price: { min: 180000, max: 200000 } }), []), 180000, "the project's range when the units are not known");
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
    const value = listingStructuredData(input(project({ name: text, description: text }), []));
    const json = jsonForScript(value);
    t.notMatch(json, /[<>&\u2028\u2029]/, `nothing to end the script in hostile text ${i}`);
    t.same(JSON.parse(json), value, 'the same value once parsed');
    t.equal((JSON.parse(json) as { '@graph': Array<{ name: string }> })['@graph'][0]!.name, text);
  }
  t.equal(jsonForScript({ a: '<&>' }), '{"a":"\\u003c\\u0026\\u003e"}', 'escaped as \\u sequences');
});
