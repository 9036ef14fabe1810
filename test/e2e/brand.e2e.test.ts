// Brand readability and logos in a browser (issue 10), at a phone's and a
// desktop's window: every heading's underline stands out from what it is drawn
// on (3:1, WCAG AA for non-text marks), also for Sol Homes' white secondary
// colour; the demo partner's logo is loaded and on screen in the header and in
// the footer, on its path and on its own domain; the key facts grid ends
// without an empty cell.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];

interface Underline {
  heading: string;
  colours: string[];
  background: string;
  ratios: number[];
}

/** Each visible heading underline: its colours, the background under it, and their contrast. */
function underlines(page: Page): Promise<Underline[]> {
  return page.evaluate(() => {
    const parse = (s: string) =>
      [...s.matchAll(/rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)/g)]
        .filter((m) => m[4] !== '0')
        .map((m) => [Number(m[1]), Number(m[2]), Number(m[3])]);
    const lum = ([r, g, b]: number[]) => {
      const c = [r!, g!, b!].map((v) => (v / 255 <= 0.04045 ? v / 255 / 12.92 : ((v / 255 + 0.055) / 1.055) ** 2.4));
      return 0.2126 * c[0]! + 0.7152 * c[1]! + 0.0722 * c[2]!;
    };
    const ratio = (a: number[], b: number[]) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const backgroundOf = (el: Element | null): number[] => {
      for (; el; el = el.parentElement) {
        const [c] = parse(getComputedStyle(el).backgroundColor);
        if (c) return c;
      }
      return [255, 255, 255];
    };
    const out: Underline[] = [];
    for (const h of document.querySelectorAll('.section__title, .page-title, .content-page h1')) {
      const after = getComputedStyle(h, '::after');
      if (after.content === 'none' || after.display === 'none' || !(h as HTMLElement).offsetParent) continue;
      const colours = [...parse(after.backgroundImage), ...parse(after.backgroundColor)];
      const background = backgroundOf(h);
      out.push({
        heading: (h.textContent ?? '').trim(),
        colours: colours.map((c) => `rgb(${c.join(', ')})`),
        background: `rgb(${background.join(', ')})`,
        ratios: colours.map((c) => Math.round(ratio(c, background) * 100) / 100),
      });
    }
    return out;
  });
}

/** Whether the logo image in `selector` is loaded, named and on screen once scrolled to. */
async function logoShown(page: Page, selector: string) {
  await page.$eval(selector, (el) => el.scrollIntoView({ block: 'center' }));
  await page.waitForFunction((sel: string) => (document.querySelector(sel) as HTMLImageElement | null)?.complete, {}, selector);
  return page.$eval(selector, (el) => {
    const img = el as HTMLImageElement;
    const box = img.getBoundingClientRect();
    const onScreen =
      box.width > 40 && box.height >= 24 && box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight;
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return {
      src: new URL(img.currentSrc).pathname,
      alt: img.alt,
      loaded: img.naturalWidth > 0,
      onScreen,
      onTop: hit === img || img.contains(hit),
    };
  });
}

t.test('heading underlines, logos and key facts at 390 × 844 and 1280 × 800', async (t) => {
  const { app, url } = await startServer(t);
  const port = new URL(url).port;
  const browser = await launchBrowser(t);
  const project = await app.store.db.selectFrom('projects').select('id').orderBy('id').limit(1).executeTakeFirstOrThrow();

  const sites = [
    { label: 'Sol Homes on its path', base: `${url}/sol-homes`, slug: 'sol-homes', name: 'Sol Homes Makelaardij' },
    { label: 'Sol Homes on its domain', base: `http://sol-homes.localhost:${port}`, slug: 'sol-homes', name: 'Sol Homes Makelaardij' },
    {
      label: 'Costa Casas on its domain',
      base: `http://costa-casas.localhost:${port}`,
      slug: 'costa-casas',
      name: 'Costa Casas Inmobiliaria',
    },
    { label: 'the main site', base: url, slug: null, name: null },
  ];

  for (const size of SIZES) {
    for (const site of sites) {
      t.test(`${site.label} at ${size.width} × ${size.height}`, async (t) => {
        const { page, problems } = await newPage(t, browser, size);
        for (const path of ['', '/contact', `/for-sale/${project.id}`]) {
          const address = `${site.base}${path}` || '/';
          const response = await page.goto(address, { waitUntil: 'load' });
          t.equal(response?.status(), 200, address);
          await waitForHydration(page);

          const lines = await underlines(page);
          if (path !== `/for-sale/${project.id}`) t.ok(lines.length > 0, `${address}: headings with an underline`);
          for (const line of lines) {
            t.ok(
              line.ratios.length > 0 && line.ratios.every((r) => r >= 3),
              `${address}: "${line.heading}" underline ${line.colours.join(' + ')} on ${line.background}: ${line.ratios.join(', ')}:1`,
            );
          }

          if (site.slug) {
            for (const where of ['.site-header .logo--image', '.site-footer .logo--image']) {
              t.same(
                await logoShown(page, where),
                { src: `/media/partners/${site.slug}.svg`, alt: site.name, loaded: true, onScreen: true, onTop: true },
                `${address}: ${where} loaded and visible`,
              );
            }
          } else {
            t.equal(await page.$('.logo--image'), null, 'the main site draws its own mark');
          }

          if (path.startsWith('/for-sale/')) {
            // The last fact reaches the right edge of the grid: no empty grey cell after it.
            const edges = await page.$eval('.key-facts__list', (list) => {
              const items = [...list.querySelectorAll('.key-facts__item')].map((i) => i.getBoundingClientRect());
              const inner = list.getBoundingClientRect().right - parseFloat(getComputedStyle(list).borderRightWidth);
              return {
                count: items.length,
                last: Math.round(items.at(-1)!.right),
                inner: Math.round(inner),
                empty: items.some((i) => i.width < 20),
              };
            });
            t.ok(edges.count > 0, `${address}: ${edges.count} key facts`);
            t.equal(edges.last, edges.inner, `${address}: the last fact fills its row`);
            t.notOk(edges.empty);
            t.notOk(await page.$$eval('.key-facts__item dd', (dds) => dds.some((dd) => !dd.textContent?.trim())), 'no empty value');
          }
        }
        t.same(problems.all(), [], 'no console error, failed request or CSP violation');
      });
    }
  }
});
