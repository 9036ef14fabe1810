// What the load-on-demand tests in test/e2e/ share: a phone that has answered
// the cookie question, a record of the scripts a page receives (a library's
// chunk recognised by a string only it has), and scripts held back or failed
// as a slow or broken network would.
import type { Test } from 'tap';
import type { HTTPRequest, Page } from 'puppeteer-core';
import { launchBrowser, newPage, waitForHydration } from './browser.ts';
import { CONSENT_COOKIE, NO_CONSENT, makeConsent, serialiseConsent } from '../../src/shared/consent.ts';

export type Browser = Awaited<ReturnType<typeof launchBrowser>>;

export const PHONE = { width: 412, height: 823 };
/** First-party tiles: no request leaves the machine, none waits for consent. */
export const LOCAL_TILES = '/media/demo/garden-1.svg?tile={z}-{x}-{y}';
export const VIEWER = '.gallery > .gallery__viewer';
export const COUNTER = `${VIEWER} .gallery__position`;

export const LIBRARIES = {
  leaflet: 'leaflet-control-attribution',
  placeMap: 'map-popup__label',
  glide: '[Glide warn]',
  galleryDialog: 'gallery-dialog__bar',
  // A regular expression of the search addresses' grammar (src/shared/search-url.ts).
  searchGrammar: 'esGeo(?:\\[(country|region|town)\\]',
  cookieDialog: 'consent-open',
  emptyResults: 'search-empty__ways',
  structuredData: 'RealEstateListing',
  checking: 'Expected an object, but received',
  leadForm: 'lead-form lead-form--',
  unitsTable: 'units-table__row units-table__row--',
  keyFacts: 'key-facts__item key-facts__item--',
  projectDetails: 'project-details__item',
  description: 'property-description__language',
  placeSuggestions: 'place-suggestions__option',
  moreFilters: '"search-form__more"',
  searchForm: 'search-form__more-link',
  filterChips: 'search.chips.priceFrom',
  pagination: 'pagination__gap',
  similarProjects: 'grid grid--4 similar-projects',
  mediaPlayer: 'xr-spatial-tracking',
} as const;
export type Library = keyof typeof LIBRARIES;

export interface Loads {
  /** The scripts of `library` the page has received so far. */
  scripts(library: Library): Promise<string[]>;
}

/** Records every script the page receives, from now on. */
export function recordLoads(page: Page): Loads {
  const scripts: Array<Promise<{ url: string; body: string }>> = [];
  page.on('response', (response) => {
    const url = new URL(response.url()).pathname;
    if (url.endsWith('.js'))
      scripts.push(
        response.text().then(
          (body) => ({ url, body }),
          () => ({ url, body: '' }),
        ),
      );
  });
  return {
    scripts: async (library) => (await Promise.all(scripts)).filter((s) => s.body.includes(LIBRARIES[library])).map((s) => s.url),
  };
}

/** A phone (or `size`) whose visitor has answered the cookie question (no bar over the page), loading `path` and what it loads without interaction. */
export async function open(
  t: Test,
  browser: Browser,
  url: string,
  path: string,
  size = PHONE,
  { saveData = false } = {},
): Promise<{ page: Page; loads: Loads; problems: { all(): string[] } }> {
  const { page, problems } = await newPage(t, browser, size);
  // A visitor saving data: no idle prefetch of other pages' chunks, which may share code with what is measured.
  if (saveData)
    await page.evaluateOnNewDocument(() => Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true }) }));
  await page.setCookie({ name: CONSENT_COOKIE, value: serialiseConsent(makeConsent(NO_CONSENT)), url });
  // No hero autoplay: the slider then waits for the visitor alone.
  await page.emulateMediaFeatures([{ name: 'prefers-reduced-motion', value: 'reduce' }]);
  const loads = recordLoads(page);
  const res = await page.goto(url + path, { waitUntil: 'load' });
  if (res?.status() !== 200) throw new Error(`${path} answered ${res?.status()}`);
  await waitForHydration(page);
  await page.waitForNetworkIdle({ idleTime: 1000 });
  return { page, loads, problems };
}

/** Holds the scripts the page asks for from `start` until `release`: code on its way over a slow network. */
export function holdScripts(page: Page) {
  let holding = false;
  const held: HTTPRequest[] = [];
  return {
    async start() {
      await page.setRequestInterception(true);
      holding = true;
      page.on('request', (request) => {
        if (request.isInterceptResolutionHandled()) return;
        if (holding && new URL(request.url()).pathname.endsWith('.js')) held.push(request);
        else void request.continue();
      });
    },
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((request) => request.continue()));
    },
  };
}

/** Aborts every script the page asks for from now on: code that cannot arrive (a deploy replaced it, the network dropped). */
export async function failScripts(page: Page) {
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isInterceptResolutionHandled()) return;
    if (new URL(request.url()).pathname.endsWith('.js')) void request.abort();
    else void request.continue();
  });
}

export async function propertyWithPictures(url: string): Promise<number> {
  for (let id = 1; id < 150; id++) {
    const res = await fetch(`${url}/api/property?id=${id}`);
    if (!res.ok) continue;
    const project = ((await res.json()) as { data: { images: unknown[]; location: { lat: number | null } } }).data;
    if (project.images.length >= 3 && project.location.lat !== null) return id;
  }
  throw new Error('no project with pictures and a place');
}

export const box = (page: Page, selector: string) =>
  page.$eval(selector, (el) => {
    const r = el.getBoundingClientRect();
    return { x: Math.round(r.x), y: Math.round(r.y + window.scrollY), width: Math.round(r.width), height: Math.round(r.height) };
  });
