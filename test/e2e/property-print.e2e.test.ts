// A property page printed (issue 23): a brochure of its name, price, first
// pictures, key facts, units with prices and status, the broker's contact and
// the page's address, without the screen's controls; by the print stylesheet
// alone (Chromium's print media emulated, then a real PDF).
import t from 'tap';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { siteOrigin } from '../../src/shared/seo.ts';

t.test('the property page prints as a brochure', async (t) => {
  const { app, url } = await startServer(t);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 794, height: 1123 });
  await page.goto(`${url}/for-sale/1`, { waitUntil: 'load' });
  await waitForHydration(page);
  await page.emulateMediaType('print');

  const shown = (selector: string) =>
    page.$$eval(selector, (els) => els.some((el) => getComputedStyle(el).display !== 'none' && el.getBoundingClientRect().height > 0));
  for (const selector of ['h1', '.property__price', '.key-facts', '.units-table', '.agent-card', '.agent-card a[href^="tel:"]'])
    t.ok(await shown(selector), `printed: ${selector}`);
  for (const selector of [
    '.site-header nav',
    '.cookie-bar',
    '.site-footer',
    '.share',
    '.favorite-button',
    '.compare-toggle',
    '.lead-form-block',
    '.phone-contact-bar',
    '.gallery__arrows',
    '.gallery__thumbs',
    '.project-location__map',
    '.units-table__costs',
    '.project-files',
    '.similar-projects',
  ])
    t.notOk(await shown(selector), `not printed: ${selector}`);

  const pictures = await page.$$eval('.gallery .glide__slide', (els) =>
    els.filter((el) => getComputedStyle(el).display !== 'none').map((el) => el.getBoundingClientRect().toJSON() as DOMRect),
  );
  t.equal(pictures.length, 3, 'the first three pictures');
  t.ok(pictures.every((p) => Math.abs(p.top - pictures[0]!.top) < 1) && pictures[0]!.right <= pictures[1]!.left, 'side by side, in order');
  const address = await page.$eval('.property', (el) => getComputedStyle(el, '::after').content);
  t.equal(address, JSON.stringify(`${siteOrigin(app.config.SITE_URL)}/for-sale/1`), "the page's address at the end");

  const pdf = await page.pdf({ format: 'A4', printBackground: false });
  const pages = (
    Buffer.from(pdf)
      .toString('latin1')
      .match(/\/Type\s*\/Page[^s]/g) ?? []
  ).length;
  t.ok(pages >= 1 && pages <= 4, `a brochure of a few pages (${pages})`);
  t.same(problems.all(), []);
});
