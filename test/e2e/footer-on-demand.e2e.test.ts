// The footer is the server's until first used (issue 24: room in every page's
// first load for the other languages), in Chromium at a phone's size: none of
// its code before use; the cookie settings pressed before the code arrived
// open once it has; a link followed meanwhile is a client navigation; after
// one, the footer offers the new page in other languages.
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser } from '../helpers/browser.ts';
import { holdScripts, open } from '../helpers/on-demand.ts';

t.test('the footer taken over on first use', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);

  t.test('the cookie settings pressed before the code arrived open once it has', async (t) => {
    const { page, problems } = await open(t, browser, url, '/contact');
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    t.ok(await page.$('footer.site-footer .consent-link'), "the server's footer, with its cookie settings");
    const held = holdScripts(page);
    await held.start();
    await page.$eval('footer.site-footer .consent-link', (b) => (b as HTMLButtonElement).click());
    await new Promise((resolve) => setTimeout(resolve, 300));
    t.notOk(await page.$('dialog.cookie-modal[open]'), 'nothing opens before the code');
    await held.release();
    await page.waitForSelector('dialog.cookie-modal[open]', { visible: true });
    t.pass('the cookie settings open, pressed once');
    t.ok(
      scripts.some((u) => /\.js$/.test(new URL(u).pathname)),
      'the footer asked for its code on first use',
    );
    t.same(problems.all(), [], 'no console errors');
  });

  t.test("a link of the footer is a client navigation, and the footer then names the new page's languages", async (t) => {
    const { page, problems } = await open(t, browser, url, '/contact');
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    const link = 'footer.site-footer a[href="/franchise"]';
    await Promise.all([page.waitForFunction(() => location.pathname === '/franchise'), page.click(link)]);
    t.equal(await page.evaluate(() => (window as unknown as { marker?: number }).marker), 1, 'no page load');
    await page.waitForFunction(() =>
      document.querySelector('footer.site-footer .language-toggle')?.getAttribute('href')?.endsWith('?from=%2Ffranchise'),
    );
    t.pass('the language link offers the new page');
    t.same(problems.all(), [], 'no console errors');
  });
});
