// The property page's files for a visitor (issue 23): each row a lock, the
// file's name (never its kind said twice) and SPEC §2's "register to access
// all information" on one line, beside the name or on the row's next line,
// at a phone's and a laptop's size.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import en from '../../locales/en.json' with { type: 'json' };

t.test('the files list: names said once, the register link on one line', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const size of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    const { page, problems } = await newPage(t, browser, size);
    await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
    await page.goto(`${url}/for-sale/1`, { waitUntil: 'load' });
    await waitForHydration(page);
    const rows = await page.$$eval('.project-file--locked', (els) =>
      els.map((row) => {
        const link = row.querySelector('.project-file__register')!;
        const lines = link.getClientRects().length;
        const kind = row.querySelector('.project-file__kind')!.textContent ?? '';
        const title = row.querySelector('.project-file__title')?.textContent ?? '';
        const box = row.getBoundingClientRect();
        const linkBox = link.getBoundingClientRect();
        return { kind, title, lines, inside: linkBox.right <= box.right && linkBox.left >= box.left, text: link.textContent };
      }),
    );
    t.ok(rows.length >= 3, `${size.width} px: the demo's files listed`);
    for (const row of rows) {
      t.equal(row.lines, 1, `${size.width} px, ${row.kind}: the register link on one line`);
      t.ok(row.inside, `${size.width} px, ${row.kind}: inside its row`);
      t.equal(row.text, en.catalogue.files.locked);
      t.notOk(row.title && row.title.toLowerCase().includes(row.kind.toLowerCase()), `${row.kind} / ${row.title}: the kind not said twice`);
    }
    t.same(problems.all(), []);
  }
});
