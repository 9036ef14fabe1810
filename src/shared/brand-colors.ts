// Readable brand colours: WCAG 2.x contrast between a partner's three colours
// and the surfaces the site draws them on, the colours derived from them (text
// on a coloured fill, a visible accent line), and the pairs that fall short.
// One function, derivedColors, gives what the pages draw (the server hands the
// result to them with the partner, Document.tsx writes it as CSS custom
// properties); contrastWarnings is what `npm run partner` prints.
import type { PartnerColors } from './partner.ts';

/** WCAG 2.x AA: body text. */
export const AA_TEXT = 4.5;
/** WCAG 2.x AA: large text (headings) and non-text marks (lines, icons, borders). */
export const AA_LARGE = 3;

export const WHITE = '#ffffff';
/** Dark text on a light fill: pure black, since only black and white together reach 4.5:1 on every fill. */
export const INK = '#000000';

type Rgb = [number, number, number];

function rgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1, 7), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function hex([r, g, b]: Rgb): string {
  return `#${[r, g, b].map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
}

/** WCAG 2.x relative luminance of a #rrggbb colour, 0 (black) to 1 (white). */
export function luminance(color: string): number {
  const [r, g, b] = rgb(color).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG 2.x contrast ratio of two #rrggbb colours, 1 to 21, whichever is lighter. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** Text on a `background` fill: white or black, whichever contrasts more (at least 4.58:1 on any fill). */
export function readableOn(background: string): string {
  return contrast(WHITE, background) >= contrast(INK, background) ? WHITE : INK;
}

/** `color` mixed with `toward` (0 = color, 1 = toward), as color-mix(in srgb) does. */
function mix(color: string, toward: string, share: number): string {
  const a = rgb(color);
  const b = rgb(toward);
  return hex([0, 1, 2].map((i) => a[i]! + (b[i]! - a[i]!) * share) as Rgb);
}

/**
 * The first of `candidates` with `ratio` against `background`; else the first
 * candidate darkened (or lightened, on a dark background) in 5 % steps until it
 * has: always an answer, since black on white is 21:1.
 */
export function visibleOn(background: string, candidates: string[], ratio = AA_LARGE): string {
  const found = candidates.find((c) => contrast(c, background) >= ratio);
  if (found) return found;
  const base = candidates[0] ?? INK;
  const toward = readableOn(background);
  for (let share = 0.05; share < 1; share += 0.05) {
    const shaded = mix(base, toward, share);
    if (contrast(shaded, background) >= ratio) return shaded;
  }
  return toward;
}

/** The colours a page is drawn with, from the partner's three. */
export interface DerivedColors {
  /** Text and icons on a primary fill (header bar, buttons, badges, brand sections). */
  onPrimary: string;
  /** Text on a secondary fill (accent buttons, the skip link). */
  onSecondary: string;
  /** Accent lines (heading underlines) on white: the secondary, else the primary, else a shade of the secondary. */
  accentOnWhite: string;
  /** Accent lines on a primary fill: the secondary, else the heading colour, else a shade of the secondary. */
  accentOnPrimary: string;
  /** Headings on a primary fill: the heading colour, else onPrimary. */
  headingOnPrimary: string;
}

export function derivedColors(colors: PartnerColors): DerivedColors {
  const { primary, secondary, heading_color: heading } = colors;
  const onPrimary = readableOn(primary);
  return {
    onPrimary,
    onSecondary: readableOn(secondary),
    accentOnWhite: visibleOn(WHITE, [secondary, primary]),
    accentOnPrimary: visibleOn(primary, [secondary, heading]),
    headingOnPrimary: contrast(heading, primary) >= AA_LARGE ? heading : onPrimary,
  };
}

export interface ContrastWarning {
  /** The partner CLI's flag of the colour at fault. */
  flag: 'primary' | 'secondary' | 'heading';
  color: string;
  /** What it is drawn on, e.g. 'white' or 'primary #8a1538'. */
  on: string;
  ratio: number;
  needed: number;
  /** What it is used for there. */
  use: string;
  /** What the site draws instead; null when it keeps the colour. */
  instead: string | null;
}

/**
 * The pairs the site actually draws that fall short of WCAG AA: the primary as
 * text on white (links, outline buttons), the secondary as lines on white and
 * on the primary, the heading colour as large text on the primary. Text on a
 * coloured fill is not checked: it is always white or ink by contrast.
 */
export function contrastWarnings(colors: PartnerColors): ContrastWarning[] {
  const { primary, secondary, heading_color: heading } = colors;
  const derived = derivedColors(colors);
  const checks: ContrastWarning[] = [
    {
      flag: 'primary',
      color: primary,
      on: 'white',
      ratio: contrast(primary, WHITE),
      needed: AA_TEXT,
      use: 'text (links, outline buttons)',
      instead: null,
    },
    {
      flag: 'secondary',
      color: secondary,
      on: 'white',
      ratio: contrast(secondary, WHITE),
      needed: AA_LARGE,
      use: 'accent lines (heading underlines)',
      instead: derived.accentOnWhite,
    },
    {
      flag: 'secondary',
      color: secondary,
      on: `primary ${primary}`,
      ratio: contrast(secondary, primary),
      needed: AA_LARGE,
      use: 'accent lines on brand bars',
      instead: derived.accentOnPrimary,
    },
    {
      flag: 'heading',
      color: heading,
      on: `primary ${primary}`,
      ratio: contrast(heading, primary),
      needed: AA_LARGE,
      use: 'headings on brand bars',
      instead: derived.headingOnPrimary,
    },
  ];
  return checks.filter((c) => c.ratio < c.needed);
}

/** One line: what falls short, by how much, and what the site does about it. */
export function describeWarning(w: ContrastWarning): string {
  const ratio = `${(Math.floor(w.ratio * 100) / 100).toFixed(2)}:1`;
  const fix = w.instead ? `the site uses ${w.instead} there instead` : 'choose a darker colour';
  return `warning: --${w.flag} ${w.color} on ${w.on} has a contrast of ${ratio}, below the ${w.needed}:1 of WCAG AA for ${w.use}; ${fix}`;
}
