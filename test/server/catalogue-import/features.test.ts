// A feed's features in the site's vocabulary (src/shared/feature-words.ts):
// the words feeds use, in English and Spanish, and the <pool> flag and outdoor
// areas; what a feed does not state stays unknown. Imported on both stores:
// the project's features (its lead unit's words, any live unit's pool and
// areas) and its lowest price per m² over its available units.
import t from 'tap';
import { forEachStore } from '../../helpers/db.ts';
import { importFeed } from '../../../src/server/catalogue-import/importer.ts';
import { namedFeatures, propertyFeatures } from '../../../src/shared/feature-words.ts';
import { featuresOf } from '../../../src/shared/features.ts';
import { chunks, feed, property } from './feeds.ts';

const named = (...words: string[]) => [...namedFeatures(words)].sort();
const features = (...words: string[]) => `<features>${words.map((w) => `<feature>${w}</feature>`).join('')}</features>`;

t.test("a feature's words, in the vocabulary", async (t) => {
  t.same(named('Communal pool', 'Sea views', 'Lift'), ['communal-pool', 'lift', 'pool', 'sea-view']);
  t.same(named('PISCINA PRIVADA', 'Vistas al mar', 'Aire acondicionado', 'Plaza de garaje'), [
    'air-conditioning',
    'parking',
    'pool',
    'private-pool',
    'sea-view',
  ]);
  t.same(named('Swimming pool'), ['pool'], 'a pool of no stated kind is a pool, neither private nor communal');
  t.same(named('Urbanización cerrada', 'Jardín', 'Solárium', 'Golf course 2 km'), ['garden', 'gated', 'golf', 'terrace']);
  t.same(named('Frontline beach', 'A/C', 'Underground parking'), ['air-conditioning', 'near-beach', 'parking']);
  t.same(named('Fitted kitchen', 'Double glazing', 'Mountain views', 'Seaside town'), [], 'nothing the vocabulary knows');
  t.same(named('Poolside bar'), [], 'a word that only starts like one is not it');
  t.same(
    featuresOf(propertyFeatures({ features: [], pool: true, garden: 40, terrace: null, solarium: 12 })),
    ['pool', 'garden', 'terrace'],
    'the <pool> flag and the areas say so too',
  );
  t.equal(propertyFeatures({ features: [], pool: false, garden: null, terrace: null, solarium: null }), 0, 'nothing stated: nothing known');
});

forEachStore(t, "an import keeps each project's features and lowest price per m²", async (t, store) => {
  const xml = feed(
    property({ id: 'A1', dev: 'D1', price: 200000, built: 80, extra: features('Communal pool', 'Lift', 'Sea views') }),
    property({ id: 'A2', dev: 'D1', price: 300000, built: 100, garden: 50, extra: '<pool>1</pool>' }),
    property({ id: 'A3', dev: 'D1', price: 100000, built: 50, status: 'sold' }),
    property({ id: 'B1', dev: 'D2', price: 250000, extra: features('Fitted kitchen') }),
  );
  await importFeed(store, chunks(xml), { source: 'crm', now: new Date('2026-11-01T12:00:00Z') });
  const rows = await store.db.selectFrom('projects').select(['ref', 'features', 'price_m2_min']).orderBy('ref').execute();
  const [d1, d2] = rows;
  t.same(
    featuresOf(d1!.features),
    ['pool', 'communal-pool', 'sea-view', 'garden', 'lift'],
    "its lead unit's words and a unit's pool and garden",
  );
  t.equal(d1!.price_m2_min, 2500, 'the lowest of the available units: 200,000 / 80 m² and 300,000 / 100 m², not the sold one at 2,000');
  t.equal(d2!.features, 0, 'nothing the vocabulary knows');
  t.equal(d2!.price_m2_min, null, 'without a built area the price per m² is unknown');
});
