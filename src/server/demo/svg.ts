// The demo catalogue's pictures, drawn on request: a stylised Mediterranean
// scene (a villa, an apartment block, a pool, a terrace…), a floor plan, or a
// document's first page, chosen by a word in the name and varied (colours,
// proportions, time of day) by a hash of the whole name. The same name always
// gives the same bytes, so the files can be cached forever.
//
//   drawDemoImage('p12-villa-1')   → '<svg …>'
//   drawDemoImage('nothing-here')  → null (no scene word)
import { hashString, mulberry32 } from './prng.ts';
import { DEMO_DRAWING_NAME } from '../../shared/demo-pictures.ts';
import { palette } from './svg-palette.ts';
import { H, W, type Draw } from './svg-parts.ts';
import { villa, apartment, townhouse, bungalow, land, pool, terrace, interior, kitchen, bedroom, street, garden } from './svg-scenes.ts';
import { brochure, floorPlans, plan, priceList } from './svg-documents.ts';

export const MAX_NAME_LENGTH = 80;

const SCENES: Record<string, Draw> = {
  villa,
  apartment,
  penthouse: apartment,
  townhouse,
  bungalow,
  land,
  pool,
  terrace,
  interior,
  kitchen,
  bedroom,
  street,
  garden,
  plan,
};
const DOCUMENTS: Record<string, Draw> = { 'price-list': priceList, 'floor-plans': floorPlans, brochure };

/** What a name draws: the first word (or two) that names a scene or a document. */
function choose(name: string): { draw: Draw; label: string; document: boolean } | null {
  if (name.length > MAX_NAME_LENGTH || !DEMO_DRAWING_NAME.test(name)) return null;
  const words = name.split('-');
  for (let i = 0; i < words.length; i++) {
    const two = `${words[i]}-${words[i + 1]}`;
    if (DOCUMENTS[two]) return { draw: DOCUMENTS[two], label: two, document: true };
    if (DOCUMENTS[words[i]!]) return { draw: DOCUMENTS[words[i]!]!, label: words[i]!, document: true };
    if (SCENES[words[i]!]) return { draw: SCENES[words[i]!]!, label: words[i]!, document: false };
  }
  return null;
}

/** Whether a name draws a document (price list, floor plans, brochure): those are for registered clients only. */
export function isDemoDocument(name: string): boolean {
  return choose(name)?.document ?? false;
}

/** The SVG for a name (without '.svg'), or null when the name names no scene. */
export function drawDemoImage(name: string): string | null {
  const picked = choose(name);
  if (!picked) return null;
  const r = mulberry32(hashString(name));
  const body = picked.draw(r, palette(r));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img">` +
    `<title>${TITLES[picked.label] ?? picked.label}</title>${body}</svg>`
  );
}

const TITLES: Record<string, string> = {
  villa: 'A villa',
  apartment: 'An apartment building',
  penthouse: 'A penthouse',
  townhouse: 'Townhouses',
  bungalow: 'Bungalows',
  land: 'A building plot',
  pool: 'The pool',
  terrace: 'A terrace',
  interior: 'A living room',
  kitchen: 'A kitchen',
  bedroom: 'A bedroom',
  street: 'The neighbourhood',
  garden: 'A garden',
  plan: 'A floor plan',
  'price-list': 'Price list',
  'floor-plans': 'Floor plans',
  brochure: 'Brochure',
};
