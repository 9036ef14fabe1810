// The demo's scenes: outside (a villa, an apartment block, townhouses,
// bungalows, a plot, a pool, a terrace, the street, a garden) and inside (a
// living room, a kitchen, a bedroom).
import { int, type Random } from './prng.ts';
import type { Palette } from './svg-palette.ts';
import { W, H, rect, sky, hillLine, palm, shrub, windowGlass, poolShape } from './svg-parts.ts';

export function villa(r: Random, p: Palette): string {
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

export function apartment(r: Random, p: Palette): string {
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

export function townhouse(r: Random, p: Palette): string {
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

export function bungalow(r: Random, p: Palette): string {
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

export function land(r: Random, p: Palette): string {
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

export function pool(r: Random, p: Palette): string {
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

export function terrace(r: Random, p: Palette): string {
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

export function interior(r: Random, p: Palette): string {
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

export function kitchen(r: Random, p: Palette): string {
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

export function bedroom(r: Random, p: Palette): string {
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

export function street(r: Random, p: Palette): string {
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

export function garden(r: Random, p: Palette): string {
  const horizon = 280;
  let out = sky(r, p, horizon) + rect(0, horizon + 40, W, H - horizon - 40, p.green);
  out +=
    rect(430, horizon - 20, 300, 160, p.wall) + windowGlass(460, horizon + 10, 140, 100, p) + rect(630, horizon + 40, 50, 100, p.accent);
  out += `<path d="M560 ${horizon + 140} Q420 460 300 ${H}" stroke="${p.ground}" stroke-width="46" fill="none"/>`;
  for (let i = 0; i < 7; i++) out += shrub(40 + r() * 360, 360 + r() * 200, 14 + r() * 14, p);
  out += palm(90, 520, 220, p) + palm(760, 470, 170, p);
  return out;
}
