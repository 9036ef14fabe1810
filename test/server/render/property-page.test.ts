// The property page as the server renders it (issue 4): the labelled facts
// from the units, the units table, the files locked with the register link,
// the JSON-LD, the similar projects' links, the partner's card on its site,
// and the 404s and redirects of the route. The expectations come from the
// API's answers for the same project (the demo catalogue), not from the page.
import t from 'tap';
import type { FastifyInstance } from 'fastify';
import { testApp } from '../../helpers/app.ts';
import { stateOf, textOf, type JsonLdGraph } from '../../helpers/html.ts';
import { formatPrice, formatRange } from '../../../src/shared/format.ts';
import type { FilesAnswer, ProjectCard, ProjectDetail, UnitRow } from '../../../src/shared/catalogue.ts';
import { categoryLabel } from '../../../src/shared/category-label.ts';
import { t as msg } from '../../../src/shared/i18n.ts';

/** `text` as React writes it into HTML, as a pattern. */
const inHtml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c]!)
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface Project {
  detail: ProjectDetail;
  units: UnitRow[];
  files: FilesAnswer;
  similar: ProjectCard[];
}

async function apiOf(app: FastifyInstance, id: number): Promise<Project> {
  const get = async (path: string) => (await app.inject(`${path}?id=${id}`)).json();
  return {
    detail: (await get('/api/property')).data,
    units: (await get('/api/project/units')).data,
    files: await get('/api/project/files'),
    similar: (await get('/api/project/similar')).data,
  };
}

/** A demo project with files, several units and similar projects. */
async function richProject(app: FastifyInstance): Promise<Project> {
  for (let id = 1; id < 150; id++) {
    const p = await apiOf(app, id);
    if (p.detail && p.files.data.length && p.units.length > 3 && p.similar.length && p.detail.images.length > 1 && p.detail.developer)
      return p;
  }
  throw new Error('no rich project in the demo catalogue');
}

/** The text of the <dd> after the <dt> labelled `label` (its note included), or null. */
function fact(html: string, label: string): string | null {
  const m = new RegExp(`<dt>${label}</dt><dd>(.*?)</dd>`).exec(html);
  return m
    ? m[1]!
        .replace(/<[^>]*>/g, '')
        .replace(/&#x27;/g, "'")
        .replace(/&amp;/g, '&')
    : null;
}

function jsonLdOf(html: string): JsonLdGraph {
  const m = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html);
  if (!m) throw new Error('no JSON-LD');
  return JSON.parse(m[1]!);
}

const range = (units: UnitRow[], pick: (u: UnitRow) => number | null) => {
  const values = units.map(pick).filter((v): v is number => v !== null && v > 0);
  return values.length ? { min: Math.min(...values), max: Math.max(...values) } : null;
};

t.test('the property page: facts, units, files, JSON-LD and similar projects', async (t) => {
  const app = await testApp(t);
  const p = await richProject(app);
  const res = await app.inject(`/for-sale/${p.detail.id}`);
  t.equal(res.statusCode, 200);
  const html = res.body;
  const text = textOf(html);

  t.match(html, new RegExp(`<h1[^>]*>${inHtml(p.detail.name)}</h1>`), 'the project is the heading');
  // A name that already says the town ('Villas Dénia') is the title alone (town-once.test.ts).
  const town = p.detail.location.town.name;
  const named = p.detail.name.includes(town) ? p.detail.name : `${p.detail.name}, ${town}`;
  t.match(html, new RegExp(`<title>${inHtml(`${named} | Spain New Homes`)}</title>`), 'title: name and town, the town once');
  t.match(html, /<meta name="description" content="New-build [a-z -]+ in [^"]+"/, 'a description of its own');

  // The labelled facts, ranges over the units not sold (available and reserved), with a note where the reserved ones widen them.
  const notSold = p.units.filter((u) => u.status !== 'sold');
  const onSale = p.units.filter((u) => u.status === 'available');
  const pool = notSold.length ? notSold : p.units;
  const note = (pick: (u: UnitRow) => number | null) => {
    const all = range(pool, pick);
    const some = range(onSale, pick);
    if (!all || !notSold.some((u) => u.status === 'reserved')) return '';
    if (!some) return ` (${msg('keyFactsNotes.reservedOnly')})`;
    return all.min !== some.min || all.max !== some.max ? ` (${msg('keyFactsNotes.inclReserved')})` : '';
  };
  const area = (pick: (u: UnitRow) => number | null) => {
    const r = range(pool, pick);
    return r ? `${formatRange(r)} m²${note(pick)}` : null;
  };
  t.equal(fact(html, 'Category'), categoryLabel(p.detail.category), 'category');
  t.ok(fact(html, 'Status'), 'status');
  t.equal(
    fact(html, 'Built area'),
    area((u) => u.built_area),
    'built area',
  );
  t.equal(
    fact(html, 'Plot area'),
    area((u) => u.plot_area),
    'plot area (or left out)',
  );
  t.equal(
    fact(html, 'Terrace'),
    area((u) => u.terrace_area),
    'terrace',
  );
  t.equal(
    fact(html, 'Solarium'),
    area((u) => u.solarium_area),
    'solarium (or left out)',
  );
  t.equal(
    fact(html, 'Garden'),
    area((u) => u.garden_area),
    'garden (or left out)',
  );
  t.equal(fact(html, 'Bedrooms'), `${formatRange(range(pool, (u) => u.bedrooms))}${note((u) => u.bedrooms)}`, 'bedrooms');
  t.equal(fact(html, 'Bathrooms'), `${formatRange(range(pool, (u) => u.bathrooms))}${note((u) => u.bathrooms)}`, 'bathrooms');
  for (const label of ['Images', 'Description', 'Amenities', 'Location', 'Units', 'Files', 'Project details'])
    t.match(html, new RegExp(`<h2[^>]*>${label}</h2>`), `a section labelled ${label}`);
  t.match(text, p.detail.amenities[0]!, 'the amenities');
  t.match(text, p.detail.location.town.name, 'the location');
  t.match(html, /<section class="place-map project-location__map"/, "the map's place, drawn in the browser");
  t.equal(fact(html, 'Developer'), p.detail.developer, "the developer among the project's details");

  // The units: a real table with a caption and header cells, a row per unit.
  const table = /<table class="units-table">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? '';
  t.match(table, /<caption[^>]*>The homes of [^<]+<\/caption>/, 'a caption');
  t.same(
    [...table.matchAll(/<th scope="col"[^>]*>([^<]+)<\/th>/g)].map((m) => m[1]),
    ['Type', 'Beds', 'Baths', 'Areas', 'Floor', 'Price', 'Status'],
    'column headers',
  );
  const rows = [...table.matchAll(/<tr class="units-table__row[^"]*">([\s\S]*?)<\/tr>/g)].map((m) => m[1]!);
  t.equal(rows.length, p.units.length, 'one row per unit');
  p.units.forEach((unit, i) => {
    t.match(rows[i], /<th scope="row"[^>]*>/, 'the type heads its row');
    t.match(rows[i], formatPrice(unit.price), `unit ${unit.id}: its price as € 1.234.567`);
    t.match(rows[i], { available: 'Available', reserved: 'Reserved', sold: 'Sold' }[unit.status], `unit ${unit.id}: its status`);
  });

  // The files: listed, locked, with the spec's text linked to registration.
  const files = [...html.matchAll(/<li class="project-file project-file--locked">([\s\S]*?)<\/li>/g)].map((m) => m[1]!);
  t.equal(files.length, p.files.data.length, 'every file listed, locked');
  for (const [i, file] of files.entries()) {
    t.match(file, new RegExp(inHtml(p.files.data[i]!.title)), 'with its title');
    t.match(
      file,
      new RegExp(
        `<a class="project-file__register" href="/old/client-register\\?redirect=%2Ffor-sale%2F${p.detail.id}"[^>]*>register to access all information</a>`,
      ),
      "and the link to register: the main site's registration (/old's), coming back here",
    );
  }
  t.notMatch(html, /download=""/, 'no download for an anonymous visitor');

  // Similar projects: links a crawler can follow.
  for (const s of p.similar)
    t.match(html, new RegExp(`<a class="stretched-link" href="/for-sale/${s.id}"`), `a link to similar project ${s.id}`);

  // The contact form for this project, and the company card.
  t.match(
    html,
    /<form id="lead-property-\d+" class="lead-form lead-form--property"[^>]* method="post"/,
    'the property contact form, sent by POST without JavaScript too',
  );
  t.match(html, /<h2 class="agent-card__title"[^>]*>Your adviser<\/h2>/, "the office's card on the main site");
  t.match(text, '+34 965 00 12 34');

  // JSON-LD: the listing and the breadcrumbs, on the main site's addresses.
  const graph = jsonLdOf(html)['@graph'];
  const listing = graph.find((x) => x['@type'] === 'RealEstateListing')!;
  t.equal(listing.name, p.detail.name);
  t.equal(listing.url, `http://localhost:3000/for-sale/${p.detail.id}`);
  t.equal(listing.datePosted, p.detail.listed_at);
  t.same(
    listing.image,
    p.detail.images.map((i) => `http://localhost:3000${i.url}`),
    "the pictures, as rasters (the demo's drawings through the picture proxy until prepared)",
  );
  t.equal(listing.description, p.detail.description);
  const prices = onSale.map((u) => u.price);
  t.ok(new Set(prices).size > 1, 'units on sale at several prices');
  t.same(
    listing.offers,
    {
      '@type': 'AggregateOffer',
      url: listing.url,
      priceCurrency: 'EUR',
      lowPrice: Math.min(...prices),
      highPrice: Math.max(...prices),
      offerCount: onSale.length,
      availability: 'https://schema.org/InStock',
    },
    'several prices on sale: an AggregateOffer',
  );
  t.match(listing.about, {
    name: p.detail.name,
    geo: { '@type': 'GeoCoordinates', latitude: p.detail.location.lat, longitude: p.detail.location.lng },
    address: {
      '@type': 'PostalAddress',
      addressLocality: p.detail.location.town.name,
      addressRegion: p.detail.location.region.name,
      addressCountry: 'ES',
    },
  });
  const crumbs = graph.find((x) => x['@type'] === 'BreadcrumbList')!;
  t.same(
    crumbs.itemListElement.map((c: { position: number; name: string; item: string }) => [c.position, c.name, c.item]),
    [
      [1, 'Home', 'http://localhost:3000/'],
      [2, 'Find a home', 'http://localhost:3000/search'],
      [3, p.detail.location.region.name, `http://localhost:3000/search/${p.detail.location.region.path}`],
      [4, p.detail.location.town.name, `http://localhost:3000/search/${p.detail.location.town.path}`],
      [5, p.detail.name, `http://localhost:3000/for-sale/${p.detail.id}`],
    ],
  );

  // The page's reads are in the state, under the keys the browser's SWR uses.
  const state = stateOf(html);
  for (const key of ['/api/property', '/api/project/units', '/api/project/files', '/api/project/similar'])
    t.ok(state.data[`${key}?id=${p.detail.id}`], `${key} in the initial state`);
});

t.test("on a partner's site: the partner's card, and links that stay on its site", async (t) => {
  const app = await testApp(t);
  const p = await richProject(app);
  for (const [url, headers, prefix] of [
    [`/costa-casas/for-sale/${p.detail.id}`, {}, '/costa-casas'],
    [`/for-sale/${p.detail.id}`, { host: 'costa-casas.localhost' }, ''],
  ] as const) {
    const res = await app.inject({ url, headers });
    t.equal(res.statusCode, 200, url);
    const html = res.body;
    const text = textOf(html);
    const partner = stateOf(html).state.partner!;
    t.equal(partner.slug, 'costa-casas');
    t.match(html, /<h2 class="agent-card__title"[^>]*>Your broker<\/h2>/, "the partner's card");
    const card = /<section class="agent-card"[\s\S]*?<\/section>/.exec(html)?.[0] ?? '';
    t.match(card, new RegExp(inHtml(partner.name)), 'its name');
    t.ok(partner.phone && partner.email, 'the demo partner has a phone and an e-mail');
    t.match(card, new RegExp(inHtml(partner.phone!)), 'its phone');
    t.match(card, new RegExp(inHtml(partner.email!)), 'its e-mail');
    t.notMatch(card, '+34 965 00 12 34', "not the office's phone");
    t.match(
      html,
      new RegExp(`href="${prefix}/client-register\\?redirect=${encodeURIComponent(url)}"`),
      'register on the partner site, coming back to the page',
    );
    for (const s of p.similar) t.match(html, new RegExp(`href="${prefix}/for-sale/${s.id}"`), 'similar projects on the partner site');
    t.match(text, p.detail.name);
    const listing = jsonLdOf(html)['@graph'][0]!;
    t.equal(listing.url, `http://localhost:3000/for-sale/${p.detail.id}`, "JSON-LD names the main site's listing");
  }
});

t.test('a project name cannot close the JSON-LD script, and reaches it as plain text', async (t) => {
  const app = await testApp(t);
  const hostile = 'Casa </script><script>alert(1)</script> & \u2028 "quoted" <!--';
  await app.store.db
    .updateTable('projects')
    .set({
      name: hostile,
      description: `</SCRIPT>${hostile}`,
      descriptions: JSON.stringify({ en: { text: `</SCRIPT>${hostile}`, html: '' } }),
    })
    .where('id', '=', 3)
    .execute();
  const res = await app.inject('/for-sale/3');
  t.equal(res.statusCode, 200);
  const scripts = res.body.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];
  t.equal(scripts.length, 1, 'one JSON-LD script, closed where it should be');
  t.notMatch(scripts[0], /<script>alert/, 'no script element inside it');
  const listing = jsonLdOf(res.body)['@graph'][0]!;
  t.equal(listing.name, 'Casa alert(1) & "quoted"', 'the name without its tags, its text kept');
  t.equal(listing.description, 'Casa alert(1) & "quoted"');
});

t.test('the areas the demo project may lack show under their SPEC §2 labels when the units have them', async (t) => {
  const app = await testApp(t);
  await app.store.db.updateTable('units').set({ plot_area: 300, solarium_area: 20, garden_area: 50 }).where('project_id', '=', 4).execute();
  const html = (await app.inject('/for-sale/4')).body;
  t.equal(fact(html, 'Plot area'), '300 m²');
  t.equal(fact(html, 'Solarium'), '20 m²');
  t.equal(fact(html, 'Garden'), '50 m²');
});

t.test('a fact without a value is left out', async (t) => {
  const app = await testApp(t);
  await app.store.db
    .updateTable('units')
    .set({ solarium_area: null, garden_area: null, plot_area: null })
    .where('project_id', '=', 4)
    .execute();
  const html = (await app.inject('/for-sale/4')).body;
  for (const label of ['Solarium', 'Garden', 'Plot area']) t.equal(fact(html, label), null, `no ${label}`);
  t.ok(fact(html, 'Built area'), 'the others stay');
});

t.test('an id that names no project is 404 with the error page; no id goes to the search', async (t) => {
  const app = await testApp(t);
  for (const path of [
    '/for-sale/987654',
    '/for-sale/abc',
    '/for-sale/0',
    '/for-sale/012',
    '/for-sale/99999999999',
    '/old/for-sale/abc',
    '/costa-casas/for-sale/987654',
    '/for-sale/1.5',
  ]) {
    const res = await app.inject(path);
    t.equal(res.statusCode, 404, path);
    const text = textOf(res.body);
    t.match(text, 'Oops! Page not found!', `${path}: the error page`);
    t.match(text, 'This page could not be found');
    t.equal(stateOf(res.body).error?.statusCode, 404);
  }
  for (const [path, location] of [
    ['/for-sale', '/search'],
    ['/for-sale/', '/search'],
    ['/old/for-sale?cat=1&bedrooms=2', '/old/search?cat=1&bedrooms=2'],
    ['/costa-casas/for-sale', '/costa-casas/search'],
  ]) {
    const res = await app.inject(path!);
    t.equal(res.statusCode, 301, `${path} moved`);
    t.equal(res.headers.location, location, `to ${location}`);
  }
});

t.test('the order a buyer decides by: price, key facts and the homes on sale before the long description', async (t) => {
  const app = await testApp(t);
  const html = (await app.inject('/for-sale/1')).body;
  const at = (marker: string) => {
    const i = html.indexOf(marker);
    t.ok(i > 0, `${marker} is in the page`);
    return i;
  };
  const order = [
    'class="property__price"',
    'class="property-section key-facts"',
    'id="units-title"',
    'id="description-title"',
    'id="details-title"',
  ].map(at);
  t.same(
    order,
    [...order].sort((a, b) => a - b),
    'price, key facts, units, description, then the details',
  );
});
