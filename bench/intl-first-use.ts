// What the browser's first use of Intl costs a page: each call below, timed in a
// fresh Chromium page (ICU's data built on first use) and then once more, in ms.
// Why the browser's first-load code uses none (docs/decisions/no-intl-on-first-load.md).
//
//   npx tsx bench/intl-first-use.ts
import { launchBenchBrowser } from './phone-pages.ts';
import { median, textTable } from './table.ts';

const ROUNDS = 5;
const CALLS = [
  "'a'.localeCompare('b')",
  "(1234).toLocaleString('en')",
  "new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Europe/Madrid' }).format(0)",
  "new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(0)",
  "new Intl.PluralRules('en').select(1)",
];

const browser = await launchBenchBrowser();
try {
  const rows = [];
  for (const call of CALLS) {
    const first: number[] = [];
    const again: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const page = await browser.newPage();
      await page.goto('data:text/html,<p>x</p>');
      const [a, b] = (await page.evaluate(
        `(() => { const t0 = performance.now(); ${call}; const t1 = performance.now(); ${call}; return [t1 - t0, performance.now() - t1]; })()`,
      )) as [number, number];
      first.push(a);
      again.push(b);
      await page.close();
    }
    rows.push([
      call,
      `${median(first).toFixed(1)} (${Math.min(...first).toFixed(1)}–${Math.max(...first).toFixed(1)})`,
      median(again).toFixed(2),
    ]);
  }
  console.log(`# ms of main thread in a fresh page, medians of ${ROUNDS}`);
  console.log(textTable(['call', 'first use (range)', 'again'], rows));
} finally {
  await browser.close();
}
