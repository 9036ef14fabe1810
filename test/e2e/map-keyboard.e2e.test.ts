// Keyboard use of the search's map in Chromium, on a fixture catalogue with
// tiles from a local server: Tab reaches the clusters and the markers, with a
// focus ring that stands out (3:1) from the map; Enter on a cluster zooms into
// it, on a marker opens its card.
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { launchBrowser, newPage } from '../helpers/browser.ts';
import { catalogueServer, openMapView, pictures, settled } from '../helpers/map-page.ts';
import { tileServer } from '../helpers/tiles.ts';
import { t as msg } from '../../src/shared/i18n.ts';

/** WCAG's contrast ratio of two 'rgb(r, g, b)' colours. */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/\d+(\.\d+)?/g) ?? []).slice(0, 3).map((v) => {
      const c = Number(v) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * bl!;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The focused element's class, name and focus ring (on the icon's visible part). */
async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const part = el.querySelector('.map-marker__label, .map-cluster__count') ?? el;
    const style = getComputedStyle(part);
    return {
      kind: el.classList.contains('map-cluster') ? 'cluster' : el.classList.contains('map-marker') ? 'marker' : el.className,
      name: el.getAttribute('aria-label'),
      outline: { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor },
      shadow: style.boxShadow,
      sea: getComputedStyle(el.closest('.leaflet-container') ?? document.body).backgroundColor,
    };
  });
}

t.test('Tab reaches clusters and markers with a visible focus ring; Enter zooms into a cluster and opens a marker', async (t) => {
  const tiles = await tileServer(t);
  const { url } = await catalogueServer(t, tiles.template);
  const browser = await launchBrowser(t);
  const { page, problems } = await newPage(t, browser, { width: 1280, height: 800, allowFailure: pictures });
  await openMapView(page, url);
  const icons = await page.$$eval('.results-map .map-cluster, .results-map .map-marker', (els) => els.length);

  // From the map (its own Tab stop), Tab goes through every icon on it.
  await page.focus('.results-map .leaflet-container');
  const reached: Array<Awaited<ReturnType<typeof focused>>> = [];
  for (let i = 0; i < icons; i++) {
    await page.keyboard.press('Tab');
    reached.push(await focused(page));
  }
  t.same(
    reached.map((f) => f.kind).filter((k) => k === 'cluster' || k === 'marker').length,
    icons,
    `Tab reaches all ${icons} icons in turn (${reached.map((f) => f.name).join('; ')})`,
  );
  const cluster = reached.find((f) => f.kind === 'cluster')!;
  t.ok(cluster, 'a cluster among them');
  t.match(cluster.name, /^\d+ properties: zoom in$/, 'named by its count');
  for (const f of reached) {
    const ring = f.outline.style !== 'none' && f.outline.width >= 2;
    t.ok(ring, `${f.name}: a focus ring (${f.outline.style} ${f.outline.width}px ${f.outline.color})`);
    t.ok(
      contrast(f.outline.color, f.sea) >= 3,
      `${f.name}: the ring stands out from the map (${contrast(f.outline.color, f.sea).toFixed(1)}:1)`,
    );
  }

  // Enter on the largest cluster: it splits into smaller ones or markers.
  const largest = Math.max(...(await page.$$eval('.results-map .map-cluster', (els) => els.map((el) => Number(el.textContent)))));
  await page.focus('.results-map .leaflet-container');
  for (let i = 0; i < icons; i++) {
    await page.keyboard.press('Tab');
    if ((await focused(page)).name === msg('map.cluster', { count: largest })) break;
  }
  t.equal((await focused(page)).name, msg('map.cluster', { count: largest }), `the cluster of ${largest} has the focus`);
  await page.keyboard.press('Enter');
  await page.waitForFunction(
    (n: number) => ![...document.querySelectorAll('.results-map .map-cluster')].some((c) => Number(c.textContent) === n),
    {},
    largest,
  );
  await settled(page);
  const after = await page.$$eval('.results-map .map-cluster, .results-map .map-marker', (els) => els.length);
  t.ok(after > 1, `Enter zoomed into it: ${after} icons where it was`);
  t.ok(await page.$('.map-button--primary'), '"Search this area" (the visitor moved the map)');

  // Down to a marker; Space opens its card.
  for (let i = 0; i < 8 && !(await page.$('.results-map .map-marker')); i++) {
    await page.focus('.results-map .map-cluster');
    await page.keyboard.press('Enter');
    await settled(page);
  }
  await page.focus('.results-map .leaflet-container');
  let marker = await focused(page);
  for (let i = 0; i < 40 && marker.kind !== 'marker'; i++) {
    await page.keyboard.press('Tab');
    marker = await focused(page);
  }
  t.equal(marker.kind, 'marker', `Tab reaches a marker (${marker.name})`);
  t.ok(
    marker.outline.style !== 'none' && marker.outline.width >= 2 && contrast(marker.outline.color, marker.sea) >= 3,
    'with its focus ring',
  );
  await page.keyboard.press(' ');
  await page.waitForSelector('.leaflet-popup .project-card--popup');
  t.ok(
    marker.name!.startsWith(`${await page.$eval('.leaflet-popup .project-card__title', (el) => el.textContent?.trim())}, `),
    'Space opened its card',
  );
  t.same(problems.all(), [], 'no console error, failed request or CSP violation');
});
