// The broker one tap away on a phone's property page (issue 23): at 360, 390
// and 430 px a bar at the foot of the window with Call, WhatsApp and "Request
// information", the office's details on the main site and the partner's on its
// own domain; under the cookie bar until that is answered, never over the
// contact form (it stops above it), and gone from 992 px where the form is
// beside the page. Links only: it works without JavaScript.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { violations } from '../helpers/axe.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import { whatsappNumber } from '../../src/shared/whatsapp.ts';
import en from '../../locales/en.json' with { type: 'json' };

const barBox = (page: Page) => page.$eval('.phone-contact-bar', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
/** The element a tap at the middle of the bar reaches. */
const tapped = (page: Page) =>
  page.$eval('.phone-contact-bar', (el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return hit?.closest('.phone-contact-bar') ? 'bar' : (hit?.closest('[class*="cookie"]')?.className ?? hit?.tagName ?? 'nothing');
  });

t.test('WhatsApp numbers: the country said, or a Spanish number of nine digits', async (t) => {
  t.equal(whatsappNumber('+34 965 00 12 34'), '34965001234');
  t.equal(whatsappNumber('0031 20 123 4567'), '31201234567');
  t.equal(whatsappNumber('965 00 12 34'), '34965001234');
  t.equal(whatsappNumber('612-345-678'), '34612345678');
  t.equal(whatsappNumber('12345'), null, 'no country, not Spanish: no WhatsApp link');
});

t.test('the phone bar at 360, 390 and 430 px', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  for (const width of [360, 390, 430]) {
    const { page, problems } = await newPage(t, browser, { width, height: 800, deviceScaleFactor: 3 });
    await page.goto(`${url}/for-sale/1`, { waitUntil: 'load' });
    await waitForHydration(page);
    // The cookie bar is shown in the render after hydration, sliding in: asked once it is there.
    await page.waitForSelector('.cookie-bar');
    await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
    let bar = await barBox(page);
    t.ok(bar.bottom <= 800 && bar.bottom > 700, `${width} px: at the foot of the window from the first screen (${bar.top}–${bar.bottom})`);
    t.not(await tapped(page), 'bar', `${width} px: under the cookie bar while it asks`);

    await page.click('.cookie-bar__actions button:nth-child(3)'); // Necessary only
    await page.waitForFunction(() => !document.querySelector('.cookie-bar'));
    t.equal(await tapped(page), 'bar', `${width} px: in reach once the cookie question is answered`);
    const links = await page.$$eval('.phone-contact-bar a', (els) =>
      els.map((a) => ({ text: a.textContent, href: a.getAttribute('href') })),
    );
    t.same(
      links.map((l) => l.text),
      [en.property.phoneBar.call, en.property.phoneBar.whatsapp, en.property.phoneBar.ask],
    );
    t.equal(links[0]!.href, 'tel:+34965001234', "the office's phone");
    t.match(links[1]!.href, /^https:\/\/wa\.me\/34965001234\?text=Hello%2C%20I%20am%20interested%20in%20/, 'WhatsApp with the project');
    const heights = await page.$$eval('.phone-contact-bar a', (els) => els.map((a) => a.getBoundingClientRect().height));
    t.ok(
      heights.every((h) => h >= 44 && (width < 390 || h <= 48)),
      `${width} px: each a target of 44 px at least${width < 390 ? '' : ', on one line'} (${heights.join(', ')})`,
    );
    if (width === 390) t.same(await violations(page), [], 'axe with the bar');

    // "Request information": the form comes into view, and the bar is not over it.
    await page.click('.phone-contact-bar__ask');
    await page.waitForFunction(() => location.hash.startsWith('#lead-property-'));
    const heading = await page.$eval('.lead-form-block h2', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    const form = await page.$eval('.lead-form-block', (el) => el.getBoundingClientRect().toJSON() as DOMRect);
    bar = await barBox(page);
    t.ok(heading.top >= 0 && heading.bottom < 800, `${width} px: the form's heading in view`);
    t.ok(bar.bottom <= form.top, `${width} px: the bar stopped above the form`);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const last = await page.evaluate(() => {
      const box = document.querySelector('.phone-contact-bar')!.getBoundingClientRect();
      return document.elementFromPoint(innerWidth / 2, innerHeight - 5)?.closest('.phone-contact-bar') !== null && box.bottom > 0;
    });
    t.notOk(last, `${width} px: the page's end is not under the bar`);
    t.same(problems.all(), []);
  }
});

t.test("a partner's details, without JavaScript, and not on a laptop", async (t) => {
  const { url } = await startServer(t);
  const port = new URL(url).port;
  const browser = await launchBrowser(t);
  const origin = `http://costa-casas.localhost:${port}`;
  const { page } = await newPage(t, browser, { width: 390, height: 844, javaScript: false });
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url: origin });
  await page.goto(`${origin}/for-sale/1`, { waitUntil: 'load' });
  const partnerPhone = await page.$eval('.agent-card a[href^="tel:"]', (a) => a.getAttribute('href'));
  t.equal(
    await page.$eval('.phone-contact-bar a[href^="tel:"]', (a) => a.getAttribute('href')),
    partnerPhone,
    "the partner's phone, as its card says",
  );
  t.match(
    await page.$eval('.phone-contact-bar a[href^="https://wa.me/"]', (a) => decodeURIComponent(a.getAttribute('href')!)),
    /costa-casas|for-sale\/1/,
    "the page's address on the partner's site",
  );
  t.equal(await page.$eval('.phone-contact-bar', (el) => getComputedStyle(el).position), 'sticky', 'the bar is there without a script');

  const { page: laptop } = await newPage(t, browser, { width: 1366, height: 900 });
  await laptop.goto(`${url}/for-sale/1`, { waitUntil: 'load' });
  t.equal(
    await laptop.$eval('.phone-contact-bar', (el) => getComputedStyle(el).display),
    'none',
    'no bar where the form is beside the page',
  );
});
