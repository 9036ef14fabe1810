// When work due "every day at 08:00 Madrid time" is due, whatever the server's
// own time zone and across daylight-saving changes: the period a moment falls
// in is named by the local date of the last due hour at or before it
// ('2026-03-29'), so instances agree on it and a claim per period
// (scheduled_runs) runs the work once.

/** The local calendar date and hour of `at` in `timeZone`. */
function localParts(at: Date, timeZone: string): { date: string; hour: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { date: `${get('year')}-${get('month')}-${get('day')}`, hour: Number(get('hour')) };
}

/** The date before `date` (YYYY-MM-DD). */
function previousDate(date: string): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
}

/**
 * The daily period `at` falls in: the local date of the last `hour` o'clock at
 * or before it. At 07:59 local with hour 8 that is yesterday's date.
 */
export function dailyPeriod(at: Date, hour: number, timeZone: string): string {
  const local = localParts(at, timeZone);
  return local.hour >= hour ? local.date : previousDate(local.date);
}

/**
 * Today's daily period once its hour has come (local), null before it: a run
 * missed yesterday is not made up in the night, the next day's covers it.
 */
export function dueToday(at: Date, hour: number, timeZone: string): string | null {
  const local = localParts(at, timeZone);
  return local.hour >= hour ? local.date : null;
}

/**
 * The weekly period: the daily period of the last `weekday` (0 Sunday … 6
 * Saturday) at `hour`, local.
 */
export function weeklyPeriod(at: Date, weekday: number, hour: number, timeZone: string): string {
  let period = dailyPeriod(at, hour, timeZone);
  while (new Date(`${period}T12:00:00Z`).getUTCDay() !== weekday) period = previousDate(period);
  return period;
}
