// Dates as the site writes them: '12 Jan 2026' (a day on the site's clock,
// Madrid), '12 Jan 2026, 18:05' (a moment) and 'March 2027' (a month); in
// another language in its order ('12. Jan. 2026', '2026年1月12日'). Month names
// and each form's pattern come from the locale file (`dates`, `formats`); the
// arithmetic is done here rather than by
// Intl.DateTimeFormat, whose first use costs a phone's browser tens of
// milliseconds of main thread while the page hydrates
// (docs/decisions/no-intl-on-first-load.md).
import { t, type MessageKey } from './i18n.ts';
import { DAY_MS } from './durations.ts';

const HOUR_MS = DAY_MS / 24;

const monthName = (month: number) => t(`dates.months.${month + 1}` as MessageKey);
const monthShort = (month: number) => t(`dates.monthsShort.${month + 1}` as MessageKey);

/** The UTC time of the last Sunday of a month (0-based) at 01:00 UTC, when EU clocks change. */
function lastSundayAtOne(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0));
  return Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay(), 1);
}

/** Madrid's offset from UTC at a moment: CEST (+2) from the last Sunday of March to that of October, else CET (+1). */
function madridOffsetMs(at: number): number {
  const year = new Date(at).getUTCFullYear();
  const summer = at >= lastSundayAtOne(year, 2) && at < lastSundayAtOne(year, 9);
  return (summer ? 2 : 1) * HOUR_MS;
}

/** Madrid's wall clock at an ISO moment, read through the UTC getters; null when unreadable. */
function madridClock(iso: string): Date | null {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? new Date(at + madridOffsetMs(at)) : null;
}

const dayOf = (local: Date) =>
  t('formats.day', { day: local.getUTCDate(), month: monthShort(local.getUTCMonth()), year: local.getUTCFullYear() });
const twoDigits = (n: number) => String(n).padStart(2, '0');

/** '2026-01-12T12:00:00.000Z' → '12 Jan 2026', the day in Madrid; anything unreadable as it is. */
export function formatDay(iso: string): string {
  const local = madridClock(iso);
  return local ? dayOf(local) : iso;
}

/** '2026-01-12T17:05:00.000Z' → '12 Jan 2026, 18:05', on Madrid's clock; anything unreadable as it is. */
export function formatDayTime(iso: string): string {
  const local = madridClock(iso);
  if (!local) return iso;
  const time = t('formats.time', { hours: twoDigits(local.getUTCHours()), minutes: twoDigits(local.getUTCMinutes()) });
  return t('formats.dayTime', { date: dayOf(local), time });
}

/** '2027-03' (or a full date) → 'March 2027'; anything else as it is. */
export function formatMonth(value: string): string {
  const m = /^(\d{4})-(\d{2})/.exec(value);
  const month = m ? Number(m[2]) - 1 : -1;
  return m && month >= 0 && month < 12 ? t('formats.month', { month: monthName(month), year: m[1]! }) : value;
}
