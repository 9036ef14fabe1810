// axe-core over the pages a visitor comes for (issue 4, "Tests"): the home,
// a place search with results in its grid and its map view, a demo property,
// the contact page and a 404, each on a desktop and on a 375 px phone, after
// hydration and once the page's own late parts (Leaflet, Glide) are drawn.
// Any serious or critical violation fails, named by rule, impact and the
// failing nodes' selectors. The cookie bar and dialog are checked by
// test/e2e/consent.test.ts; here the visitor has already chosen (necessary
// cookies only), so the bar covers nothing axe should see.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import t from 'tap';
import type { Page } from 'puppeteer-core';
import { startServer } from '../helpers/app.ts';
import { launchBrowser, newPage, waitForHydration } from '../helpers/browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';
import type { SearchAnswer } from '../../src/shared/catalogue.ts';

/** Evaluated over CDP (page.evaluate), which the page's nonce-based CSP does not govern. */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** Same-origin map tiles (a demo picture for every tile): no request leaves the machine. */
const LOCAL_TILES = '/media/demo/garden-1.svg?tile={z}-{x}-{y}';
const PLACE = '/search/spain/alicante/torrevieja';

const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
];

interface Target {
  name: string;
  path: string;
  status: number;
  /** What must be on screen before axe looks: the page's late parts. */
  ready?: string[];
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

/** axe-core's serious and critical violations on the whole document, one line per failing node. */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
    }));
  });
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (n) => `${v.id} (${v.impact}, ${v.help}) at ${n.target.map((s) => JSON.stringify(s)).join(' → ')}: ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`,
      ),
    );
}

/** A listed demo project with pictures and units on sale, so every part of its page is drawn. */
async function demoProject(url: string): Promise<number> {
  const answer = (await (await fetch(`${url}/api/properties?account_id=1`)).json()) as SearchAnswer;
  for (const { id } of answer.data) {
    const res = await fetch(`${url}/api/property?id=${id}`);
    if (!res.ok) continue;
    const { data } = (await res.json()) as { data: { images: unknown[]; units_available: number } };
    if (data.images.length >= 2 && data.units_available > 0) return id;
  }
  throw new Error('no demo project with pictures and units');
}

t.test('axe-core finds no serious or critical violation', async (t) => {
  const { url } = await startServer(t, { env: { MAP_TILE_URL: LOCAL_TILES } });
  const browser = await launchBrowser(t);
  const project = await demoProject(url);

  const targets: Target[] = [
    { name: 'home', path: '/', status: 200 },
    { name: 'search, a place with results', path: PLACE, status: 200, ready: ['form#search-form.search-form--live'] },
    { name: 'search, the map view', path: `${PLACE}?view=map`, status: 200, ready: ['.results-map .leaflet-marker-icon', '.results-map .leaflet-control-attribution a'] },
    { name: `property ${project}`, path: `/for-sale/${project}`, status: 200, ready: ['.gallery__viewer--ready', '.place-map .leaflet-marker-icon'] },
    { name: 'contact', path: '/contact', status: 200, ready: ['main form'] },
    { name: 'log in', path: '/login', status: 200, ready: ['main form'] },
    { name: 'register', path: '/old/client-register', status: 200, ready: ['main form'] },
    { name: 'not found', path: '/no/such/page/here', status: 404, ready: ['section.error-page'] },
  ];

  for (const viewport of VIEWPORTS) {
    for (const target of targets) {
      t.test(`${target.name} (${target.path}) on a ${viewport.name}, ${viewport.width} px wide`, async (t) => {
        const { page, problems } = await newPage(t, browser, { width: viewport.width, height: viewport.height, allowStatus: [404] });
        await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
        const response = await page.goto(url + target.path, { waitUntil: 'load' });
        t.equal(response?.status(), target.status, `HTTP ${target.status}`);
        await waitForHydration(page);
        for (const selector of target.ready ?? []) await page.waitForSelector(selector);

        t.same(await seriousViolations(page), [], 'no serious or critical violation');
        t.same(problems.all(), [], 'no console error, failed request or CSP violation');
      });
    }
  }
});
