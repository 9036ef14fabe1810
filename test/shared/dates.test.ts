import fs from 'node:fs';
import t from 'tap';
import { addMessages, setLanguageSource } from '../../src/shared/i18n.ts';
import type { Language } from '../../src/shared/languages.ts';
import { formatDay, formatDayTime, formatMonth } from '../../src/shared/dates.ts';

// Intl (full ICU in Node) is the reference the site's own arithmetic must agree with.
const MADRID_DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Madrid' });
const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });

t.test("a day is written on Madrid's clock, summer time included", async (t) => {
  t.equal(formatDay('2026-01-12T12:00:00.000Z'), '12 Jan 2026');
  t.equal(formatDay('2026-01-12T23:30:00.000Z'), '13 Jan 2026', 'CET: 23:30 UTC is the next day');
  t.equal(formatDay('2026-07-12T22:30:00.000Z'), '13 Jul 2026', 'CEST: 22:30 UTC is the next day');
  t.equal(formatDay('2026-07-12T21:30:00.000Z'), '12 Jul 2026');
  t.equal(formatDay('not a date'), 'not a date');
  // Every half hour of four years, the changes of clock among them, against ICU.
  let differences = 0;
  for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2028, 0, 1); at += 30 * 60 * 1000)
    if (formatDay(new Date(at).toISOString()) !== MADRID_DAY.format(at)) differences++;
  t.equal(differences, 0, 'the same day as Intl for every half hour of 2024–2027');
});

t.test('a month is its name and year', async (t) => {
  t.equal(formatMonth('2027-03'), 'March 2027');
  t.equal(formatMonth('2027-12-01'), 'December 2027');
  for (let month = 0; month < 12; month++)
    t.equal(formatMonth(`2026-${String(month + 1).padStart(2, '0')}`), MONTH.format(Date.UTC(2026, month, 1)));
  t.equal(formatMonth('2027-13'), '2027-13', 'no such month: as it is');
  t.equal(formatMonth('Q3 2027'), 'Q3 2027');
});

t.test("a moment is its day and its time on Madrid's clock", async (t) => {
  t.equal(formatDayTime('2026-01-12T17:05:00.000Z'), '12 Jan 2026, 18:05');
  t.equal(formatDayTime('2026-07-12T22:30:00.000Z'), '13 Jul 2026, 00:30');
  t.equal(formatDayTime('garbage'), 'garbage');
});

t.test("another language's dates: its month names in its own order", async (t) => {
  let language: Language = 'en';
  setLanguageSource(() => language);
  t.teardown(() => setLanguageSource(() => undefined));
  for (const code of ['de', 'hu', 'ja', 'ru'] as const)
    addMessages(JSON.parse(fs.readFileSync(new URL(`../../locales/${code}.json`, import.meta.url), 'utf8')), code);
  const moment = '2026-01-12T17:05:00.000Z';
  const cases: Array<[Language, string, string, string]> = [
    ['de', '12. Jan. 2026', '12. Jan. 2026, 18:05', 'März 2027'],
    ['hu', '2026. jan. 12.', '2026. jan. 12. 18:05', '2027. március'],
    ['ja', '2026年1月12日', '2026年1月12日 18:05', '2027年3月'],
    ['ru', '12 янв. 2026 г.', '12 янв. 2026 г., 18:05', 'Март 2027 г.'],
  ];
  for (const [code, day, dayTime, month] of cases) {
    language = code;
    t.equal(formatDay(moment), day, `${code}: a day`);
    t.equal(formatDayTime(moment), dayTime, `${code}: a moment`);
    t.equal(formatMonth('2027-03'), month, `${code}: a month`);
  }
  language = 'en';
  t.equal(formatDayTime(moment), '12 Jan 2026, 18:05', 'English as before');
});
