// The demo's words about a development: its amenities and its description
// (what it is, where, near what, its specifications, when it is delivered).
import type { Area, DevelopmentKind } from './areas.ts';
import { int, pick, sample, type Random } from './prng.ts';
import type { KindSpec, Stage, Unit } from './units.ts';

const COMMON_FEATURES = [
  'Air conditioning',
  'Fitted kitchen',
  'Double glazing',
  'Underfloor heating in bathrooms',
  'Home automation',
  'Energy rating A',
  'Aerothermal hot water',
  'Storage room',
  'Parking space',
  'Video entry system',
];

const COMMUNAL_FEATURES = [
  'Communal pool',
  'Landscaped gardens',
  'Gated community',
  'Lift',
  'Underground parking',
  'Gym',
  'Spa with sauna',
  "Children's playground",
  'Padel court',
  'Coworking space',
  'Rooftop pool',
];

const PRIVATE_FEATURES = [
  'Private pool',
  'Private garden',
  'Roof solarium',
  'Barbecue area',
  'Sea views',
  'Mountain views',
  'Outdoor kitchen',
  'Garage',
];

const STAGE_PHRASE: Record<Stage, string> = {
  off_plan: 'an off-plan development',
  under_construction: 'a new development, now under construction,',
  key_ready: 'a completed, key-ready development',
};

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function amenities(rand: Random, kind: DevelopmentKind, spec: KindSpec, area: Area): string[] {
  const list = sample(rand, COMMON_FEATURES, int(rand, 3, 5));
  if (spec.communal) list.push(...sample(rand, COMMUNAL_FEATURES, int(rand, 2, 4)));
  if (kind !== 'apartments' && kind !== 'plots') list.push(...sample(rand, PRIVATE_FEATURES, int(rand, 1, 3)));
  if (kind === 'plots') return ['Building licence', 'Water and electricity connections', 'Sea views'];
  // What the town is near, as feeds list it (drawing nothing from `rand`: the rest of the demo stays as it was).
  if (area.near.some((place) => /golf/i.test(place))) list.push('Golf course nearby');
  if (area.near.some((place) => /beach/i.test(place))) list.push('Near the beach');
  return list;
}

export function describe(
  rand: Random,
  d: {
    name: string;
    kind: DevelopmentKind;
    spec: KindSpec;
    area: Area;
    neighbourhood: string;
    stage: Stage;
    delivery: string;
    units: Unit[];
    features: string[];
  },
): string {
  const beds = d.units.map((u) => u.beds);
  const [lo, hi] = [Math.min(...beds), Math.max(...beds)];
  const bedText = hi === 0 ? '' : lo === hi ? ` with ${lo} bedroom${lo === 1 ? '' : 's'}` : ` with ${lo} to ${hi} bedrooms`;
  const homes = d.units.length === 1 ? `a single ${d.spec.noun.replace(/s$/, '')}` : `${d.units.length} ${d.spec.noun}`;
  const specs = d.features.slice(0, 3).map(lowerFirst);
  const distance = pick(rand, ['a short walk', 'five minutes on foot', 'ten minutes by car', 'a few hundred metres', 'a short drive']);
  const [y, m] = d.delivery.split('-');
  const near = sample(rand, d.area.near, 2);
  if (rand() < 0.5) near.reverse();
  const when = `${MONTHS[Number(m) - 1]} ${y}`;
  const lines = [
    `${d.name} is ${STAGE_PHRASE[d.stage]} of ${homes}${bedText} in ${d.neighbourhood}, ${d.area.town}, on the ${d.area.coast}.`,
    `${capitalise(near[0]!)} ${pick(rand, ['is', 'lies'])} ${distance} away, with ${near[1]} ${pick(rand, ['close by', 'within easy reach', 'nearby'])}.`,
    d.kind === 'plots'
      ? 'Each plot comes with a building licence and its connections, ready for the villa of your choice.'
      : `Specifications include ${specs.slice(0, -1).join(', ')}${specs.length > 1 ? ' and ' : ''}${specs.at(-1)}.`,
    d.stage === 'key_ready' ? `The homes were completed in ${when} and are ready to move into.` : `Delivery is planned for ${when}.`,
    pick(rand, [
      'Shops, restaurants and schools are all within easy reach.',
      'The airport is under an hour away.',
      'An ideal home for living all year round or for holidays in the sun.',
      'Mortgages for non-residents are available through our partner banks.',
    ]),
  ];
  return lines.join(' ');
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Communal pool' → 'communal pool'; 'Energy rating A' keeps its capital A. */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);
