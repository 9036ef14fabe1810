// A home's price over time as a small step line (issue 13's price history):
// one SVG path, no chart library. Decorative: the table beside it holds every
// value, so screen readers skip it. Time runs left to right from the first
// point to the last, which holds to the right edge (the price now).
import type { PricePoint } from '../../../shared/price-history.ts';

const WIDTH = 120;
const HEIGHT = 28;
const PAD = 3;
/** Where the last change sits; the line then runs on to the right edge. */
const LAST_X = WIDTH * 0.85;

// Whole units: at 120 × 28 a tenth is invisible, and every digit is sent.
const round = Math.round;

/** The path's `d`: a horizontal run at each price, a vertical step at each change. */
export function stepPath(points: PricePoint[]): string {
  if (!points.length) return '';
  const times = points.map((p) => Date.parse(p.date));
  const prices = points.map((p) => p.price);
  const [t0, t1] = [times[0]!, times[times.length - 1]!];
  const [low, high] = [Math.min(...prices), Math.max(...prices)];
  const x = (t: number) => round(PAD + (t1 > t0 ? ((t - t0) / (t1 - t0)) * (LAST_X - PAD) : 0));
  const y = (price: number) => round(high > low ? PAD + ((high - price) / (high - low)) * (HEIGHT - 2 * PAD) : HEIGHT / 2);
  let d = `M${x(times[0]!)} ${y(prices[0]!)}`;
  for (let i = 1; i < points.length; i++) d += `H${x(times[i]!)}V${y(prices[i]!)}`;
  return `${d}H${WIDTH - PAD}`;
}

/** Its size is in property.css (.price-steps), not in attributes repeated per home. */
export function PriceSteps({ points }: { points: PricePoint[] }) {
  return (
    <svg className="price-steps" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true">
      <path d={stepPath(points)} />
    </svg>
  );
}
