// A feed's <type> → a category key. Kyero leaves the type free text, so the
// same home arrives as 'Flat', 'Apartment' or 'Ground Floor Apartment': the
// names agents use map onto KNOWN_CATEGORIES; anything else becomes a category
// of its own, keyed by its slug (the importer gives it an id from 100 up).
import { KNOWN_CATEGORIES } from '../../shared/catalogue.ts';
import { detach, slugify } from './text.ts';

export type KnownCategoryKey = (typeof KNOWN_CATEGORIES)[number]['key'];

/** English names for the known keys: the `name` column of their rows. */
export const KNOWN_CATEGORY_NAMES: Record<KnownCategoryKey, string> = {
  apartment: 'Apartment',
  villa: 'Villa',
  townhouse: 'Townhouse',
  bungalow: 'Bungalow',
  duplex: 'Duplex',
  'semi-detached': 'Semi-detached house',
  land: 'Land',
  'quad-house': 'Quad house',
  studio: 'Studio',
  penthouse: 'Penthouse',
  other: 'Other',
};

// Checked in order against the words of the normalised type name: the first
// rule whose words all occur wins, so 'Penthouse Apartment' is a penthouse and
// 'Semi-Detached Villa' semi-detached. Spanish words appear in Spanish feeds.
const RULES: Array<[KnownCategoryKey, string[][]]> = [
  ['penthouse', [['penthouse'], ['atico'], ['attic']]],
  ['studio', [['studio'], ['estudio']]],
  ['quad-house', [['quad'], ['quadhouse'], ['quatro'], ['cuatro', 'casas']]],
  ['semi-detached', [['semi'], ['semidetached'], ['pareado'], ['pareada']]],
  ['bungalow', [['bungalow'], ['bungalo']]],
  ['duplex', [['duplex'], ['triplex']]],
  ['townhouse', [['townhouse'], ['town', 'house'], ['terraced'], ['terrace', 'house'], ['adosado'], ['adosada'], ['row', 'house']]],
  ['land', [['land'], ['plot'], ['plots'], ['parcela'], ['solar'], ['terreno']]],
  ['villa', [['villa'], ['villas'], ['detached'], ['chalet'], ['house'], ['houses'], ['casa'], ['casas'], ['independiente']]],
  [
    'apartment',
    [
      ['apartment'],
      ['apartments'],
      ['flat'],
      ['flats'],
      ['apartamento'],
      ['apartamentos'],
      ['piso'],
      ['pisos'],
      ['ground', 'floor'],
      ['condo'],
    ],
  ],
  ['other', [['other'], ['otro']]],
];

// Words of a type that is not a home ('Commercial Ground Floor', 'Local
// comercial', 'Plaza de garaje') when it starts with one, or has one and names
// no dwelling (a home rule of RULES: 'Apartment with garage' is a home). Plots
// are homes to be: the catalogue has a land category.
const NOT_A_HOME = new Set([
  'commercial',
  'comercial',
  'premises',
  'local',
  'locales',
  'shop',
  'shops',
  'store',
  'tienda',
  'storage',
  'storeroom',
  'trastero',
  'garage',
  'garages',
  'garaje',
  'garajes',
  'parking',
  'aparcamiento',
  'office',
  'offices',
  'oficina',
  'oficinas',
  'restaurant',
  'restaurante',
  'bar',
  'cafe',
  'cafeteria',
  'hotel',
  'hostal',
  'warehouse',
  'nave',
  'almacen',
  'industrial',
  'business',
  'negocio',
]);

// Words that make a 'house' something else than a villa: these stay categories
// of their own ('Cave House', 'Country House').
const NOT_A_VILLA = new Set(['cave', 'country', 'finca', 'cortijo', 'farm', 'village', 'mobile', 'wooden', 'boat']);

export interface CategoryChoice {
  key: string;
  known: boolean;
  /** false for premises, garages, parking, storage, offices…: the importer skips them (the site lists homes). */
  home: boolean;
  /** The name as the feed wrote it (tidied): the name of a new category. */
  name: string;
}

const choices = new Map<string, CategoryChoice | null>();

/** null when the name has no letters or digits at all. */
export function categoryFor(typeName: string): CategoryChoice | null {
  let choice = choices.get(typeName);
  if (choice === undefined) {
    choice = choose(typeName);
    if (choices.size >= 10_000) choices.clear();
    choices.set(detach(typeName), choice);
  }
  return choice;
}

function choose(typeName: string): CategoryChoice | null {
  const name = typeName.replace(/\s+/g, ' ').trim().slice(0, 80);
  const slug = slugify(name);
  if (!slug) return null;
  const list = slug.split('-');
  const rule = ruleFor(new Set(list));
  if (NOT_A_HOME.has(list[0]!) || (list.some((w) => NOT_A_HOME.has(w)) && !rule?.dwelling))
    return { key: slug, known: false, home: false, name: newName(name) };
  if (rule) return { key: rule.key, known: true, home: true, name: KNOWN_CATEGORY_NAMES[rule.key] };
  const known = KNOWN_CATEGORIES.find((c) => c.key === slug);
  if (known) return { key: known.key, known: true, home: true, name: KNOWN_CATEGORY_NAMES[known.key] };
  return { key: slug, known: false, home: true, name: newName(name) };
}

/**
 * The first rule the words match, and whether what matched names a dwelling:
 * not land, not 'other', and not 'ground floor' alone (a commercial ground
 * floor is premises).
 */
function ruleFor(words: Set<string>): { key: KnownCategoryKey; dwelling: boolean } | null {
  for (const [key, alternatives] of RULES) {
    if (key === 'villa' && [...words].some((w) => NOT_A_VILLA.has(w))) continue;
    const matched = alternatives.find((all) => all.every((w) => words.has(w)));
    if (matched) return { key, dwelling: key !== 'land' && key !== 'other' && matched[0] !== 'ground' };
  }
  return null;
}

const newName = (name: string) => detach(name.charAt(0).toUpperCase() + name.slice(1));
