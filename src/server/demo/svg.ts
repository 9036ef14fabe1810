// The demo catalogue's pictures, drawn on request: a stylised Mediterranean
// scene (a villa, an apartment block, a pool, a terrace…), a floor plan, or a
// document's first page, chosen by a word in the name and varied (colours,
// proportions, time of day) by a hash of the whole name. The same name always
// gives the same bytes, so the files can be cached forever.
//
//   drawDemoImage('p12-villa-1')   → '<svg …>'
//   drawDemoImage('nothing-here')  → null (no scene word)
import { hashString, int, mulberry32, pick, type Random } from './prng.ts';

/** What a name may look like: lowercase words of letters and digits joined by dashes. */
export const DEMO_IMAGE_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const MAX_NAME_LENGTH = 80;

const W = 800;
const H = 600;

type Draw = (r: Random, p: Palette) => string;

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
  if (name.length > MAX_NAME_LENGTH || !DEMO_IMAGE_NAME.test(name)) return null;
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

// --- colours ----------------------------------------------------------------------

interface Palette {
  skyTop: string;
  skyBottom: string;
  sun: string;
  sea: string;
  seaLight: string;
  hills: string;
  hillsFar: string;
  ground: string;
  wall: string;
  wallShade: string;
  accent: string;
  glass: string;
  wood: string;
  green: string;
  water: string;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h)} ${Math.round(s)}% ${Math.round(l)}%)`;

function palette(r: Random): Palette {
  // Day, golden hour or dusk light.
  const time = pick(r, ['day', 'day', 'golden', 'dusk'] as const);
  const skyHue = time === 'day' ? 200 + r() * 15 : time === 'golden' ? 30 + r() * 15 : 265 + r() * 25;
  const wallHue = pick(r, [40, 35, 30, 20, 0]);
  const accentHue = pick(r, [200, 210, 15, 150, 25, 190, 340]);
  return {
    skyTop: hsl(time === 'day' ? skyHue : 215, time === 'day' ? 70 : 45, time === 'dusk' ? 35 : 62),
    skyBottom: hsl(skyHue, time === 'day' ? 80 : 85, time === 'day' ? 88 : 78),
    sun: time === 'day' ? hsl(48, 100, 88) : hsl(35, 100, 70),
    sea: hsl(198 + r() * 14, 70, time === 'dusk' ? 35 : 42),
    seaLight: hsl(190 + r() * 10, 70, 62),
    hills: hsl(90 + r() * 40, 22, time === 'dusk' ? 30 : 48),
    hillsFar: hsl(210, 18, time === 'dusk' ? 45 : 72),
    ground: hsl(38 + r() * 10, 35, 78),
    wall: hsl(wallHue, wallHue === 0 ? 0 : 30 + r() * 20, 93 - r() * 6),
    wallShade: hsl(wallHue, 15, 78),
    accent: hsl(accentHue, 55, 45),
    glass: hsl(200, 45, time === 'dusk' ? 60 : 32),
    wood: hsl(28, 40, 45),
    green: hsl(110 + r() * 30, 40, 38),
    water: hsl(188, 75, 55),
  };
}

// --- shared parts -----------------------------------------------------------------

const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra}/>`;

function sky(r: Random, p: Palette, horizon: number, sea = true): string {
  const sunX = 120 + r() * 560;
  return (
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="1" stop-color="${p.skyBottom}"/></linearGradient>` +
    `<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.sea}"/><stop offset="1" stop-color="${p.seaLight}"/></linearGradient>` +
    `<linearGradient id="glass" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${p.glass}"/><stop offset="1" stop-color="${p.skyBottom}" stop-opacity="0.9"/></linearGradient></defs>` +
    rect(0, 0, W, horizon + 2, 'url(#sky)') +
    `<circle cx="${sunX.toFixed(0)}" cy="${(60 + r() * 90).toFixed(0)}" r="${(28 + r() * 18).toFixed(0)}" fill="${p.sun}" opacity="0.9"/>` +
    clouds(r) +
    `<path d="M0 ${horizon} ${hillLine(r, horizon - 40, 30)} L${W} ${horizon} Z" fill="${p.hillsFar}" opacity="0.8"/>` +
    (sea ? rect(0, horizon, W, 40, 'url(#sea)') : '')
  );
}

function clouds(r: Random): string {
  let out = '';
  for (let i = int(r, 1, 3); i > 0; i--) {
    const x = r() * W;
    const y = 40 + r() * 120;
    const s = 0.6 + r() * 0.8;
    out += `<g fill="#fff" opacity="0.75"><ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(50 * s).toFixed(0)}" ry="${(14 * s).toFixed(0)}"/><ellipse cx="${(x + 25 * s).toFixed(0)}" cy="${(y - 9 * s).toFixed(0)}" rx="${(28 * s).toFixed(0)}" ry="${(14 * s).toFixed(0)}"/></g>`;
  }
  return out;
}

function hillLine(r: Random, base: number, amplitude: number): string {
  let d = '';
  for (let x = 0; x <= W; x += 100) d += `L${x} ${(base - r() * amplitude).toFixed(0)} `;
  return d;
}

function palm(x: number, ground: number, h: number, p: Palette): string {
  const top = ground - h;
  const fronds = [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (a) =>
        `<ellipse cx="${x}" cy="${top}" rx="${(h * 0.32).toFixed(0)}" ry="${(h * 0.06).toFixed(0)}" fill="${p.green}" transform="rotate(${a} ${x} ${top}) translate(${(h * 0.28).toFixed(0)} 0)"/>`,
    )
    .join('');
  return `<path d="M${x - 5} ${ground} Q${x + h * 0.08} ${ground - h / 2} ${x} ${top} L${x + 4} ${top} Q${x + h * 0.12} ${ground - h / 2} ${x + 5} ${ground} Z" fill="${p.wood}"/>${fronds}`;
}

function shrub(x: number, y: number, s: number, p: Palette): string {
  return `<g fill="${p.green}"><circle cx="${x}" cy="${y}" r="${s}"/><circle cx="${x + s * 0.9}" cy="${y + 2}" r="${s * 0.8}"/><circle cx="${x - s * 0.9}" cy="${y + 3}" r="${s * 0.7}"/></g>`;
}

function windowGlass(x: number, y: number, w: number, h: number, p: Palette): string {
  return (
    rect(x, y, w, h, 'url(#glass)', ` stroke="${p.wallShade}" stroke-width="3"`) +
    `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="${p.wallShade}" stroke-width="2"/>`
  );
}

function poolShape(x: number, y: number, w: number, h: number, p: Palette): string {
  let waves = '';
  for (let i = 1; i < 4; i++)
    waves += `<path d="M${x + 15} ${y + (h * i) / 4} q${w / 8} -6 ${w / 4} 0 t${w / 4} 0 t${w / 4} 0" stroke="#fff" stroke-width="2" fill="none" opacity="0.45"/>`;
  return rect(x - 8, y - 8, w + 16, h + 16, p.wall) + rect(x, y, w, h, p.water) + waves;
}

// --- scenes -----------------------------------------------------------------------

function villa(r: Random, p: Palette): string {
  const horizon = 290;
  const ground = 470;
  const x = 150 + r() * 120;
  const w = 330 + r() * 80;
  const h1 = 110 + r() * 20;
  const h2 = 90 + r() * 20;
  const upperX = x + (r() < 0.5 ? 0 : w * 0.35);
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, ground - horizon - 40, p.hills) + rect(0, ground, W, H - ground, p.ground);
  out += rect(x, ground - h1, w, h1, p.wall) + rect(x + w * 0.62, ground - h1, w * 0.38, h1, p.wallShade, ' opacity="0.45"');
  out += rect(upperX - 15, ground - h1 - h2 - 10, w * 0.65 + 30, 12, p.wallShade) + rect(upperX, ground - h1 - h2, w * 0.65, h2, p.wall);
  out += windowGlass(x + 20, ground - h1 + 25, w * 0.45, h1 - 25, p) + windowGlass(x + w * 0.6, ground - h1 + 30, w * 0.3, h1 - 55, p);
  out += windowGlass(upperX + 20, ground - h1 - h2 + 20, w * 0.3, h2 - 35, p);
  out += rect(upperX + w * 0.4, ground - h1 - h2 + 22, w * 0.18, h2 - 40, p.accent, ' opacity="0.85"');
  out += poolShape(x - 40 + r() * 60, ground + 30, w * 0.7, 50, p);
  out += palm(x - 50, ground + 10, 170 + r() * 40, p) + palm(x + w + 60, ground + 15, 140 + r() * 40, p);
  out += shrub(x + w + 10, ground - 5, 16, p) + shrub(x - 10, ground - 4, 14, p);
  return out;
}

function apartment(r: Random, p: Palette): string {
  const horizon = 300;
  const ground = 500;
  const floors = int(r, 4, 7);
  const fh = Math.min(62, 300 / floors);
  const x = 170 + r() * 90;
  const w = 380 + r() * 60;
  const top = ground - floors * fh;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, ground - horizon - 40, p.hills) + rect(0, ground, W, H - ground, p.ground);
  out += rect(x, top, w, ground - top, p.wall) + rect(x + w * 0.7, top, w * 0.3, ground - top, p.wallShade, ' opacity="0.4"');
  const bays = int(r, 3, 4);
  for (let f = 0; f < floors; f++) {
    const y = top + f * fh;
    out += rect(x - 12, y + fh - 8, w + 24, 8, p.wallShade);
    for (let b = 0; b < bays; b++) {
      const bx = x + 18 + (b * (w - 36)) / bays;
      const bw = (w - 36) / bays - 16;
      out += windowGlass(bx, y + 10, bw, fh - 24, p);
      out += rect(bx - 4, y + fh - 28, bw + 8, 20, p.seaLight, ` opacity="0.35" stroke="${p.wallShade}" stroke-width="2"`);
    }
  }
  out += rect(x + w * 0.1, top - 18, w * 0.5, 18, p.accent, ' opacity="0.8"');
  out +=
    palm(x - 60, ground + 20, 180, p) +
    palm(x + w + 50, ground + 25, 160, p) +
    shrub(x + 40, ground + 10, 18, p) +
    shrub(x + w - 60, ground + 12, 16, p);
  return out;
}

function townhouse(r: Random, p: Palette): string {
  const horizon = 290;
  const ground = 480;
  const n = int(r, 3, 5);
  const uw = 560 / n;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, ground - horizon - 40, p.hills) + rect(0, ground, W, H - ground, p.ground);
  for (let i = 0; i < n; i++) {
    const x = 120 + i * uw;
    const h = 150 + (i % 2) * 22;
    out += rect(x, ground - h, uw - 6, h, i % 2 ? p.wall : p.wallShade);
    out += windowGlass(x + 14, ground - h + 22, uw * 0.4, 50, p) + rect(x + uw * 0.6, ground - 80, uw * 0.22, 80, p.accent);
    out += windowGlass(x + 14, ground - 75, uw * 0.4, 60, p);
    out +=
      `<path d="M${x} ${ground - h - 16} h${uw - 6}" stroke="${p.glass}" stroke-width="3"/>` +
      rect(x, ground - h - 16, uw - 6, 16, p.seaLight, ' opacity="0.35"');
  }
  out += palm(90, ground + 20, 170, p) + palm(710, ground + 20, 150, p) + shrub(200, ground + 8, 15, p) + shrub(520, ground + 10, 17, p);
  return out;
}

function bungalow(r: Random, p: Palette): string {
  const horizon = 290;
  const ground = 480;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, ground - horizon - 40, p.hills) + rect(0, ground, W, H - ground, p.ground);
  const n = int(r, 2, 3);
  for (let i = 0; i < n; i++) {
    const x = 110 + i * (600 / n);
    const w = 600 / n - 20;
    out += rect(x, ground - 90, w, 90, p.wall) + rect(x + 10, ground - 170, w - 20, 80, p.wallShade);
    out += windowGlass(x + 16, ground - 70, w * 0.5, 60, p) + windowGlass(x + 26, ground - 155, w * 0.45, 55, p);
    out += `<path d="M${x + w - 14} ${ground} l-40 -90" stroke="${p.wood}" stroke-width="6"/>`;
    out += rect(x + 10, ground - 186, w - 20, 16, p.seaLight, ' opacity="0.35"') + rect(x + w * 0.6, ground - 60, w * 0.16, 60, p.accent);
  }
  out += palm(70, ground + 20, 160, p) + palm(735, ground + 15, 170, p);
  return out;
}

function land(r: Random, p: Palette): string {
  const horizon = 270;
  let out = sky(r, p, horizon, r() < 0.6);
  out += `<path d="M0 ${horizon + 40} ${hillLine(r, horizon + 60, 40)} L${W} ${H} L0 ${H} Z" fill="${p.hills}"/>`;
  out += `<path d="M0 420 ${hillLine(r, 440, 20)} L${W} ${H} L0 ${H} Z" fill="${p.ground}"/>`;
  out += `<path d="M180 470 L620 450 L700 560 L120 575 Z" fill="none" stroke="${p.wood}" stroke-width="4" stroke-dasharray="14 10"/>`;
  out +=
    `<path d="M640 470 v-80" stroke="${p.wood}" stroke-width="6"/>` +
    rect(600, 370, 90, 44, p.accent) +
    rect(612, 384, 66, 6, '#fff') +
    rect(612, 396, 44, 6, '#fff');
  for (let i = 0; i < 6; i++) out += shrub(60 + r() * 680, 470 + r() * 100, 8 + r() * 10, p);
  return out;
}

function pool(r: Random, p: Palette): string {
  const horizon = 250;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, H - horizon - 40, p.ground);
  out += `<path d="M170 330 L630 330 L760 560 L40 560 Z" fill="${p.wall}"/><path d="M200 345 L600 345 L700 530 L100 530 Z" fill="${p.water}"/>`;
  for (let i = 0; i < 4; i++)
    out += `<path d="M${190 - i * 25} ${370 + i * 45} q60 -10 120 0 t120 0 t120 0 t120 0" stroke="#fff" stroke-width="2.5" fill="none" opacity="0.5"/>`;
  for (let i = 0; i < 3; i++) {
    const x = 90 + i * 90;
    out += `<path d="M${x} 320 l60 0 l10 -22" stroke="${p.accent}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  }
  out += `<path d="M640 330 v-110" stroke="${p.wood}" stroke-width="5"/><path d="M575 230 Q640 170 705 230 Z" fill="${p.accent}"/>`;
  out += palm(40, 340, 200, p) + palm(770, 345, 180, p);
  return out;
}

function terrace(r: Random, p: Palette): string {
  const horizon = 330;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, 40, p.seaLight, ' opacity="0.6"');
  out += rect(0, 430, W, H - 430, p.ground) + rect(0, 330, W, 100, p.skyBottom, ' opacity="0.25"');
  out +=
    `<path d="M0 430 H${W}" stroke="${p.wallShade}" stroke-width="6"/>` +
    rect(0, 360, W, 70, p.seaLight, ` opacity="0.25" stroke="${p.glass}" stroke-width="2"`);
  out += `<ellipse cx="400" cy="480" rx="80" ry="22" fill="${p.wood}"/><path d="M400 500 v60" stroke="${p.wood}" stroke-width="8"/>`;
  out += rect(250, 470, 60, 70, p.accent, ' rx="8"') + rect(490, 470, 60, 70, p.accent, ' rx="8"');
  out += `<path d="M80 560 l20 -60 h60 l20 60 Z" fill="${p.wallShade}"/>` + shrub(130, 485, 26, p);
  out += `<path d="M640 560 l20 -60 h60 l20 60 Z" fill="${p.wallShade}"/>` + shrub(690, 485, 22, p);
  return out;
}

function room(r: Random, p: Palette): { out: string; floor: number } {
  const floor = 430;
  let out = sky(r, p, 300) + rect(0, 0, W, floor, p.wall);
  const wx = 120 + r() * 120;
  out += `<clipPath id="view"><rect x="${wx}" y="70" width="420" height="270"/></clipPath><g clip-path="url(#view)">${rect(0, 0, W, 300, 'url(#sky)')}${rect(0, 300, W, 60, 'url(#sea)')}</g>`;
  out +=
    rect(wx, 70, 420, 270, 'none', ` stroke="${p.wallShade}" stroke-width="10"`) +
    `<path d="M${wx + 210} 70 v270" stroke="${p.wallShade}" stroke-width="6"/>`;
  out += rect(0, floor, W, H - floor, p.ground) + `<path d="M0 ${floor} H${W}" stroke="${p.wallShade}" stroke-width="4"/>`;
  return { out, floor };
}

function interior(r: Random, p: Palette): string {
  const { out, floor } = room(r, p);
  return (
    out +
    rect(180, floor - 10, 360, 90, p.accent, ' rx="18"') +
    rect(170, floor - 50, 380, 60, p.accent, ' rx="22" opacity="0.85"') +
    rect(220, floor + 40, 60, 20, p.wallShade) +
    `<ellipse cx="400" cy="${floor + 120}" rx="120" ry="18" fill="${p.wood}" opacity="0.7"/>` +
    `<path d="M660 ${floor + 60} v-150" stroke="${p.wood}" stroke-width="4"/>` +
    shrub(660, floor - 100, 30, p) +
    rect(630, floor + 40, 60, 40, p.wallShade)
  );
}

function kitchen(r: Random, p: Palette): string {
  const { out, floor } = room(r, p);
  return (
    out +
    rect(80, floor - 110, 640, 110, p.wallShade) +
    rect(80, floor - 118, 640, 12, p.wall) +
    rect(200, floor + 20, 400, 70, p.accent) +
    rect(190, floor + 10, 420, 14, p.wall) +
    [260, 360, 460, 560]
      .map(
        (x) =>
          `<path d="M${x} ${floor + 100} v60" stroke="${p.wood}" stroke-width="5"/><circle cx="${x}" cy="${floor + 98}" r="14" fill="${p.wood}"/>`,
      )
      .join('')
  );
}

function bedroom(r: Random, p: Palette): string {
  const { out, floor } = room(r, p);
  return (
    out +
    rect(200, floor - 60, 400, 70, p.wood, ' rx="6"') +
    rect(190, floor + 10, 420, 90, '#fff', ' rx="10"') +
    rect(190, floor + 50, 420, 50, p.accent, ' rx="8" opacity="0.85"') +
    rect(230, floor - 20, 110, 40, p.wallShade, ' rx="12"') +
    rect(460, floor - 20, 110, 40, p.wallShade, ' rx="12"')
  );
}

function street(r: Random, p: Palette): string {
  const horizon = 300;
  let out = sky(r, p, horizon, false) + rect(0, horizon, W, H - horizon, p.ground);
  out += `<path d="M360 ${horizon} L440 ${horizon} L700 ${H} L100 ${H} Z" fill="${p.wallShade}"/><path d="M400 ${horizon + 10} V${H}" stroke="#fff" stroke-width="5" stroke-dasharray="26 22"/>`;
  for (let i = 0; i < 3; i++) {
    const s = 1 - i * 0.28;
    out +=
      rect(330 - 300 * s, horizon - 130 * s, 240 * s, 130 * s + 40 * s, i % 2 ? p.wall : p.wallShade) +
      windowGlass(350 - 300 * s, horizon - 100 * s, 80 * s, 50 * s, p);
    out +=
      rect(470 + 60 * s, horizon - 150 * s, 240 * s, 150 * s + 40 * s, i % 2 ? p.wallShade : p.wall) +
      windowGlass(500 + 60 * s, horizon - 120 * s, 80 * s, 50 * s, p);
  }
  out += palm(120, 560, 220, p) + palm(690, 560, 210, p) + palm(250, 420, 120, p) + palm(560, 420, 110, p);
  return out;
}

function garden(r: Random, p: Palette): string {
  const horizon = 280;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, H - horizon - 40, p.green);
  out +=
    rect(430, horizon - 20, 300, 160, p.wall) + windowGlass(460, horizon + 10, 140, 100, p) + rect(630, horizon + 40, 50, 100, p.accent);
  out += `<path d="M560 ${horizon + 140} Q420 460 300 ${H}" stroke="${p.ground}" stroke-width="46" fill="none"/>`;
  for (let i = 0; i < 7; i++) out += shrub(40 + r() * 360, 360 + r() * 200, 14 + r() * 14, p);
  out += palm(90, 520, 220, p) + palm(760, 470, 170, p);
  return out;
}

// --- plans and documents ----------------------------------------------------------------

/** A floor plan: the outline split into rooms (bigger first), walls, doors and labels. */
function planDrawing(r: Random, x: number, y: number, w: number, h: number, scale: number): string {
  const rooms = ['Living / dining', 'Kitchen', 'Bedroom 1', 'Bedroom 2', 'Bath', 'Terrace'];
  const cells: Array<[number, number, number, number]> = [[x, y, w, h]];
  while (cells.length < rooms.length) {
    cells.sort((a, b) => b[2] * b[3] - a[2] * a[3]);
    const [cx, cy, cw, ch] = cells.shift()!;
    const f = 0.4 + r() * 0.2;
    if (cw > ch) cells.push([cx, cy, cw * f, ch], [cx + cw * f, cy, cw * (1 - f), ch]);
    else cells.push([cx, cy, cw, ch * f], [cx, cy + ch * f, cw, ch * (1 - f)]);
  }
  cells.sort((a, b) => b[2] * b[3] - a[2] * a[3]);
  const stroke = 6 * scale;
  const total = 60 + r() * 90;
  let out = '';
  cells.forEach(([cx, cy, cw, ch], i) => {
    const name = rooms[i]!;
    const fill = name === 'Terrace' ? '#e9f3f7' : name === 'Bath' ? '#eef5f1' : '#fbfaf6';
    out += `<rect x="${cx.toFixed(1)}" y="${cy.toFixed(1)}" width="${cw.toFixed(1)}" height="${ch.toFixed(1)}" fill="${fill}" stroke="#2b3440" stroke-width="${stroke}"/>`;
    const door = Math.min(cw, ch) * 0.28;
    out += `<path d="M${(cx + 8 * scale).toFixed(1)} ${(cy + ch).toFixed(1)} a${door.toFixed(1)} ${door.toFixed(1)} 0 0 1 ${door.toFixed(1)} ${(-door).toFixed(1)}" stroke="#8a94a0" stroke-width="${1.5 * scale}" fill="none"/>`;
    const area = Math.max(3, Math.round(((cw * ch) / (w * h)) * total));
    out += `<text x="${(cx + cw / 2).toFixed(1)}" y="${(cy + ch / 2).toFixed(1)}" font-family="sans-serif" font-size="${(15 * scale).toFixed(1)}" fill="#2b3440" text-anchor="middle">${name}</text>`;
    out += `<text x="${(cx + cw / 2).toFixed(1)}" y="${(cy + ch / 2 + 18 * scale).toFixed(1)}" font-family="sans-serif" font-size="${(12 * scale).toFixed(1)}" fill="#6b7480" text-anchor="middle">${area} m²</text>`;
  });
  return out;
}

function plan(r: Random): string {
  return (
    rect(0, 0, W, H, '#ffffff') +
    planDrawing(r, 70, 60, 660, 460, 1) +
    `<text x="70" y="560" font-family="sans-serif" font-size="16" fill="#6b7480">Floor plan · indicative, not to scale</text>` +
    `<path d="M700 555 l0 -30 l-8 12 m8 -12 l8 12" stroke="#2b3440" stroke-width="2" fill="none"/><text x="695" y="575" font-family="sans-serif" font-size="14" fill="#2b3440">N</text>`
  );
}

function page(p: Palette, title: string, inner: string): string {
  return (
    rect(0, 0, W, H, '#e8e6e1') +
    rect(190, 20, 420, 560, '#ffffff', ' stroke="#d5d2cb"') +
    rect(190, 20, 420, 70, p.accent) +
    `<text x="215" y="65" font-family="sans-serif" font-size="26" font-weight="bold" fill="#ffffff">${title}</text>` +
    inner
  );
}

function priceList(r: Random, p: Palette): string {
  let rows = '';
  const n = int(r, 8, 14);
  for (let i = 0; i < n; i++) {
    const y = 130 + i * 30;
    rows += rect(215, y - 16, 370, 26, i % 2 ? '#ffffff' : '#f3f1ec');
    rows += rect(225, y - 8, 50, 8, '#9aa2ac') + rect(300, y - 8, 30 + r() * 30, 8, '#c0c6cc') + rect(400, y - 8, 40, 8, '#c0c6cc');
    rows += rect(500, y - 8, 70, 8, i % 5 === 3 ? p.accent : '#2b3440');
  }
  return page(p, 'Price list', rows + rect(215, 560 - 20, 250, 8, '#c0c6cc'));
}

function floorPlans(r: Random, p: Palette): string {
  return page(p, 'Floor plans', planDrawing(r, 225, 120, 350, 220, 0.6) + planDrawing(r, 225, 360, 350, 190, 0.55));
}

function brochure(r: Random, p: Palette): string {
  const scene = pick(r, [villa, apartment, townhouse]);
  return (
    rect(0, 0, W, H, '#e8e6e1') +
    `<svg x="190" y="20" width="420" height="380" viewBox="100 0 600 560" preserveAspectRatio="xMidYMid slice">${scene(r, p)}</svg>` +
    rect(190, 400, 420, 180, p.accent) +
    `<text x="215" y="460" font-family="sans-serif" font-size="34" font-weight="bold" fill="#ffffff">New homes</text>` +
    `<text x="215" y="500" font-family="sans-serif" font-size="20" fill="#ffffff">by the Mediterranean</text>` +
    rect(215, 530, 120, 6, '#ffffff')
  );
}
