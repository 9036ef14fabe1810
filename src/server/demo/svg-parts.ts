// The shapes the demo pictures share: the sky, clouds, hills, palms, shrubs,
// windows and pools, and the picture's size.
import { int, type Random } from './prng.ts';
import type { Palette } from './svg-palette.ts';

/** The size of every demo picture. */
export const W = 800;
export const H = 600;

/** A scene or a document: its SVG body, drawn from a random source and a palette. */
export type Draw = (r: Random, p: Palette) => string;

export const rect = (x: number, y: number, w: number, h: number, fill: string, extra = '') =>
  `<rect x="${x.toFixed(1)}" y="${y.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${fill}"${extra}/>`;

export function sky(r: Random, p: Palette, horizon: number, sea = true): string {
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

export function hillLine(r: Random, base: number, amplitude: number): string {
  let d = '';
  for (let x = 0; x <= W; x += 100) d += `L${x} ${(base - r() * amplitude).toFixed(0)} `;
  return d;
}

export function palm(x: number, ground: number, h: number, p: Palette): string {
  const top = ground - h;
  const fronds = [-70, -35, 0, 35, 70, 110, -110]
    .map(
      (a) =>
        `<ellipse cx="${x}" cy="${top}" rx="${(h * 0.32).toFixed(0)}" ry="${(h * 0.06).toFixed(0)}" fill="${p.green}" transform="rotate(${a} ${x} ${top}) translate(${(h * 0.28).toFixed(0)} 0)"/>`,
    )
    .join('');
  return `<path d="M${x - 5} ${ground} Q${x + h * 0.08} ${ground - h / 2} ${x} ${top} L${x + 4} ${top} Q${x + h * 0.12} ${ground - h / 2} ${x + 5} ${ground} Z" fill="${p.wood}"/>${fronds}`;
}

export function shrub(x: number, y: number, s: number, p: Palette): string {
  return `<g fill="${p.green}"><circle cx="${x}" cy="${y}" r="${s}"/><circle cx="${x + s * 0.9}" cy="${y + 2}" r="${s * 0.8}"/><circle cx="${x - s * 0.9}" cy="${y + 3}" r="${s * 0.7}"/></g>`;
}

export function windowGlass(x: number, y: number, w: number, h: number, p: Palette): string {
  return (
    rect(x, y, w, h, 'url(#glass)', ` stroke="${p.wallShade}" stroke-width="3"`) +
    `<line x1="${x + w / 2}" y1="${y}" x2="${x + w / 2}" y2="${y + h}" stroke="${p.wallShade}" stroke-width="2"/>`
  );
}

export function poolShape(x: number, y: number, w: number, h: number, p: Palette): string {
  let waves = '';
  for (let i = 1; i < 4; i++)
    waves += `<path d="M${x + 15} ${y + (h * i) / 4} q${w / 8} -6 ${w / 4} 0 t${w / 4} 0 t${w / 4} 0" stroke="#fff" stroke-width="2" fill="none" opacity="0.45"/>`;
  return rect(x - 8, y - 8, w + 16, h + 16, p.wall) + rect(x, y, w, h, p.water) + waves;
}
