// Daily and weekly periods at a local hour, in Madrid, across both daylight-saving changes.
import t from 'tap';
import { dailyPeriod, dueToday, weeklyPeriod } from '../../../src/server/periods/local-hour.ts';

const MADRID = 'Europe/Madrid';

t.test('a day starts at the local hour, in winter and summer time', async (t) => {
  // Winter: Madrid is UTC+1, so 08:00 local is 07:00 UTC.
  t.equal(dailyPeriod(new Date('2026-01-15T06:59:59Z'), 8, MADRID), '2026-01-14');
  t.equal(dailyPeriod(new Date('2026-01-15T07:00:00Z'), 8, MADRID), '2026-01-15');
  // Summer: UTC+2, so 08:00 local is 06:00 UTC.
  t.equal(dailyPeriod(new Date('2026-07-15T05:59:59Z'), 8, MADRID), '2026-07-14');
  t.equal(dailyPeriod(new Date('2026-07-15T06:00:00Z'), 8, MADRID), '2026-07-15');
  // Just after local midnight the day is still yesterday's period.
  t.equal(dailyPeriod(new Date('2026-01-14T23:30:00Z'), 8, MADRID), '2026-01-14');
  // The days of the changes (29 March and 25 October 2026).
  t.equal(dailyPeriod(new Date('2026-03-29T06:00:00Z'), 8, MADRID), '2026-03-29');
  t.equal(dailyPeriod(new Date('2026-10-25T06:59:00Z'), 8, MADRID), '2026-10-24');
  t.equal(dailyPeriod(new Date('2026-10-25T07:00:00Z'), 8, MADRID), '2026-10-25');
  // Month and year boundaries.
  t.equal(dailyPeriod(new Date('2026-01-01T06:00:00Z'), 8, MADRID), '2025-12-31');
});

t.test('a week starts on its weekday at the local hour', async (t) => {
  // Monday 2026-11-23 at 08:00 Madrid (07:00 UTC).
  t.equal(weeklyPeriod(new Date('2026-11-23T06:59:00Z'), 1, 8, MADRID), '2026-11-16');
  t.equal(weeklyPeriod(new Date('2026-11-23T07:00:00Z'), 1, 8, MADRID), '2026-11-23');
  t.equal(weeklyPeriod(new Date('2026-11-29T22:00:00Z'), 1, 8, MADRID), '2026-11-23');
  t.equal(weeklyPeriod(new Date('2026-11-30T07:00:00Z'), 1, 8, MADRID), '2026-11-30');
});

t.test("today's run is due from the local hour to midnight, never for yesterday", async (t) => {
  t.equal(dueToday(new Date('2026-01-15T06:59:59Z'), 8, MADRID), null, 'before 08:00 in Madrid');
  t.equal(dueToday(new Date('2026-01-15T07:00:00Z'), 8, MADRID), '2026-01-15');
  t.equal(dueToday(new Date('2026-01-15T22:59:59Z'), 8, MADRID), '2026-01-15', 'until local midnight');
  t.equal(dueToday(new Date('2026-01-15T23:30:00Z'), 8, MADRID), null, 'the next local day, before its hour');
});
