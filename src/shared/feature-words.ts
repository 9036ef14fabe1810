// A feed property's features in the site's vocabulary (features.ts): what its
// <features> say, in English or Spanish, in the words feeds use, and what its
// <pool> flag and its garden, terrace and solarium areas say. Only what a feed
// states: a feature it does not name stays unknown. The import uses it
// (catalogue-import/unit-rows.ts), and migration 0024 for what was imported
// before; the browser never loads it.
import { featureMask, type Feature } from './features.ts';
import { placeKey } from './place-key.ts';

/** What of a feed property tells its features (catalogue-import's FeedProperty). */
export interface FeatureSources {
  features: readonly string[];
  pool: boolean;
  garden: number | null;
  terrace: number | null;
  solarium: number | null;
}

/**
 * What a feature's words mean, matched on its folded text (placeKey: lower
 * case, no accents, words apart). 'pool' is any pool; a kind of pool sets it too.
 */
const WORDS: Array<[Feature, RegExp]> = [
  ['private-pool', /\b(private (swimming )?pool|pool private|piscina privada|piscina propia)\b/],
  ['communal-pool', /\b((communal|community|shared) (swimming )?pools?|piscinas? comunitarias?|piscinas? comunes?)\b/],
  ['pool', /\b(pools?|piscinas?)\b/],
  ['sea-view', /\b(sea ?views?|views? (of|to|over) the sea|ocean views?|vistas? (al|del|de) mar)\b/],
  ['golf', /\b(golf)\b/],
  ['garden', /\b(gardens?|jardin(es)?)\b/],
  ['terrace', /\b(terraces?|terrazas?|solarium|roof ?terrace)\b/],
  ['parking', /\b(parking|garages?|garajes?|aparcamientos?|car ?port)\b/],
  ['lift', /\b(lifts?|elevators?|ascensor(es)?)\b/],
  ['air-conditioning', /\b(air ?con(ditioning|ditioned)?|a c|aire acondicionado|climatizacion)\b/],
  ['gated', /\b(gated|urbanizacion cerrada|recinto cerrado)\b/],
  [
    'near-beach',
    /\b(near (the )?beach|close to (the )?beach|beach ?(front|side)|front ?line|walking distance (to|of) the beach|cerca de la playa|primera linea( de playa)?)\b/,
  ],
];

/** The features `words` (a feed's <feature> texts) name. */
export function namedFeatures(words: readonly string[]): Set<Feature> {
  const found = new Set<Feature>();
  for (const text of words) {
    const key = placeKey(text);
    for (const [feature, pattern] of WORDS) if (pattern.test(key)) found.add(feature);
  }
  if (found.has('private-pool') || found.has('communal-pool')) found.add('pool');
  return found;
}

/** The bit set of a feed property's features (projects.features). */
export function propertyFeatures(p: FeatureSources): number {
  const found = namedFeatures(p.features);
  if (p.pool) found.add('pool');
  if (p.garden) found.add('garden');
  if (p.terrace || p.solarium) found.add('terrace');
  return featureMask(found);
}
