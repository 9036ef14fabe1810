// The demo's floor plans and documents' first pages (a price list, floor
// plans, a brochure).
import { int, pick, type Random } from './prng.ts';
import type { Palette } from './svg-palette.ts';
import { W, H, rect } from './svg-parts.ts';
import { apartment, townhouse, villa } from './svg-scenes.ts';

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

export function plan(r: Random): string {
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

export function priceList(r: Random, p: Palette): string {
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

export function floorPlans(r: Random, p: Palette): string {
  return page(p, 'Floor plans', planDrawing(r, 225, 120, 350, 220, 0.6) + planDrawing(r, 225, 360, 350, 190, 0.55));
}

export function brochure(r: Random, p: Palette): string {
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
