// The property components for issue 9, rendered on their own with a
// ProjectDetail: unknown measures left out or shown as 'Not given', a resale's
// stage and no delivery date, and the description's rich text as markup only
// when it holds nothing but the allow-list.
import t from 'tap';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { Router } from 'wouter';
import type { ProjectDetail, UnitRow } from '../../../src/shared/catalogue.ts';
import { SectionProvider } from '../../../src/client/lib/section.tsx';
import { ProjectCard } from '../../../src/client/components/ProjectCard.tsx';
import { KeyFacts } from '../../../src/client/components/property/KeyFacts.tsx';
import { projectFacts } from '../../../src/client/components/property/facts.ts';
import { UnitsTable } from '../../../src/client/components/property/UnitsTable.tsx';
import { ProjectDetails } from '../../../src/client/components/property/ProjectDetails.tsx';
import { ProjectLocation } from '../../../src/client/components/property/ProjectLocation.tsx';
import { Description, richDescription } from '../../../src/client/components/property/Description.tsx';
import { isAllowListed } from '../../../src/shared/rich-text.ts';
import { knownRange } from '../../../src/shared/format.ts';

const place = (name: string, path: string) => ({ name, slug: path.split('/').pop()!, path });

const PROJECT: ProjectDetail = {
  id: 41,
  name: 'Apartment in Torrevieja',
  developer: null,
  category: { id: 1, key: 'apartment' },
  stage: 'key_ready',
  location: {
    town: place('Torrevieja', 'spain/alicante/torrevieja'),
    region: place('Alicante', 'spain/alicante'),
    country: place('Spain', 'spain'),
    detail: null,
    lat: null,
    lng: null,
  },
  price: { min: 165000, max: 165000 },
  bedrooms: null,
  bathrooms: null,
  built: null,
  plot: null,
  units_available: 1,
  delivery_date: '2027-03',
  images: [],
  updated_at: '2025-06-01T00:00:00.000Z',
  price_dropped_at: null,
  price_reduced: false,
  price_m2: null,
  description: 'A bright flat.\n\nNear the beach.',
  description_html: '',
  description_lang: 'en',
  descriptions: { en: 'A bright flat.\n\nNear the beach.' },
  amenities: [],
  categories: [{ id: 1, key: 'apartment' }],
  units_total: 1,
  media: [],
  distances: { beach_km: null, airport: null, centre_km: null, approximate: false },
  listed_at: '2025-06-01T00:00:00.000Z',
};

const UNIT: UnitRow = {
  id: 9,
  ref: 'TV-1',
  category: { id: 1, key: 'apartment' },
  bedrooms: null,
  bathrooms: null,
  built_area: null,
  plot_area: null,
  terrace_area: null,
  solarium_area: null,
  garden_area: null,
  floor: null,
  price: 165000,
  status: 'available',
};

function render(node: ReactNode): string {
  return renderToString(
    <Router ssrPath="/search" ssrSearch="">
      <SectionProvider value={{ section: 'main', partnerSlug: null, hostPartner: null }}>{node}</SectionProvider>
    </Router>,
  );
}

const ZERO = /(?<![\d.])0 m²|(Bedrooms|Bathrooms|Built area): 0(?!\d)|<td>0<\/td>|<dd>0<\/dd>/;

t.test('a card leaves out what is unknown, also a range with an unknown counted in it', async (t) => {
  for (const [label, project] of [
    ['null ranges', PROJECT],
    ['ranges of 0', { ...PROJECT, bedrooms: { min: 0, max: 0 }, bathrooms: { min: 0, max: 0 }, built: { min: 0, max: 0 } }],
    ['ranges from 0', { ...PROJECT, bedrooms: { min: 0, max: 3 }, bathrooms: { min: 0, max: 2 }, built: { min: 0, max: 90 } }],
  ] as const) {
    const html = render(<ProjectCard project={project} />);
    t.notMatch(html, ZERO, `${label}: no zero`);
    t.notMatch(html, /<li[^>]* title="(Bedrooms|Bathrooms|Built area)">/, `${label}: no measure facts`);
  }
  const known = render(<ProjectCard project={{ ...PROJECT, bedrooms: { min: 2, max: 3 }, built: { min: 70, max: 95 } }} />);
  t.match(known, /<li[^>]* title="Bedrooms">.*2 - 3<\/li>/, 'a known range shows');
  t.match(known, /70 - 95 m²/);
  t.same(knownRange({ min: 0, max: 3 }), null);
  t.same(knownRange({ min: 1, max: 3 }), { min: 1, max: 3 });
});

t.test('key facts leave out unknown measures', async (t) => {
  const units = [UNIT, { ...UNIT, id: 10, bedrooms: 2, built_area: 0 }];
  const facts = projectFacts(PROJECT, units);
  t.same(
    facts.map((f) => f.key),
    ['category', 'status', 'bedrooms'],
    'only what is known',
  );
  t.equal(facts.find((f) => f.key === 'bedrooms')?.value, '2', 'the unknown left out of the range');
  t.notMatch(render(<KeyFacts project={PROJECT} units={[UNIT]} />), ZERO);
});

t.test("the units table shows an unknown cell as an en dash read as 'Not given'", async (t) => {
  const html = render(
    <UnitsTable
      units={[UNIT, { ...UNIT, id: 10, bedrooms: 0, bathrooms: 0, built_area: 0 }]}
      name={PROJECT.name}
      region="alicante"
      costsPage="/buying-costs"
    />,
  );
  t.notMatch(html, ZERO);
  const row = /<tr class="units-table__row[^"]*">([\s\S]*?)<\/tr>/.exec(html)?.[1] ?? '';
  const cell = '<span aria-hidden="true">–</span><span class="visually-hidden">Not given</span>';
  t.equal(row.split(cell).length - 1, 4, 'beds, baths, areas and floor');
  // Each cell also carries its column's name for the narrow layout (shown by CSS; screen readers have the header cells).
  t.match(
    render(<UnitsTable units={[{ ...UNIT, bedrooms: 3, bathrooms: 2 }]} name="x" region="alicante" costsPage="/buying-costs" />),
    /<td class="units-table__beds" data-label="Beds">3<\/td><td class="units-table__baths" data-label="Baths">2<\/td>/,
    'known counts as they are',
  );
});

t.test('each available home of a Spanish region links to its buying costs', async (t) => {
  const units = [
    { ...UNIT, id: 1, price: 245_000, status: 'available' as const },
    { ...UNIT, id: 2, price: 260_000, status: 'sold' as const },
    { ...UNIT, id: 3, price: 0, status: 'available' as const },
  ];
  const html = render(<UnitsTable units={units} name="x" region="malaga" costsPage="/acme/buying-costs" />);
  const links = [...html.matchAll(/<a class="units-table__costs" href="([^"]+)" aria-label="([^"]+)">Buying costs<\/a>/g)];
  t.same(
    links.map((m) => [m[1], m[2]]),
    [['/acme/buying-costs?price=245000&amp;community=andalucia', 'Buying costs of this home at € 245.000']],
    'the available, priced home only, in its community',
  );
  const abroad = render(<UnitsTable units={units} name="x" region="algarve" costsPage="/buying-costs" />);
  t.notMatch(abroad, /units-table__costs/, 'no link where the region is not a Spanish one');
});

t.test('a resale says Resale and has no delivery date', async (t) => {
  const resale: ProjectDetail = { ...PROJECT, stage: 'resale' };
  t.match(render(<ProjectCard project={resale} />), /<span class="project-card__tag">Resale<\/span>/);
  t.equal(projectFacts(resale, [UNIT]).find((f) => f.key === 'status')?.value, 'Resale');
  const details = render(<ProjectDetails project={resale} />);
  t.notMatch(details, /Delivery|March 2027/, 'no delivery');
  t.match(render(<ProjectDetails project={PROJECT} />), /<dt>Delivery<\/dt><dd>March 2027<\/dd>/, 'a new-build project keeps its delivery');
});

t.test('the description: rich text as markup, else plain paragraphs', async (t) => {
  const rich = {
    ...PROJECT,
    description_html: '<p>A <strong>bright</strong> flat.</p><ul><li>Pool</li><li>Garden</li></ul><p>Line<br />break</p>',
  };
  const html = render(<Description project={rich} />);
  t.match(
    html,
    /<div class="property-description__body"><p>A <strong>bright<\/strong> flat.<\/p><ul><li>Pool<\/li><li>Garden<\/li><\/ul>/,
    'a list as a list',
  );
  t.notMatch(html, /&lt;/, 'no escaped tags');

  const plain = render(<Description project={PROJECT} />);
  t.match(plain, /<p>A bright flat.<\/p><p>Near the beach.<\/p>/, 'plain text in paragraphs');

  for (const hostile of [
    '<p onclick="x()">Hi</p>',
    '<script>alert(1)</script>',
    '<a href="https://evil.example">x</a>',
    '<p>a</p><!-- x -->',
    '<img src=x onerror=alert(1)>',
    '<P CLASS=x>',
  ]) {
    t.equal(richDescription({ description_html: hostile }), null, `${hostile}: not rendered as markup`);
    t.notMatch(
      render(<Description project={{ ...PROJECT, description_html: hostile }} />),
      /<script|onclick|<a |<img|<!--/,
      `${hostile}: falls back to the plain text`,
    );
  }
});

t.test('the allow-list check', async (t) => {
  for (const ok of [
    '',
    'text only &amp; entities',
    '<p>a</p>',
    '<br>',
    '<br/>',
    '<br />',
    '<OL><LI>x</LI></OL>',
    '<b>x</b><i>y</i><em>z</em>',
    '3 &lt; 4 > 2',
  ])
    t.ok(isAllowListed(ok), `${JSON.stringify(ok)} admitted`);
  for (const bad of ['<p class="x">', '<span>', '<div>', '< p>', '<pre>', '<brx>', '<b style="">', '<!---->', '<style>', '<iframe>'])
    t.notOk(isAllowListed(bad), `${JSON.stringify(bad)} refused`);
});

t.test('the location says when its position is only approximate (issue 23)', async (t) => {
  const note = /<p class="project-location__note">The position on the map is approximate/;
  t.notMatch(render(<ProjectLocation project={PROJECT} />), note, 'a precise one says nothing');
  t.match(render(<ProjectLocation project={{ ...PROJECT, distances: { ...PROJECT.distances, approximate: true } }} />), note);
});
