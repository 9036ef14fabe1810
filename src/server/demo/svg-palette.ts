// The colours of a demo picture: day, golden hour or dusk light, walls,
// accents and water, varied by the picture's random source.
import { pick, type Random } from './prng.ts';

export interface Palette {
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

export function palette(r: Random): Palette {
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
