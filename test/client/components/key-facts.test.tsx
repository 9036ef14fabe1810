// Key facts (issue 10): ranges over every unit not sold, available and
// reserved, saying when reserved units count in a value; no empty value.
import t from 'tap';
import { renderToString } from 'react-dom/server';
import type { ProjectDetail, UnitRow } from '../../../src/shared/catalogue.ts';
import { KeyFacts } from '../../../src/client/components/property/KeyFacts.tsx';
import { projectFacts } from '../../../src/client/components/property/facts.ts';

const place = (name: string, path: string) => ({ name, slug: path.split('/').pop()!, path });

const PROJECT: ProjectDetail = {
  id: 41,
  name: 'Mirador del Mar',
  developer: null,
  category: { id: 1, key: 'apartment' },
  stage: 'under_construction',
  location: {
    town: place('Torrevieja', 'spain/alicante/torrevieja'),
    region: place('Alicante', 'spain/alicante'),
    country: place('Spain', 'spain'),
    detail: null,
    lat: null,
    lng: null,
  },
  price: { min: 180000, max: 450000 },
  bedrooms: null,
  bathrooms: null,
  built: null,
  plot: null,
  units_available: 2,
  delivery_date: '2027-03',
  images: [],
  updated_at: '2025-06-01T00:00:00.000Z',
  price_dropped_at: null,
  price_reduced: false,
  price_m2: null,
  description: '',
  description_html: '',
  description_lang: 'en',
  descriptions: {},
  amenities: [],
  categories: [{ id: 1, key: 'apartment' }],
  units_total: 4,
  media: [],
  distances: { beach_km: null, airport: null, centre_km: null, approximate: false },
  listed_at: '2025-06-01T00:00:00.000Z',
};

const unit = (id: number, status: UnitRow['status'], fields: Partial<UnitRow>): UnitRow => ({
  id,
  ref: `MM-${id}`,
  category: { id: 1, key: 'apartment' },
  bedrooms: 2,
  bathrooms: 2,
  built_area: 80,
  plot_area: null,
  terrace_area: 12,
  solarium_area: null,
  garden_area: null,
  floor: null,
  price: 180000,
  status,
  ...fields,
});

/** The facts as a visitor reads them: "label: value". */
const read = (html: string) =>
  [...html.matchAll(/<dt>([^<]*)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map(
    (m) => `${m[1]}: ${m[2]!.replace(/<[^>]+>/g, '').replace(/<!-- -->/g, '')}`,
  );

t.test("a reserved penthouse's solarium counts, and says it is reserved", async (t) => {
  const units = [
    unit(1, 'available', { built_area: 75, terrace_area: 10 }),
    unit(2, 'available', { built_area: 82, terrace_area: 14 }),
    unit(3, 'reserved', { bedrooms: 3, built_area: 120, terrace_area: 14, solarium_area: 35, price: 450000 }),
    unit(4, 'sold', { bedrooms: 4, built_area: 160, solarium_area: 60, garden_area: 90 }),
  ];
  const html = renderToString(<KeyFacts project={PROJECT} units={units} />);
  t.same(
    read(html),
    [
      'Category: Apartment',
      'Status: Under construction',
      'Built area: 75 - 120 m² (incl. reserved)',
      'Terrace: 10 - 14 m²',
      'Solarium: 35 m² (reserved only)',
      'Bathrooms: 2',
      'Bedrooms: 2 - 3 (incl. reserved)',
    ],
    'the sold unit left out (no garden, no 4 bedrooms); a value reserved units widen or alone have is labelled; one reserved like the rest says nothing',
  );
  t.notMatch(html, /<dd>\s*<\/dd>|<dd><span/, 'no empty value');
  t.equal([...html.matchAll(/<div class="key-facts__item/g)].length, 7, 'one cell per fact');

  const facts = projectFacts(PROJECT, units);
  t.same(
    facts.find((f) => f.key === 'solarium'),
    { key: 'solarium', label: 'Solarium', value: '35 m²', note: 'reserved only' },
  );
  t.notOk('note' in facts.find((f) => f.key === 'terrace')!, 'no note where reserved units change nothing');
});

t.test('only reserved units left, or all sold', async (t) => {
  const reservedOnly = [unit(1, 'reserved', { solarium_area: 20 }), unit(2, 'sold', { solarium_area: 50 })];
  t.same(read(renderToString(<KeyFacts project={PROJECT} units={reservedOnly} />)).slice(2), [
    'Built area: 80 m² (reserved only)',
    'Terrace: 12 m² (reserved only)',
    'Solarium: 20 m² (reserved only)',
    'Bathrooms: 2 (reserved only)',
    'Bedrooms: 2 (reserved only)',
  ]);
  const soldOut = [unit(1, 'sold', { solarium_area: 20 }), unit(2, 'sold', { solarium_area: 50 })];
  t.same(
    read(renderToString(<KeyFacts project={PROJECT} units={soldOut} />)).slice(2),
    ['Built area: 80 m²', 'Terrace: 12 m²', 'Solarium: 20 - 50 m²', 'Bathrooms: 2', 'Bedrooms: 2'],
    'a sold-out project still says what it was, with no note',
  );
});

t.test('the price per m², when the store knows it (issue 22)', async (t) => {
  const units = [unit(1, 'available', {})];
  t.same(read(renderToString(<KeyFacts project={{ ...PROJECT, price_m2: 2350 }} units={units} />)).at(-1), 'Price per m²: from € 2.350/m²');
  t.notOk(
    read(renderToString(<KeyFacts project={PROJECT} units={units} />)).some((fact) => fact.startsWith('Price per m²')),
    'unknown: left out',
  );
});

t.test('the beach and the airport, in a straight line, from an approximate position when it is (issue 23)', async (t) => {
  const units = [unit(1, 'available', { built_area: 80 })];
  const distances = { beach_km: 0.4, airport: { code: 'ALC', name: 'Alicante', km: 35 }, centre_km: 2.1, approximate: false };
  const facts = projectFacts({ ...PROJECT, distances }, units);
  t.match(
    facts.find((f) => f.key === 'beach'),
    { label: 'Beach', value: '0.4 km', note: 'straight line' },
  );
  t.match(
    facts.find((f) => f.key === 'airport'),
    { label: 'Airport', value: 'Alicante, 35 km', note: 'straight line' },
  );
  t.match(
    facts.find((f) => f.key === 'centre'),
    { label: 'Town centre', value: '2.1 km', note: 'straight line' },
  );
  const rough = projectFacts({ ...PROJECT, distances: { ...distances, beach_km: 12.3, approximate: true } }, units);
  t.match(
    rough.find((f) => f.key === 'beach'),
    { value: '12 km', note: 'straight line, from an approximate position' },
  );
  t.notOk(
    projectFacts(PROJECT, units).some((f) => f.key === 'beach' || f.key === 'airport'),
    'unknown: not stated',
  );
});
