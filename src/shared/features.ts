// The features buyers of a new build filter by (issue 22), in one vocabulary
// whatever a feed calls them (feature-words.ts reads them from a feed's
// <features>, <pool> and areas). A project keeps its features as a bit
// set (projects.features): bit i is FEATURES[i]. Append only: a stored set
// keeps its meaning. A feature a feed does not state is unknown, never "no":
// a set bit says "yes", a clear one says nothing.

export const FEATURES = [
  'pool',
  'private-pool',
  'communal-pool',
  'sea-view',
  'golf',
  'garden',
  'terrace',
  'parking',
  'lift',
  'air-conditioning',
  'gated',
  'near-beach',
] as const;
export type Feature = (typeof FEATURES)[number];

/** The bit set of `features`. */
export function featureMask(features: Iterable<Feature>): number {
  let mask = 0;
  for (const feature of features) mask |= 1 << FEATURES.indexOf(feature);
  return mask;
}

/** The features of a bit set, in the vocabulary's order. */
export function featuresOf(mask: number): Feature[] {
  return FEATURES.filter((_, bit) => (mask & (1 << bit)) !== 0);
}

/** Known features of a list of words (a URL's), in the vocabulary's order, without repeats; the rest dropped. */
export function cleanFeatures(value: unknown): Feature[] {
  const words = new Set(
    (Array.isArray(value) ? value : [value])
      .flatMap((v) => String(v ?? '').split(','))
      .map((w) => w.trim())
      .filter(Boolean),
  );
  return FEATURES.filter((f) => words.has(f));
}

/** The built areas a search offers as a minimum, m²: a studio to a large villa. */
export const BUILT_AREAS = [50, 75, 100, 125, 150, 200, 250, 300] as const;

/** The choices of "Beach within", km in a straight line (issue 23: projects.beach_km). */
export const BEACH_DISTANCES = [1, 2, 5, 10, 20] as const;

/** "Delivered by": the homes ready now, or by the end of a year (with the ready ones). */
export type DeliveryBy = 'now' | `${number}`;

/** The years a delivery filter offers: this year and the next five (off-plan homes are sold up to about four years ahead). */
export function deliveryYears(today: Date): number[] {
  const year = today.getUTCFullYear();
  return Array.from({ length: 6 }, (_, i) => year + i);
}

/** A URL's delivery value, if it is one: 'now' or a year from 2000 to 2100. */
export function cleanDelivery(value: unknown): DeliveryBy | undefined {
  const s = String(value ?? '');
  if (s === 'now') return 'now';
  return /^(20\d\d|2100)$/.test(s) ? (s as DeliveryBy) : undefined;
}
