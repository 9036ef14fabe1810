// The Kyero reader alone: fields as real feeds write them, rejections with
// their reasons, and the fatal cases. No store involved.
import t from 'tap';
import { describe, FeedError, readKyero, type FeedItem, type FeedProperty } from '../../../src/server/catalogue-import/kyero.ts';
import { categoryFor } from '../../../src/server/catalogue-import/categories.ts';
import { parseAmount, parseFeedDate, parseMonth, parseUrl, slugify } from '../../../src/server/catalogue-import/text.ts';
import { chunks, feed, property } from './feeds.ts';

async function read(xml: string, size?: number): Promise<FeedItem[]> {
  const items: FeedItem[] = [];
  for await (const item of readKyero(chunks(xml, size))) items.push(item);
  return items;
}

async function one(extra: string, spec: Parameters<typeof property>[0] = {}): Promise<FeedProperty> {
  const [item] = await read(feed(property({ ...spec, extra })));
  if (!item?.ok) throw new Error(`rejected: ${JSON.stringify(item)}`);
  return item.property;
}

t.test('amounts, dates, months, URLs and slugs as feeds write them', async (t) => {
  for (const [raw, want] of [
    ['245000', 245000],
    ['245 000', 245000],
    ['245.000', 245000],
    ['245,000', 245000],
    ['245000.00', 245000],
    ['245000,50', 245000.5],
    ['1.245.000,50', 1245000.5],
    ['1,245,000.50', 1245000.5],
    ['€ 245.000', 245000],
    ['245\u00a0000 €', 245000],
    ['95 m2', 95],
  ] as const)
    t.equal(parseAmount(raw), want, raw);
  for (const raw of ['', 'abc', '12.34.56', '1,2345', '--1', '245.0000']) t.equal(parseAmount(raw), null, `refused: "${raw}"`);

  t.equal(parseFeedDate('2025-01-10 10:30:00'), '2025-01-10T10:30:00.000Z');
  t.equal(parseFeedDate('2025-01-10T10:30'), '2025-01-10T10:30:00.000Z');
  t.equal(parseFeedDate('2025-01-10'), '2025-01-10T00:00:00.000Z');
  t.equal(parseFeedDate('2025-01-10 12:00:00+02:00'), '2025-01-10T10:00:00.000Z');
  for (const raw of ['2025-02-30', '2025-13-01 10:00:00', '10/01/2025', 'yesterday', '2025-01-10 25:00:00'])
    t.equal(parseFeedDate(raw), null, `refused: ${raw}`);

  t.equal(parseMonth('2027-6'), '2027-06');
  t.equal(parseMonth('2027-06-30'), '2027-06');
  t.equal(parseMonth('06/2027'), '2027-06');
  t.equal(parseMonth('2027-13'), null);

  t.equal(
    parseUrl('https://cdn.example/uploads/M702/01 fachada.jpg'),
    'https://cdn.example/uploads/M702/01%20fachada.jpg',
    'spaces encoded, not dropped',
  );
  t.equal(
    parseUrl(' https://cdn.example/salón [1].jpg?v=1 2 '),
    'https://cdn.example/sal%C3%B3n%20[1].jpg?v=1%202',
    'accents, brackets, a query',
  );
  t.equal(parseUrl('/media/a b.svg'), '/media/a%20b.svg', 'site-relative, encoded');
  t.equal(parseUrl('https://bad host.example/a.jpg'), null, 'a host cannot hold a space');
  t.equal(parseUrl('javascript:alert(1)'), null);
  t.equal(parseUrl('//cdn.example/a.jpg'), 'https://cdn.example/a.jpg');
  t.equal(parseUrl('/media/demo/p1-villa-1.svg'), '/media/demo/p1-villa-1.svg');
  t.equal(parseUrl('/\\evil.example'), null);

  t.equal(slugify('Jávea / Xàbia'), 'javea-xabia');
  t.equal(slugify('  Águilas '), 'aguilas');
  t.equal(slugify('San Juan de los Terreros'), 'san-juan-de-los-terreros');
  t.equal(slugify('—'), '');
});

t.test('Kyero type names map onto the known categories; others become their own', async (t) => {
  const cases: Array<[string, string]> = [
    ['Apartment', 'apartment'],
    ['FLAT', 'apartment'],
    ['Ground Floor Apartment', 'apartment'],
    ['Villa', 'villa'],
    ['Detached Villa', 'villa'],
    ['detached house', 'villa'],
    ['Townhouse', 'townhouse'],
    ['Town House', 'townhouse'],
    ['Bungalow', 'bungalow'],
    ['Duplex', 'duplex'],
    ['Semi-Detached', 'semi-detached'],
    ['Semi Detached Villa', 'semi-detached'],
    ['Land', 'land'],
    ['Plot', 'land'],
    ['Penthouse', 'penthouse'],
    ['Penthouse Apartment', 'penthouse'],
    ['Quad', 'quad-house'],
    ['Quad House', 'quad-house'],
    ['Studio', 'studio'],
    ['other', 'other'],
  ];
  for (const [name, key] of cases) t.same(categoryFor(name), { key, known: true, home: true, name: categoryFor(key)!.name }, name);
  t.same(categoryFor('Cave House'), { key: 'cave-house', known: false, home: true, name: 'Cave House' });
  t.same(categoryFor('finca'), { key: 'finca', known: false, home: true, name: 'Finca' });
  t.equal(categoryFor('***'), null);
});

t.test('types that are not homes: led by such a word, or with one and no dwelling', async (t) => {
  for (const name of [
    'Commercial',
    'Commercial Premises',
    'Commercial Ground Floor',
    'Local comercial',
    'Garage',
    'Plaza de garaje',
    'Parking space',
    'Storage room',
    'Trastero',
    'Office',
    'Shop',
    'Restaurant',
    'Bar / Restaurant',
    'Hotel',
    'Warehouse',
    'Nave industrial',
    'Business',
    'Ground floor office',
  ])
    t.equal(categoryFor(name)?.home, false, name);
  t.same(categoryFor('Commercial Premises'), { key: 'commercial-premises', known: false, home: false, name: 'Commercial Premises' });
  for (const name of [
    'Plot',
    'Land',
    'Ground Floor Apartment',
    'Town House',
    'Country House',
    'Finca',
    'Apartment with garage',
    'Villa with parking',
    'Penthouse with storage',
    'Ground Floor Apartment with office',
    'Piso con garaje y trastero',
    'Semi-Detached with garage',
    'Detached with garage',
    'Attic with storage',
    'Terraced with parking',
    'Quad with garage',
    'Independiente con garaje',
    'Flats with parking',
    'Casas con garaje',
  ])
    t.equal(categoryFor(name)?.home, true, name);
  t.equal(categoryFor('Apartment with garage')?.key, 'apartment', 'a home with a garage is of its dwelling');
});

t.test('a property with every field, read from a feed in small chunks', async (t) => {
  const xml = feed(
    property({
      id: 'A-1',
      beds: 3,
      baths: 2,
      built: 120,
      plot: 300,
      dev: 'DEV-1',
      name: 'Residencial Mar',
      status: 'Reserved',
      lat: 37.98,
      lng: -0.68,
      extra:
        '<ref>R-1</ref><pool>1</pool><location_detail>La Mata</location_detail><developer>Brisamar</developer>' +
        '<delivery_date>2027-06</delivery_date><stage>under_construction</stage><floor>2nd</floor>' +
        '<surface_area><terrace>25</terrace><solarium>40</solarium><garden>60</garden></surface_area>' +
        '<desc><en>Sea views.</en></desc><features><feature>Lift</feature><feature>lift</feature><feature>Gym</feature></features>' +
        '<documents><document kind="price_list"><url>/files/p.pdf</url><title><en>Prices</en></title></document>' +
        '<document kind="floor_plan"><url>https://x.example/f.pdf</url></document><document kind="menu"><url>/m.pdf</url></document>' +
        '<document kind="brochure"><url>not a url</url></document></documents>',
    }),
  );
  const items = await read(xml, 17);
  t.equal(items.length, 1);
  const p = (items[0] as { property: FeedProperty }).property;
  t.match(p, {
    id: 'A-1',
    date: '2025-01-10T10:00:00.000Z',
    ref: 'R-1',
    price: 200000,
    type: 'Apartment',
    town: 'Torrevieja',
    province: 'Alicante',
    country: 'Spain',
    locationDetail: 'La Mata',
    lat: 37.98,
    lng: -0.68,
    bedrooms: 3,
    bathrooms: 2,
    pool: true,
    built: 120,
    plot: 300,
    developmentRef: 'DEV-1',
    developmentName: 'Residencial Mar',
    developer: 'Brisamar',
    deliveryDate: '2027-06',
    stage: 'under_construction',
    status: 'reserved',
    floor: '2nd',
  });
  t.same(describe(p).description, { text: 'Sea views.', html: '<p>Sea views.</p>' });
  t.same([p.terrace, p.solarium, p.garden], [null, null, null], 'a second <surface_area> is ignored: the first one counts');
  t.same(p.features, ['Lift', 'Gym'], 'features once each, case-insensitively');
  t.same(
    p.documents,
    [
      { kind: 'price_list', url: '/files/p.pdf', title: 'Prices' },
      { kind: 'floor_plan', url: 'https://x.example/f.pdf', title: 'Floor plan' },
    ],
    "unknown kinds and bad URLs dropped; a missing title gets the kind's",
  );
});

t.test('what real feeds do: CDATA with padding, unknown elements, repeated language keys, any case', async (t) => {
  const p = await one(
    '<desc><es>Hola</es><en>  </en><en><![CDATA[\n\t  First English  \n]]></en><en>Second</en></desc>' +
      '<unknown_block><nested a="1">x</nested></unknown_block><virtual_tour>https://tour.example</virtual_tour>',
    {
      id: '<![CDATA[  P-9  ]]>',
      price: '<![CDATA[ 199 500 ]]>',
      type: 'PENTHOUSE',
      town: '<![CDATA[\n  Orihuela Costa \n]]>',
      country: null,
    },
  );
  t.equal(p.id, 'P-9');
  t.equal(p.price, 199500);
  t.equal(p.town, 'Orihuela Costa');
  t.equal(p.country, 'Spain', 'no <country>: Spain');
  t.same(describe(p).description, { text: 'First English', html: '<p>First English</p>' }, 'the first non-empty <en>');
  t.same(Object.keys(describe(p).descriptions), ['es', 'en'], 'every language, in feed order');
  t.equal(categoryFor(p.type)!.key, 'penthouse');
  const other = await one('<desc><de></de><fr>Bonjour</fr><es>Hola</es></desc>');
  t.equal(describe(other).description.text, 'Hola', 'no English: Spanish before the others');
  const neither = await one('<desc><de></de><fr>Bonjour</fr><it>Ciao</it></desc>');
  t.equal(describe(neither).description.text, 'Bonjour', 'nor Spanish: the first language with text');
  const entities = await one('<desc><en>Caf&eacute; &amp; bar&nbsp;&euro; &frac34; &hearts;</en></desc>');
  t.equal(
    describe(entities).description.text,
    'Café & bar € ¾ ♥',
    'HTML entities that feeds use, every one (plain text collapses white space)',
  );
  t.equal(describe(entities).description.html, '<p>Café &amp; bar\u00a0€ ¾ ♥</p>');
  const untagged = await one('<desc>Straight in desc</desc>');
  t.same(
    describe(untagged),
    { description: { text: 'Straight in desc', html: '<p>Straight in desc</p>' }, descriptions: {} },
    'text in no language: shown, filed under none',
  );
  const regional = await one('<desc><en-GB>Hello</en-GB><es_ES>Hola</es_ES><xx-unknown>?</xx-unknown></desc>');
  t.same(Object.keys(describe(regional).descriptions), ['en', 'es'], 'regional keys read as their ISO 639-1 code');
  const upper = await read(
    feed(
      '<PROPERTY><ID>U1</ID><DATE>2025-01-01</DATE><PRICE>1</PRICE><TYPE>Villa</TYPE><TOWN>Vera</TOWN><PROVINCE>Almería</PROVINCE></PROPERTY>',
    ),
  );
  t.match(upper, [{ ok: true, property: { id: 'U1', town: 'Vera' } }], 'element names in capitals');
});

t.test('images keep their order and their floor-plan marks, in all three forms', async (t) => {
  const p = await one(
    '<images>' +
      '<image id="3"><url>/c.svg</url><tags><tag>Floorplan</tag></tags></image>' +
      '<image id="1"><url>/a.svg</url><title><en>Front</en></title></image>' +
      '<image id="10"><url>/e.svg</url><floorplan>1</floorplan></image>' +
      '<image id="2" floorplan="1"><url>https://cdn.example/b.jpg</url></image>' +
      '<image id="4"><url>/a.svg</url></image>' +
      '<image id="5"><url>ftp://x/y.jpg</url></image>' +
      '<image><url>/last.svg</url></image>' +
      '</images>',
  );
  t.same(
    p.images,
    [
      { url: '/a.svg', caption: 'Front', floorplan: false },
      { url: 'https://cdn.example/b.jpg', caption: null, floorplan: true },
      { url: '/c.svg', caption: null, floorplan: true },
      { url: '/e.svg', caption: null, floorplan: true },
      { url: '/last.svg', caption: null, floorplan: false },
    ],
    'by id (numerically), then unnumbered ones; a repeated URL once; a URL that is not http(s) or site-relative dropped',
  );
});

t.test('a property missing or garbling a required field is rejected with the reasons; the feed goes on', async (t) => {
  const items = await read(
    feed(
      property({ id: 'ok-1' }),
      property({ id: null }),
      property({ id: 'no-date', date: null }),
      property({ id: 'bad-date', date: '31/01/2025' }),
      property({ id: null, extra: '<ref>REF-7</ref>' }),
      property({ id: 'no-price', price: null }),
      property({ id: 'bad-price', price: 'POA' }),
      property({ id: 'zero-price', price: 0 }),
      property({ id: 'no-type', type: null }),
      property({ id: 'no-town', town: ' ', province: null }),
      property({ id: 'rental', extra: '<price_freq>month</price_freq>' }),
      property({ id: 'pounds', currency: 'GBP' }),
      property({ id: 'ok-2' }),
    ),
  );
  const kept = items.filter((i) => i.ok).map((i) => (i as { property: FeedProperty }).property);
  t.same(
    kept.map((p) => p.id),
    ['ok-1', 'no-date', 'bad-date', 'ref:REF-7', 'ok-2'],
    'no or a bad <date> is no reason to reject; no <id> is keyed by <ref>',
  );
  t.same(
    kept.map((p) => p.date),
    ['2025-01-10T10:00:00.000Z', null, null, '2025-01-10T10:00:00.000Z', '2025-01-10T10:00:00.000Z'],
  );
  const reasons = Object.fromEntries(
    items.filter((i) => !i.ok).map((i) => [(i as { id: string | null }).id ?? '(none)', (i as { reason: string }).reason]),
  );
  t.match(reasons, {
    '(none)': /^id: missing, and no <ref> to key the property by$/,
    'no-price': /^price: missing$/,
    'bad-price': /^price: not an amount \(got "POA"\)$/,
    'zero-price': /^price: must be more than 0/,
    'no-type': /^type: missing$/,
    'no-town': /^town: missing; province: missing$/,
    rental: /^price_freq: not for sale \(got "month"\)$/,
    pounds: /^currency: only EUR is listed \(got "GBP"\)$/,
  });
  t.ok(
    items.every((i) => i.ok || i.line > 0),
    'each rejection says where in the feed',
  );
});

t.test('optional fields that cannot be read are dropped, not fatal', async (t) => {
  const p = await one(
    '<beds>two</beds><baths>2.0</baths><surface_area><built>95 m2</built><plot>n/a</plot></surface_area>' +
      '<location><latitude>0</latitude><longitude>0</longitude></location><delivery_date>soon</delivery_date><stage>whatever</stage><status>Sold out</status>',
  );
  t.match(p, {
    bedrooms: null,
    bathrooms: 2,
    built: 95,
    plot: null,
    lat: null,
    lng: null,
    deliveryDate: null,
    stage: null,
    status: 'sold',
  });
  const zeros = await one(
    '<beds>0</beds><baths>0</baths><surface_area><built>0</built><plot>0,00</plot><terrace>0</terrace></surface_area>',
  );
  t.match(zeros, { bedrooms: null, bathrooms: null, built: null, plot: null, terrace: null }, '0 is unknown, never a measure');
});

t.test('fatal: malformed XML, another root element, an empty document', async (t) => {
  const fatal = async (xml: string, message: RegExp) => {
    await t.rejects(read(xml), { name: 'FeedError', message }, message.source);
  };
  await fatal(`<root>${property({})}<property><id>x</property></root>`, /^malformed XML at line \d+, column \d+: /);
  await fatal(`<root>${property({})}`, /^malformed XML at line \d+, column \d+: /);
  await fatal('<rss><channel/></rss>', /^not a Kyero feed: the root element is <rss>, not <root>$/);
  await fatal('', /^malformed XML/);
  await fatal('<root><property><id>1</id><desc>&bogus;</desc></property></root>', /undefined entity/);
  t.ok(new FeedError('x') instanceof Error);
});

t.test('a feed declared in ISO-8859-1 is decoded as such', async (t) => {
  const xml = `<?xml version="1.0" encoding="ISO-8859-1"?>\n${feed(property({ town: 'Mojácar', province: 'Almería' })).replace(/^<\?xml[^>]*>\n/, '')}`;
  const items: FeedItem[] = [];
  for await (const item of readKyero([Buffer.from(xml, 'latin1')])) items.push(item);
  t.match(items, [{ ok: true, property: { town: 'Mojácar', province: 'Almería' } }]);
});

t.test("every known category, and the demo's own, has a label in en.json", async (t) => {
  const { KNOWN_CATEGORIES } = await import('../../../src/shared/catalogue.ts');
  const en = JSON.parse((await import('node:fs')).readFileSync(new URL('../../../locales/en.json', import.meta.url), 'utf8')) as {
    categories: Record<string, string>;
  };
  for (const { key } of KNOWN_CATEGORIES) t.type(en.categories[key], 'string', key);
  t.equal(en.categories['country-house'], 'Country house');
});
