// The demo feed's dates, moved to the day the demo is seeded. The shipped feed
// (demo-feed.xml) stays one deterministic file; its dates read as of mid-2025
// (key-ready homes completed by June 2025, works delivering from September
// 2025, listings dated up to 26 November 2025). At import every date moves by
// the same whole months (deliveries, and the months the descriptions name) or
// days (listing dates), so that July 2025 becomes the seeding month and
// 27 November 2025 the seeding day: a project under construction or off-plan
// is always delivered in the future, a key-ready one was completed in the past,
// and no listing is dated after the day it was seeded.
import type { FeedInput } from '../catalogue-import/kyero.ts';
import { DAY_MS } from '../../shared/durations.ts';

/** The month the shipped feed's delivery dates count as the present. */
export const DEMO_FEED_MONTH = { year: 2025, month: 7 } as const;
/** The day after the shipped feed's last listing date (<date>). */
export const DEMO_FEED_DAY = Date.UTC(2025, 10, 27);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const DESCRIBED_MONTH = new RegExp(`\\b(planned for|completed in) (${MONTHS.join('|')}) (\\d{4})\\b`, 'g');

export interface DateShift {
  /** Added to every delivery month. */
  months: number;
  /** Added to every listing date. */
  days: number;
}

export function demoDateShift(today: Date): DateShift {
  const months = (today.getUTCFullYear() - DEMO_FEED_MONTH.year) * 12 + today.getUTCMonth() + 1 - DEMO_FEED_MONTH.month;
  const day = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return { months, days: Math.round((day - DEMO_FEED_DAY) / DAY_MS) };
}

/** [year, month 1–12] plus `months`. */
function addMonths(year: number, month: number, months: number): [number, number] {
  const index = year * 12 + (month - 1) + months;
  return [Math.floor(index / 12), (index % 12) + 1];
}

/** One line of the feed with its dates shifted; lines without a date are returned as they are. */
export function shiftDemoLine(line: string, shift: DateShift): string {
  if (!shift.months && !shift.days) return line;
  return line
    .replace(/<delivery_date>(\d{4})-(\d{2})<\/delivery_date>/g, (_, y: string, m: string) => {
      const [year, month] = addMonths(Number(y), Number(m), shift.months);
      return `<delivery_date>${year}-${String(month).padStart(2, '0')}</delivery_date>`;
    })
    .replace(/<date>(\d{4})-(\d{2})-(\d{2}) (\d{2}:\d{2}:\d{2})<\/date>/g, (_, y: string, m: string, d: string, time: string) => {
      const moved = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)) + shift.days * DAY_MS);
      return `<date>${moved.toISOString().slice(0, 10)} ${time}</date>`;
    })
    .replace(DESCRIBED_MONTH, (_, phrase: string, name: string, y: string) => {
      const [year, month] = addMonths(Number(y), MONTHS.indexOf(name) + 1, shift.months);
      return `${phrase} ${MONTHS[month - 1]} ${year}`;
    });
}

/** The feed read from `input` (text, split at any byte), line by line with its dates shifted to `today`. */
export async function* shiftDemoFeed(input: FeedInput, today: Date): AsyncGenerator<string> {
  const shift = demoDateShift(today);
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of input) {
    rest += typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    const end = rest.lastIndexOf('\n');
    if (end < 0) continue;
    yield rest
      .slice(0, end + 1)
      .split('\n')
      .map((line) => shiftDemoLine(line, shift))
      .join('\n');
    rest = rest.slice(end + 1);
  }
  rest += decoder.decode();
  if (rest) yield shiftDemoLine(rest, shift);
}
