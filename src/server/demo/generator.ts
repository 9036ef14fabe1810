// The demo catalogue's Kyero feed, and large synthetic feeds for benchmarks:
// one generator, seeded, so the same options always give the same bytes, with
// no network. Output is produced one development at a time (feedChunks), so a
// 50,000-development feed streams to disk in flat memory.
//
// Each unit is a Kyero <property> carrying this project's extensions (see
// ../catalogue-import/README.md): its development's ref, name and developer,
// stage, delivery date, status, floor, terrace/solarium/garden areas, the
// development's gallery plus the floor plan of its layout (marked in each of
// the three accepted ways, so the demo exercises them all) and documents.
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { AREAS, type Area, type DevelopmentKind } from './areas.ts';
import { int, mulberry32, pick, sample, weighted, type Random } from './prng.ts';

export const DEMO_SEED = 2025;
export const DEMO_PROJECTS = 150;
export const MEDIA_PREFIX = '/media/demo';

export interface FeedOptions {
  projects: number;
  seed?: number;
  /** Where image and document URLs point (site-relative by default). */
  mediaPrefix?: string;
}

export interface FeedCounts {
  projects: number;
  units: number;
}

// --- words ----------------------------------------------------------------------

const NAME_FIRST = [
  'Residencial',
  'Edificio',
  'Jardines de',
  'Terrazas de',
  'Mirador de',
  'Brisas de',
  'Altos de',
  'Balcón de',
  'Villas',
  'Lomas de',
  'Mar de',
  'Horizonte',
];
const NAME_SECOND = [
  'Poniente',
  'Levante',
  'Azahar',
  'Las Salinas',
  'Los Pinos',
  'El Faro',
  'Las Dunas',
  'Bahía Azul',
  'Marina',
  'Coral',
  'Albatros',
  'Miramar',
  'Aurora',
  'Serena',
  'La Reserva',
  'Sol y Mar',
  'Los Olivos',
  'Las Palmeras',
  'La Ermita',
  'Alborada',
  'Brisamar',
  'Calablanca',
  'Almendros',
  'Buganvilla',
];
const DEVELOPERS = [
  'Brisamar Promociones',
  'Levantia Homes',
  'Grupo Alcazaba Costa',
  'Solmar Developments',
  'Azahar Residencial',
  'Mediterráneo Nuevo Hogar',
  'Promociones Cala Serena',
  'Atalaya Living',
  'Olivar & Costa Promotores',
  'Blue Horizon Homes',
  'Promociones Almanzora',
  'Cálida Build',
  'Sierra y Mar Desarrollos',
  'Casas del Sureste',
  'Andalucía Sun Homes',
  'Punta Brava Inversiones',
];
const ORDINALS = ['Ground', '1st', '2nd', '3rd', '4th', '5th', '6th', '7th', '8th', '9th', '10th'];
const ROMAN = ['', ' II', ' III', ' IV', ' V', ' VI', ' VII', ' VIII', ' IX', ' X'];

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

interface KindSpec {
  units: [number, number];
  /** Plural noun for descriptions. */
  noun: string;
  /** The scene of its main picture (see svg.ts). */
  scene: string;
  communal: boolean;
}

const KINDS: Record<DevelopmentKind, KindSpec> = {
  apartments: { units: [8, 22], noun: 'apartments', scene: 'apartment', communal: true },
  villas: { units: [3, 9], noun: 'villas', scene: 'villa', communal: false },
  'luxury-villa': { units: [1, 2], noun: 'luxury villas', scene: 'villa', communal: false },
  townhouses: { units: [6, 14], noun: 'townhouses', scene: 'townhouse', communal: true },
  bungalows: { units: [8, 18], noun: 'bungalows', scene: 'bungalow', communal: true },
  quads: { units: [8, 14], noun: 'quad houses', scene: 'townhouse', communal: true },
  plots: { units: [2, 5], noun: 'building plots', scene: 'land', communal: false },
  'country-houses': { units: [1, 3], noun: 'country houses', scene: 'villa', communal: false },
};

const STAGE_PHRASE = {
  off_plan: 'an off-plan development',
  under_construction: 'a new development, now under construction,',
  key_ready: 'a completed, key-ready development',
} as const;
type Stage = keyof typeof STAGE_PHRASE;

interface Unit {
  type: string;
  beds: number;
  baths: number;
  built: number | null;
  plot: number | null;
  terrace: number | null;
  solarium: number | null;
  garden: number | null;
  floor: string | null;
  pool: boolean;
  price: number;
  status: 'available' | 'reserved' | 'sold';
}

// --- the feed -------------------------------------------------------------------

/** The feed, one string per development (the first also opens the document, the last closes it). */
export function* feedChunks(options: FeedOptions): Generator<string, FeedCounts> {
  const rand = mulberry32(options.seed ?? DEMO_SEED);
  const media = options.mediaPrefix ?? MEDIA_PREFIX;
  const width = Math.max(4, String(options.projects).length);
  const names = new Map<string, number>();
  let units = 0;
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<root>\n<kyero><feed_version>3</feed_version></kyero>\n';
  for (let n = 1; n <= options.projects; n++) {
    const { xml, count } = development(rand, n, width, media, names);
    units += count;
    yield xml;
  }
  yield '</root>\n';
  return { projects: options.projects, units };
}

/** The whole feed as one string (the demo's 150 developments are about 3 MB). */
export function generateFeed(options: FeedOptions): string {
  return [...feedChunks(options)].join('');
}

/** Streams the feed to a writable, waiting for it to drain: flat memory at any size. */
export async function writeFeed(out: Writable, options: FeedOptions): Promise<FeedCounts> {
  const chunks = feedChunks(options);
  for (;;) {
    const next = chunks.next();
    if (next.done) return next.value;
    if (!out.write(next.value)) await once(out, 'drain');
  }
}

function development(rand: Random, n: number, width: number, media: string, names: Map<string, number>): { xml: string; count: number } {
  const area = weighted(rand, AREAS);
  const kinds = Object.entries(area.kinds).map(([kind, weight]) => ({ kind: kind as DevelopmentKind, weight: weight! }));
  const kind = weighted(rand, kinds).kind;
  const spec = KINDS[kind];
  const ref = `DEV-${String(n).padStart(width, '0')}`;
  const name = developmentName(rand, kind, area, names);
  const developer = pick(rand, DEVELOPERS);
  const neighbourhood = pick(rand, area.neighbourhoods);
  const lat = round(area.lat + (rand() - 0.5) * 0.018, 6);
  const lng = round(area.lng + (rand() - 0.5) * 0.018, 6);
  const stage = weighted(rand, [
    { s: 'off_plan' as Stage, weight: 4 },
    { s: 'under_construction' as Stage, weight: 3.5 },
    { s: 'key_ready' as Stage, weight: 2.5 },
  ]).s;
  const delivery = deliveryDate(rand, stage);
  const firstDay = int(rand, 0, 300);
  const count = int(rand, spec.units[0], spec.units[1]);
  const units = Array.from({ length: count }, (_, i) => unit(rand, kind, area, i, count, stage));
  // Something is for sale in every development: its last unit, at least.
  if (!units.some((u) => u.status === 'available')) units[count - 1]!.status = 'available';
  const features = amenities(rand, kind, spec);
  const description = describe(rand, { name, kind, spec, area, neighbourhood, stage, delivery, units, features });

  // The gallery: the main scene, then three to five others, then one or two plans.
  const p = `p${n}`;
  const others = sample(
    rand,
    kind === 'plots' ? ['land', 'street'] : ['pool', 'terrace', 'interior', 'street', 'garden', 'kitchen', 'bedroom'],
    int(rand, 2, 5),
  );
  const gallery = [spec.scene, ...others].map((scene, i) => ({
    url: `${media}/${p}-${scene}-${i + 1}.svg`,
    caption: CAPTIONS[scene] ?? null,
  }));
  const plans =
    kind === 'plots'
      ? []
      : Array.from({ length: int(rand, 1, 2) }, (_, i) => ({
          url: `${media}/${p}-plan-${i + 1}.svg`,
          caption: `Floor plan, type ${'AB'[i]}`,
        }));
  const markStyle = n % 3; // attribute, tag or child element
  const documents = [
    { kind: 'price_list', url: `${media}/${p}-price-list.svg`, title: `Price list — ${name}` },
    ...(plans.length ? [{ kind: 'floor_plan', url: `${media}/${p}-floor-plans.svg`, title: 'Floor plans' }] : []),
    ...(rand() < 0.85 ? [{ kind: 'brochure', url: `${media}/${p}-brochure.svg`, title: `${name} brochure` }] : []),
  ];

  const parts: string[] = [];
  units.forEach((u, i) => {
    const day = firstDay + int(rand, 0, 40);
    const date = feedDate(day, int(rand, 8, 19), int(rand, 0, 59));
    const images = [...gallery.map((g) => ({ ...g, plan: false })), ...(plans.length ? [{ ...plans[i % plans.length]!, plan: true }] : [])];
    parts.push(
      `<property>\n<id>${ref}-${String(i + 1).padStart(2, '0')}</id>\n<date>${date}</date>\n<ref>${esc(unitRef(name, n, i))}</ref>\n` +
        `<price>${u.price}</price>\n<currency>EUR</currency>\n<price_freq>sale</price_freq>\n<new_build>1</new_build>\n` +
        `<type>${esc(u.type)}</type>\n<town>${esc(area.town)}</town>\n<province>${esc(area.province)}</province>\n<country>Spain</country>\n` +
        `<location_detail>${esc(neighbourhood)}</location_detail>\n<location><latitude>${lat}</latitude><longitude>${lng}</longitude></location>\n` +
        `<beds>${u.beds}</beds>\n<baths>${u.baths}</baths>\n<pool>${u.pool ? 1 : 0}</pool>\n` +
        `<surface_area>${tag('built', u.built)}${tag('plot', u.plot)}${tag('terrace', u.terrace)}${tag('solarium', u.solarium)}${tag('garden', u.garden)}</surface_area>\n` +
        `<development_ref>${ref}</development_ref>\n<development_name>${esc(name)}</development_name>\n<developer>${esc(developer)}</developer>\n` +
        `<stage>${stage}</stage>\n<delivery_date>${delivery}</delivery_date>\n<status>${u.status}</status>\n` +
        (u.floor ? `<floor>${u.floor}</floor>\n` : '') +
        `<desc><en><![CDATA[${description}]]></en></desc>\n` +
        `<features>${features.map((f) => `<feature>${esc(f)}</feature>`).join('')}</features>\n` +
        `<images>${images.map((img, k) => image(img, k + 1, markStyle)).join('')}</images>\n` +
        `<documents>${documents.map((d) => `<document kind="${d.kind}"><url>${d.url}</url><title><en>${esc(d.title)}</en></title></document>`).join('')}</documents>\n` +
        `</property>\n`,
    );
  });
  return { xml: parts.join(''), count };
}

const CAPTIONS: Record<string, string> = {
  apartment: 'The building',
  villa: 'The villa',
  townhouse: 'The houses',
  bungalow: 'The bungalows',
  land: 'The plots',
  pool: 'Pool area',
  terrace: 'Terrace',
  interior: 'Living room',
  street: 'The neighbourhood',
  garden: 'Garden',
  kitchen: 'Kitchen',
  bedroom: 'Main bedroom',
};

function image(img: { url: string; caption: string | null; plan: boolean }, id: number, style: number): string {
  const title = img.caption ? `<title><en>${esc(img.caption)}</en></title>` : '';
  if (!img.plan) return `<image id="${id}"><url>${img.url}</url>${title}</image>`;
  if (style === 0) return `<image id="${id}" floorplan="1"><url>${img.url}</url>${title}</image>`;
  if (style === 1) return `<image id="${id}"><url>${img.url}</url>${title}<tags><tag>floorplan</tag></tags></image>`;
  return `<image id="${id}"><url>${img.url}</url>${title}<floorplan>1</floorplan></image>`;
}

function developmentName(rand: Random, kind: DevelopmentKind, area: Area, names: Map<string, number>): string {
  let base: string;
  if (kind === 'luxury-villa') base = `Villa ${pick(rand, NAME_SECOND)}`;
  else if (kind === 'plots') base = `Parcelas ${pick(rand, NAME_SECOND)}`;
  else if (kind === 'country-houses') base = `Cortijo ${pick(rand, NAME_SECOND)}`;
  else {
    const first = pick(rand, kind === 'villas' ? ['Villas', 'Lomas de', 'Altos de', 'Mirador de'] : NAME_FIRST);
    base = `${first} ${rand() < 0.25 ? area.town : pick(rand, NAME_SECOND)}`;
  }
  const seen = names.get(base) ?? 0;
  names.set(base, seen + 1);
  return seen < ROMAN.length ? `${base}${ROMAN[seen]}` : `${base} ${seen + 1}`;
}

function unit(rand: Random, kind: DevelopmentKind, area: Area, i: number, count: number, stage: Stage): Unit {
  const m2 = area.pricePerM2;
  let u: Unit;
  switch (kind) {
    case 'apartments': {
      const floors = Math.max(2, Math.ceil(count / 4));
      const floor = Math.floor(i / 4);
      const top = floor === floors - 1 && count > 4;
      const beds = top
        ? int(rand, 2, 3)
        : weighted(rand, [
            { b: 1, weight: 2 },
            { b: 2, weight: 5 },
            { b: 3, weight: 3 },
          ]).b;
      const built = 38 + beds * 20 + int(rand, 0, 14) + (top ? 10 : 0);
      u = {
        type: top ? 'Penthouse' : floor === 0 && rand() < 0.5 ? 'Ground Floor Apartment' : rand() < 0.15 ? 'Flat' : 'Apartment',
        beds,
        baths: beds >= 2 ? 2 : 1,
        built,
        plot: null,
        terrace: top ? int(rand, 15, 30) : int(rand, 8, 22),
        solarium: top ? int(rand, 35, 80) : null,
        garden: floor === 0 ? int(rand, 20, 60) : null,
        floor: top ? 'Top' : (ORDINALS[floor] ?? `${floor}th`),
        pool: false,
        price: built * m2 * (1 + floor * 0.02) * (top ? 1.15 : 1),
        status: 'available',
      };
      break;
    }
    case 'villas':
    case 'luxury-villa':
    case 'country-houses': {
      const luxury = kind === 'luxury-villa';
      const beds = luxury ? int(rand, 4, 5) : int(rand, 3, 5);
      const built = luxury ? int(rand, 320, 560) : kind === 'country-houses' ? int(rand, 180, 320) : 90 + beds * 30 + int(rand, 0, 50);
      const plot = luxury ? int(rand, 900, 2600) : kind === 'country-houses' ? int(rand, 3000, 12000) : int(rand, 320, 900);
      u = {
        type: kind === 'country-houses' ? 'Country House' : pick(rand, ['Villa', 'Villa', 'Detached Villa']),
        beds,
        baths: Math.min(4, luxury ? beds : beds - int(rand, 0, 1)),
        built,
        plot,
        terrace: int(rand, 20, 70),
        solarium: rand() < 0.6 ? int(rand, 30, 90) : null,
        garden: Math.max(0, plot - built),
        floor: null,
        pool: true,
        price:
          built * m2 * (luxury ? 1.25 : kind === 'country-houses' ? 0.75 : 1.1) + plot * m2 * (kind === 'country-houses' ? 0.02 : 0.08),
        status: 'available',
      };
      break;
    }
    case 'townhouses':
    case 'quads':
    case 'bungalows': {
      const beds = kind === 'townhouses' ? int(rand, 2, 4) : int(rand, 2, 3);
      const ground = kind === 'bungalows' ? i % 2 === 0 : true;
      const built = (kind === 'townhouses' ? 70 : 55) + beds * 14 + int(rand, 0, 16);
      const plot = ground ? int(rand, 70, 180) : null;
      u = {
        type:
          kind === 'quads'
            ? pick(rand, ['Quad House', 'Quad'])
            : kind === 'bungalows'
              ? 'Bungalow'
              : pick(rand, ['Townhouse', 'Town House', 'Semi-Detached', 'Duplex']),
        beds,
        baths: Math.min(3, beds),
        built,
        plot,
        terrace: int(rand, 8, 25),
        solarium: kind === 'bungalows' && ground ? null : int(rand, 20, 50),
        garden: plot !== null ? Math.max(0, plot - Math.round(built / 2)) : null,
        floor: kind === 'bungalows' ? (ground ? 'Ground' : 'Top') : null,
        pool: rand() < 0.25,
        price: built * m2 * 0.95 + (plot ?? 0) * m2 * 0.05,
        status: 'available',
      };
      break;
    }
    case 'plots': {
      const plot = int(rand, 500, 1600);
      u = {
        type: pick(rand, ['Plot', 'Land']),
        beds: 0,
        baths: 0,
        built: null,
        plot,
        terrace: null,
        solarium: null,
        garden: null,
        floor: null,
        pool: false,
        price: plot * m2 * 0.13,
        status: 'available',
      };
      break;
    }
  }
  u.price = Math.round((u.price * (0.93 + rand() * 0.14)) / 1000) * 1000 - (rand() < 0.3 ? 100 : 0);
  const r = rand();
  const soldShare = stage === 'key_ready' ? 0.35 : stage === 'under_construction' ? 0.2 : 0.1;
  u.status = r < soldShare ? 'sold' : r < soldShare + 0.1 ? 'reserved' : 'available';
  return u;
}

function amenities(rand: Random, kind: DevelopmentKind, spec: KindSpec): string[] {
  const list = sample(rand, COMMON_FEATURES, int(rand, 3, 5));
  if (spec.communal) list.push(...sample(rand, COMMUNAL_FEATURES, int(rand, 2, 4)));
  if (kind !== 'apartments' && kind !== 'plots') list.push(...sample(rand, PRIVATE_FEATURES, int(rand, 1, 3)));
  if (kind === 'plots') return ['Building licence', 'Water and electricity connections', 'Sea views'];
  return list;
}

function describe(
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

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function deliveryDate(rand: Random, stage: Stage): string {
  // Months counted from January 2024.
  const month = stage === 'key_ready' ? int(rand, 2, 17) : stage === 'under_construction' ? int(rand, 20, 35) : int(rand, 28, 54);
  return `${2024 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`;
}

/** Kyero's 'YYYY-MM-DD HH:MM:SS', counted in days from 1 January 2025. */
function feedDate(day: number, hour: number, minute: number): string {
  const d = new Date(Date.UTC(2025, 0, 1 + day, hour, minute, 0));
  return d.toISOString().replace('T', ' ').slice(0, 19);
}

function unitRef(name: string, n: number, i: number): string {
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-ZÁÉÍÓÚ]/.test(w))
    .map((w) => w[0])
    .join('')
    .normalize('NFKD')
    .replace(/[^A-Z]/g, '');
  return `${initials || 'U'}${n}-${i + 1}`;
}

const tag = (name: string, value: number | null) => (value === null ? '' : `<${name}>${value}</${name}>`);
const round = (x: number, digits: number) => Number(x.toFixed(digits));
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** 'Communal pool' → 'communal pool'; 'Energy rating A' keeps its capital A. */
const lowerFirst = (s: string) => (/^[A-Z][a-z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s);

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
