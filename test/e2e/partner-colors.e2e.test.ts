// A partner's pages are branded on first paint (SPEC §2, DESIGN §6): the colours
// come from the server-rendered <head>, so they are there with JavaScript off,
// on /{partner} and on the partner's own domain; the main site keeps its own.
import t, { type Test } from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { DEFAULT_COLORS } from '../../src/shared/constants.ts';

const COSTA_CASAS = { primary: '#0b5d4b', secondary: '#f29f05' };
const SOL_HOMES = { primary: '#8a1538' };

function colours(page: Page) {
  return page.evaluate(() => {
    const root = getComputedStyle(document.documentElement);
    const read = (name: string) => root.getPropertyValue(name).trim().toLowerCase();
    return { primary: read('--color-primary'), secondary: read('--color-secondary'), heading: read('--color-heading') };
  });
}

/** How many rendered elements paint with the colour (text, background or border). */
function paintedWith(page: Page, hex: string) {
  return page.evaluate((hex: string) => {
    const n = parseInt(hex.slice(1), 16);
    const rgb = `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
    let count = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden') continue;
      if ([s.color, s.backgroundColor, s.borderTopColor, s.borderBottomColor].includes(rgb) || s.backgroundImage.includes(rgb)) count++;
    }
    return count;
  }, hex);
}

t.test('partner colours before any script runs', async (t) => {
  const { url } = await startServer(t);
  const browser = await launchBrowser(t);
  const port = new URL(url).port;

  async function noScript(t: Test, address: string) {
    const { page, problems } = await newPage(t, browser, { javaScript: false });
    const response = await page.goto(address, { waitUntil: 'load' });
    t.equal(response?.status(), 200, `${address} answers 200`);
    t.ok(await page.$('style#brand-colors'), 'the colours are in a <style> of the server-rendered head');
    return { page, problems };
  }

  t.test('/costa-casas with JavaScript disabled has the partner colours', async (t) => {
    const { page, problems } = await noScript(t, `${url}/costa-casas`);
    const c = await colours(page);
    t.equal(c.primary, COSTA_CASAS.primary, `--color-primary is ${COSTA_CASAS.primary}`);
    t.equal(c.secondary, COSTA_CASAS.secondary, `--color-secondary is ${COSTA_CASAS.secondary}`);
    t.ok((await paintedWith(page, COSTA_CASAS.primary)) > 0, 'something on the page is painted in the partner colour');
    t.equal(await paintedWith(page, DEFAULT_COLORS.primary), 0, 'nothing is painted in the main site colour');
    t.same(problems.all(), [], 'no console error or warning, no failed request');
  });

  t.test('a deeper partner page (/sol-homes/contact) has that partner colour', async (t) => {
    const { page } = await noScript(t, `${url}/sol-homes/contact`);
    t.equal((await colours(page)).primary, SOL_HOMES.primary, `--color-primary is ${SOL_HOMES.primary}`);
  });

  t.test("the partner's own domain (costa-casas.localhost) has the partner colours on /", async (t) => {
    // Chromium resolves every *.localhost name to the loopback address.
    const { page } = await noScript(t, `http://costa-casas.localhost:${port}/`);
    const c = await colours(page);
    t.equal(c.primary, COSTA_CASAS.primary, `--color-primary is ${COSTA_CASAS.primary}`);
    t.equal(c.secondary, COSTA_CASAS.secondary, `--color-secondary is ${COSTA_CASAS.secondary}`);
  });

  t.test('the main site with JavaScript disabled has the default colours', async (t) => {
    const { page, problems } = await noScript(t, `${url}/`);
    const c = await colours(page);
    t.equal(c.primary, DEFAULT_COLORS.primary, `--color-primary is ${DEFAULT_COLORS.primary}`);
    t.equal(c.secondary, DEFAULT_COLORS.secondary, `--color-secondary is ${DEFAULT_COLORS.secondary}`);
    t.equal(c.heading, DEFAULT_COLORS.heading_color, `--color-heading is ${DEFAULT_COLORS.heading_color}`);
    t.ok((await paintedWith(page, DEFAULT_COLORS.primary)) > 0, 'something on the page is painted in the main site colour');
    t.same(problems.all(), [], 'no console error or warning, no failed request');
  });

  t.test('with JavaScript on, a visit from the main site to a partner and back switches the colours', async (t) => {
    const { page, problems } = await newPage(t, browser);
    await page.goto(`${url}/costa-casas`, { waitUntil: 'load' });
    t.equal((await colours(page)).primary, COSTA_CASAS.primary, 'partner colour after hydration');
    await page.goto(`${url}/`, { waitUntil: 'load' });
    t.equal((await colours(page)).primary, DEFAULT_COLORS.primary, 'main colour on the main site');
    t.same(problems.all(), [], 'no console error or warning, no failed request');
  });
});
